package org.soapbench.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.soapbench.gate.Compare;

/**
 * One slowdown the gate's power self-test injects into the head: a fraction of each call's CPU time
 * ({@code 5%}), in the configurations whose parameters include {@code where} (all when empty). Written
 * {@code 5%}, with the configurations from {@code --inject-where}, or {@code 5%:encoding=xml} (several
 * parameters separated by commas), so that one run can inject 5% here and 10% there.
 */
record Injection(String percent, double fraction, Map<String, String> where) {

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

    @Override
    public String toString() {
        return percent + (where.isEmpty() ? " everywhere" : " where " + where);
    }
}
