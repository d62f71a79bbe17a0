package org.soapbench.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.soapbench.bench.fork.SettlingRule;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.JmhResult;
import org.soapbench.results.RunMetadata;

/** The run(s) the results come from: date, JDK, VM, collector, JVM options, CPUs, stack versions, JMH settings. */
final class EnvironmentSection implements Section {

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        doc.heading(2, "Environment");
        Table t = new Table("run", "date", "JDK", "VM", "GC", "JVM options", "CPUs", "stacks", "JMH", "forks × iterations");
        Map<String, JmhResult> firstOfRun = new LinkedHashMap<>();
        results.all().forEach(r -> firstOfRun.putIfAbsent(r.run(), r));
        for (JmhResult r : firstOfRun.values()) {
            var src = r.source();
            List<String> jvmArgs = r.jvmArgs();
            Map<String, String> meta = r.metadata();
            String options = jvmArgs.stream().filter(a -> !a.startsWith("-Dsoapbench.")).collect(Collectors.joining(" "));
            RuntimesSection.JavaRuntime runtime = RuntimesSection.JavaRuntime.of(r);
            String gc = runtime.collector().isEmpty() ? "JVM default (G1 with 2+ CPUs)" : runtime.collector();
            t.row(r.run(), meta.getOrDefault(RunMetadata.DATE, "?"),
                    runtime.jdk(), runtime.vm() + " " + src.path("vmVersion").asText(""),
                    gc, options, meta.getOrDefault(RunMetadata.CPUS, "?"),
                    RunMetadata.stackVersions(meta).entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                            .collect(Collectors.joining(", ")),
                    src.path("jmhVersion").asText("?"),
                    settling(meta.get(SettlingRule.PROPERTY)) + src.path("forks").asInt() + " × (" + src.path("warmupIterations").asInt() + " × "
                            + src.path("warmupTime").asText() + " warm-up, " + src.path("measurementIterations").asInt()
                            + " × " + src.path("measurementTime").asText() + ")");
        }
        doc.table(t);
    }

    /** How the run's forks settled, from the launcher's {@code -Dsoapbench.settle}; unknown for older results. */
    private static String settling(String value) {
        if (value == null) {
            return "";
        }
        return value.equals("off") ? "no settling, " : "settled (ceiling " + value + "), then ";
    }
}
