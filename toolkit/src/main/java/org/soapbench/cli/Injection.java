package org.soapbench.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.soapbench.bench.fork.Slowdown;
import org.soapbench.gate.Compare;
import picocli.CommandLine.Option;

/**
 * One slowdown the gate's power self-test injects into the head: a fraction of each call's CPU time
 * ({@code 5%}), in the configurations whose parameters include {@code where} (all when empty). Written
 * {@code 5%}, with the configurations from {@code --inject-where}, or {@code 5%:encoding=xml} (several
 * parameters separated by commas), so that one run can inject 5% here and 10% there.
 */
record Injection(String percent, double fraction, Map<String, String> where) {

    /** The gate's options that inject it, a picocli mixin. */
    static final class Options {

        @Option(names = "--inject-slowdown", paramLabel = "PERCENT[:NAME=VALUE,...]", description = "power self-test: "
                + "make the head's measured operation do this much more work, an extra call now and then (e.g. 5%%: one in "
                + "twenty), in the configurations named after a colon (e.g. 5%%:encoding=xml) or by --inject-where; repeatable, "
                + "the first that applies wins; the base's forks of those configurations run the same code with no extra call")
        List<String> injectSlowdown = new ArrayList<>();

        @Option(names = "--inject-where", paramLabel = "NAME=VALUE", description = "the parameters of the configurations "
                + "that get the injected slowdown (default: all)")
        Map<String, String> injectWhere = new LinkedHashMap<>();

        List<Injection> parse() {
            return Injection.parse(injectSlowdown, injectWhere);
        }
    }

    Injection {
        where = Map.copyOf(where);
    }

    static List<Injection> parse(List<String> values, Map<String, String> defaultWhere) {
        List<Injection> out = new ArrayList<>();
        for (String value : values) {
            int colon = value.indexOf(':');
            String percent = colon < 0 ? value : value.substring(0, colon);
            Map<String, String> where = new LinkedHashMap<>(defaultWhere);
            if (colon >= 0) {
                where.clear();
                for (String pair : value.substring(colon + 1).split(",")) {
                    String[] kv = pair.split("=", 2);
                    if (kv.length != 2 || kv[0].isBlank() || kv[1].isBlank()) {
                        throw new IllegalArgumentException("--inject-slowdown '" + value + "' names its configurations "
                                + "with '" + pair + "', which is not NAME=VALUE; expected e.g. 5%:encoding=xml.");
                    }
                    where.put(kv[0].strip(), kv[1].strip());
                }
            }
            out.add(new Injection(percent.strip(), Compare.percent("--inject-slowdown", percent, 0, 1000), where));
        }
        return out;
    }

    /** The fraction injected into a configuration with these head parameters: the first that applies, or 0. */
    static double fractionFor(List<Injection> injections, Map<String, String> headParams) {
        return injections.stream().filter(i -> i.fraction > 0 && headParams.entrySet().containsAll(i.where.entrySet()))
                .mapToDouble(Injection::fraction).findFirst().orElse(0);
    }

    /**
     * The injected slowdown's arguments for one side's forks of a configuration: the head's fraction,
     * and for the base a placebo of 0 (the same code, no extra call), or none where nothing is injected.
     * Without the placebo the head would also differ by the code the JIT compiles around the extra
     * call, and a ratio would measure that too.
     */
    static List<String> arguments(List<Injection> injections, Map<String, String> headParams, boolean head) {
        double fraction = fractionFor(injections, headParams);
        return fraction > 0 ? List.of("-jvmArgsPrepend", "-D" + Slowdown.PROPERTY + "=" + (head ? String.valueOf(fraction) : "0"))
                : List.of();
    }

    /** What the console and the verdict's notes say was injected. */
    static String describe(List<Injection> injections) {
        return injections.stream().map(Injection::toString).collect(java.util.stream.Collectors.joining("; "));
    }

    @Override
    public String toString() {
        return percent + (where.isEmpty() ? " everywhere" : " where " + where);
    }
}
