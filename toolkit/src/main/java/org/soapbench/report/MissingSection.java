package org.soapbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.Configuration;
import org.soapbench.results.JmhResult;
import org.soapbench.results.RunMetadata;

/** Configurations the run's own parameter values imply but that have no result: unsupported or failed. */
final class MissingSection implements Section {

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        Table t = new Table("run", "benchmark", "stack", "security", "encoding", "status");
        Map<String, List<JmhResult>> byRunAndBenchmark = new LinkedHashMap<>();
        for (JmhResult r : results.select(r -> r.shortName().startsWith("SeismicQuery.") || r.shortName().equals("SizeSweep.query"))) {
            byRunAndBenchmark.computeIfAbsent(r.run() + "|" + r.shortName(), k -> new ArrayList<>()).add(r);
        }
        for (Map.Entry<String, List<JmhResult>> e : byRunAndBenchmark.entrySet()) {
            List<JmhResult> rs = e.getValue();
            // Each fork of a gate or a duet recorded only the stacks it ran: the group's forks together say them all.
            Map<String, RunMetadata.Capabilities> capabilities = new LinkedHashMap<>();
            rs.forEach(r -> RunMetadata.capabilities(r.metadata()).forEach(capabilities::putIfAbsent));
            Set<String> stacks = RunResults.values(rs, Configuration::stack);
            Set<String> modes = RunResults.values(rs, Configuration::security);
            Set<String> encodings = RunResults.values(rs, Configuration::encoding);
            Set<String> present = rs.stream().map(JmhResult::configuration)
                    .map(c -> c.stack() + "|" + c.security() + "|" + c.encoding()).collect(Collectors.toSet());
            for (String stack : stacks) {
                for (String mode : modes) {
                    for (String encoding : encodings) {
                        if (!present.contains(stack + "|" + mode + "|" + encoding)) {
                            String[] key = e.getKey().split("\\|");
                            t.row(key[0], key[1], stack, mode, encoding, "⚠ " + whyMissing(capabilities, stack, mode, encoding));
                        }
                    }
                }
            }
        }
        if (!t.isEmpty()) {
            doc.heading(2, "Unsupported or failed configurations");
            doc.paragraph("Combinations of the run's own parameter values with no result. None of them is drawn as a bar.");
            doc.table(t);
        }
    }

    /** Why a configuration has no result, from what the run recorded of its stacks when it started. */
    private static String whyMissing(Map<String, RunMetadata.Capabilities> capabilities, String stackId, String mode,
                                     String encoding) {
        RunMetadata.Capabilities stack = capabilities.get(stackId);
        if (stack == null) {
            return capabilities.isEmpty() ? "no result (the run recorded no stack capabilities to tell unsupported from failed)"
                    : "not run: the jar that ran carried no stack '" + stackId + "'";
        }
        if (stack.unavailable() != null) {
            return "not run: " + stack.unavailable();
        }
        if (!stack.securityModes().contains(mode)) {
            return "unsupported: stack '" + stackId + "' does not support security mode '" + mode + "'";
        }
        if (!stack.encodings().contains(encoding)) {
            return "unsupported: stack '" + stackId + "' does not support encoding '" + encoding + "'";
        }
        return "failed during the run: no result (see the run's JMH log)";
    }
}
