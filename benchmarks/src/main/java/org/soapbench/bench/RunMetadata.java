package org.soapbench.bench;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Run facts that JMH's JSON has no field for (stack versions, CPU count, date), carried as system
 * properties in the forks' JVM arguments, which the JSON records; the report reads them back.
 */
final class RunMetadata {

    static final String STACKS = "soapbench.stacks";
    static final String CPUS = "soapbench.cpus";
    static final String DATE = "soapbench.date";

    private RunMetadata() {
    }

    static String jvmArguments(Map<String, String> stackVersions) {
        String stacks = stackVersions.entrySet().stream().map(e -> e.getKey() + ":" + e.getValue())
                .collect(Collectors.joining(","));
        return "-D" + STACKS + "=" + stacks + " -D" + CPUS + "=" + Runtime.getRuntime().availableProcessors()
                + " -D" + DATE + "=" + Instant.now().truncatedTo(ChronoUnit.SECONDS);
    }

    /** The soapbench.* properties among a result's JVM arguments. */
    static Map<String, String> read(List<String> jvmArgs) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String arg : jvmArgs) {
            if (arg.startsWith("-Dsoapbench.")) {
                int eq = arg.indexOf('=');
                if (eq > 0) {
                    out.put(arg.substring(2, eq), arg.substring(eq + 1));
                }
            }
        }
        return out;
    }

    /** Stack id to version, from {@code -Dsoapbench.stacks=cxf:4.2.3,...}. */
    static Map<String, String> stackVersions(Map<String, String> metadata) {
        Map<String, String> out = new LinkedHashMap<>();
        String value = metadata.get(STACKS);
        if (value != null && !value.isEmpty()) {
            for (String pair : value.split(",")) {
                int colon = pair.indexOf(':');
                out.put(colon < 0 ? pair : pair.substring(0, colon), colon < 0 ? "" : pair.substring(colon + 1));
            }
        }
        return out;
    }
}
