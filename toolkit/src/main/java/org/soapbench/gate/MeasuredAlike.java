package org.soapbench.gate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.soapbench.bench.fork.SettlingRule;
import org.soapbench.results.JmhResult;
import org.soapbench.results.RunMetadata;

/**
 * Whether two results were measured alike, from the settings JMH records in its JSON: forks,
 * warm-up and measurement (iterations, time, batch size), threads, JDK and VM, and the forks' JVM
 * arguments. A ratio between results measured differently measures the settings as much as the
 * code. Of soapbench's own run facts among the JVM arguments ({@code -Dsoapbench.*}), only the
 * settling ceiling and the CPU count are settings; the date, the stacks' versions and capabilities
 * may differ, and so may an injected slowdown ({@code -Dsoapbench.slowdown}, the gate's power self-test).
 */
final class MeasuredAlike {

    private static final List<String> FIELDS = List.of("forks", "warmupIterations", "warmupTime", "warmupBatchSize",
            "measurementIterations", "measurementTime", "measurementBatchSize", "threads");
    private static final List<String> RUNTIME_FIELDS = List.of("jdkVersion", "vmName", "vmVersion");
    private static final List<String> SETTINGS_AMONG_FACTS = List.of("-D" + SettlingRule.PROPERTY + "=",
            "-D" + RunMetadata.CPUS + "=");

    private MeasuredAlike() {
    }

    /**
     * The first setting that differs, as "FIELD VALUE in BASE but VALUE in NEW", or null when they match;
     * with {@code runtimes} (not null) the sides' runtimes are what is compared: their JDK
     * and VM may differ, and so may the JVM options in {@code runtimes}; everything else must match.
     */
    static String difference(JmhResult base, JmhResult next, String baseName, String newName, Set<String> runtimes) {
        JsonNode b = base.source();
        JsonNode n = next.source();
        if (b == null || n == null) {
            return null; // results made in memory, not read from JMH's JSON: no settings recorded
        }
        List<String> fields = new ArrayList<>(FIELDS);
        if (runtimes == null) {
            fields.addAll(RUNTIME_FIELDS);
        }
        for (String field : fields) {
            if (!Objects.equals(text(b, field), text(n, field))) {
                return field + " " + text(b, field) + " in " + baseName + " but " + text(n, field) + " in " + newName;
            }
        }
        List<String> bArgs = settings(base.jvmArgs(), runtimes);
        List<String> nArgs = settings(next.jvmArgs(), runtimes);
        if (!bArgs.equals(nArgs)) {
            return "JVM arguments [" + String.join(" ", bArgs) + "] in " + baseName + " but [" + String.join(" ", nArgs)
                    + "] in " + newName;
        }
        return null;
    }

    private static String text(JsonNode node, String field) {
        return node == null || !node.has(field) ? "(none)" : node.get(field).asText();
    }

    /** The JVM arguments that are settings (soapbench's run facts left out, except those that are settings). */
    private static List<String> settings(List<String> jvmArgs, Set<String> sideOptions) {
        return jvmArgs.stream().filter(a -> !a.startsWith("-Dsoapbench.") || SETTINGS_AMONG_FACTS.stream().anyMatch(a::startsWith))
                .filter(a -> sideOptions == null || !sideOptions.contains(a))
                .toList();
    }
}
