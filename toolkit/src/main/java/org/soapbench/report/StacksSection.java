package org.soapbench.report;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.soapbench.core.spi.PolicyCheck;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.JmhResult;
import org.soapbench.results.RunMetadata;

/**
 * The stacks of the run: each with its version, what it could run, and what its server accepts against the shared
 * policy, as the stack declared it when the run started and the enforcement tests hold it to.
 */
final class StacksSection implements Section {

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        Map<String, String> versions = new LinkedHashMap<>();
        Map<String, RunMetadata.Capabilities> capabilities = new LinkedHashMap<>();
        for (JmhResult r : results.all()) {
            RunMetadata.stackVersions(r.metadata()).forEach(versions::putIfAbsent);
            RunMetadata.capabilities(r.metadata()).forEach(capabilities::putIfAbsent);
        }
        if (capabilities.isEmpty()) {
            return;
        }
        doc.heading(2, "Stacks");
        doc.paragraph("The stacks this run measured, as they declared themselves when it started. Every secured server "
                + "is sent, by the enforcement tests, requests that break the shared policy while carrying a valid "
                + "signature, timestamp and encryption: a signature leaving the Body unsigned, rsa-sha1 signatures, "
                + "sha1 digests, an aes128-cbc Body. A policy-driven server refuses them all; what a server accepts "
                + "is a finding, named below and held true by those tests.");
        Table t = new Table("stack", "security modes", "encodings", "accepts against the policy");
        capabilities.values().stream().sorted(java.util.Comparator.comparing(RunMetadata.Capabilities::stack)).forEach(c -> {
            if (c.unavailable() != null) {
                t.row(c.stack() + " " + versions.getOrDefault(c.stack(), "?"), "not loaded: " + c.unavailable(), "", "");
                return;
            }
            t.row(c.stack() + " " + versions.getOrDefault(c.stack(), "?"), String.join(", ", c.securityModes()),
                    String.join(", ", c.encodings()), accepted(c.unenforced()));
        });
        doc.table(t);
    }

    private static String accepted(Map<String, String> unenforced) {
        if (unenforced.isEmpty()) {
            return "nothing the enforcement tests send";
        }
        return "⚠ " + unenforced.entrySet().stream().map(e -> label(e.getKey()) + " (" + e.getValue() + ")")
                .collect(Collectors.joining("; "));
    }

    /** The check's phrase where this jar knows the check, its id otherwise (results of another version). */
    private static String label(String check) {
        try {
            return PolicyCheck.of(check).accepted();
        } catch (IllegalArgumentException e) {
            return check;
        }
    }
}
