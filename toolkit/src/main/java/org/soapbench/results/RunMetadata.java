package org.soapbench.results;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Run facts that JMH's JSON has no field for, carried as system properties in the forks' JVM
 * arguments, which the JSON records: the stacks' versions, what each stack could run (or why it
 * could not be loaded), the CPU count and the date; beside them, {@link org.soapbench.bench.fork.SettlingRule#PROPERTY}, the
 * settling ceiling the forks read. The launcher writes them when the run starts; the report reads
 * them back, so what it says of a run is what held for the jar that ran it, not for the one that
 * renders the report.
 */
public final class RunMetadata {

    public static final String STACKS = "soapbench.stacks";
    public static final String CPUS = "soapbench.cpus";
    public static final String DATE = "soapbench.date";
    /** {@code id:mode+mode/encoding+encoding,...}: what each stack the jar carried could run. */
    public static final String CAPABILITIES = "soapbench.capabilities";
    /** {@code id:reason,...} (the reason URL-encoded): stacks the jar carried that could not be loaded. */
    public static final String UNAVAILABLE = "soapbench.unavailable";
    /**
     * {@code id:check=reason/check=reason,...} (each reason URL-encoded): the policy checks a stack's server does
     * not make ({@link org.soapbench.core.spi.SoapStack#unenforcedChecks()}); absent when no stack declares one.
     */
    public static final String UNENFORCED = "soapbench.unenforced";

    /**
     * What one stack of a run could do: its security modes and encodings, or, when it could not be
     * loaded, why ({@code unavailable} non-null, the lists empty); and the policy checks its server does not
     * make, by id, each with its reason ({@code unenforced}).
     */
    public record Capabilities(String stack, List<String> securityModes, List<String> encodings, String unavailable,
                               Map<String, String> unenforced) {

        public Capabilities {
            securityModes = List.copyOf(securityModes);
            encodings = List.copyOf(encodings);
            unenforced = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(unenforced));
        }

        public Capabilities(String stack, List<String> securityModes, List<String> encodings, String unavailable) {
            this(stack, securityModes, encodings, unavailable, Map.of());
        }
    }

    private RunMetadata() {
    }

    /** The JVM arguments that carry a run's facts (no value holds a space: JMH splits JVM arguments on spaces). */
    public static String jvmArguments(Map<String, String> stackVersions, List<Capabilities> capabilities) {
        String stacks = stackVersions.entrySet().stream().map(e -> e.getKey() + ":" + e.getValue())
                .collect(Collectors.joining(","));
        String can = capabilities.stream().filter(c -> c.unavailable() == null)
                .map(c -> c.stack() + ":" + String.join("+", c.securityModes()) + "/" + String.join("+", c.encodings()))
                .collect(Collectors.joining(","));
        String cannot = capabilities.stream().filter(c -> c.unavailable() != null)
                .map(c -> c.stack() + ":" + URLEncoder.encode(c.unavailable(), StandardCharsets.UTF_8))
                .collect(Collectors.joining(","));
        String unenforced = capabilities.stream().filter(c -> !c.unenforced().isEmpty())
                .map(c -> c.stack() + ":" + c.unenforced().entrySet().stream()
                        .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                        .collect(Collectors.joining("/")))
                .collect(Collectors.joining(","));
        return "-D" + STACKS + "=" + stacks + " -D" + CPUS + "=" + Runtime.getRuntime().availableProcessors()
                + " -D" + DATE + "=" + Instant.now().truncatedTo(ChronoUnit.SECONDS)
                + " -D" + CAPABILITIES + "=" + can + (cannot.isEmpty() ? "" : " -D" + UNAVAILABLE + "=" + cannot)
                + (unenforced.isEmpty() ? "" : " -D" + UNENFORCED + "=" + unenforced);
    }

    /** The soapbench.* properties among a result's JVM arguments. */
    public static Map<String, String> read(List<String> jvmArgs) {
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
    public static Map<String, String> stackVersions(Map<String, String> metadata) {
        return pairs(metadata.get(STACKS));
    }

    /**
     * Stack id to what it could run, from {@link #CAPABILITIES} and {@link #UNAVAILABLE}; empty for
     * results of a launcher that did not record them.
     */
    public static Map<String, Capabilities> capabilities(Map<String, String> metadata) {
        Map<String, Capabilities> out = new LinkedHashMap<>();
        Map<String, String> unenforced = pairs(metadata.get(UNENFORCED));
        pairs(metadata.get(CAPABILITIES)).forEach((id, value) -> {
            String[] parts = value.split("/", 2);
            out.put(id, new Capabilities(id, split(parts[0]), parts.length < 2 ? List.of() : split(parts[1]), null,
                    checks(unenforced.get(id))));
        });
        pairs(metadata.get(UNAVAILABLE)).forEach((id, reason) ->
                out.put(id, new Capabilities(id, List.of(), List.of(), URLDecoder.decode(reason, StandardCharsets.UTF_8))));
        return out;
    }

    /** {@code check=reason/check=reason} (reasons URL-encoded) as check id to reason. */
    private static Map<String, String> checks(String value) {
        Map<String, String> out = new LinkedHashMap<>();
        if (value != null && !value.isEmpty()) {
            for (String check : value.split("/")) {
                int eq = check.indexOf('=');
                out.put(eq < 0 ? check : check.substring(0, eq),
                        eq < 0 ? "" : URLDecoder.decode(check.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    private static List<String> split(String plusSeparated) {
        return plusSeparated.isEmpty() ? List.of() : Arrays.asList(plusSeparated.split("\\+"));
    }

    /** {@code a:x,b:y} as a map. */
    private static Map<String, String> pairs(String value) {
        Map<String, String> out = new LinkedHashMap<>();
        if (value != null && !value.isEmpty()) {
            for (String pair : value.split(",")) {
                int colon = pair.indexOf(':');
                out.put(colon < 0 ? pair : pair.substring(0, colon), colon < 0 ? "" : pair.substring(colon + 1));
            }
        }
        return out;
    }
}
