package org.soapbench.paired;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.soapbench.results.Unfinished;

/**
 * One configuration of a run: a benchmark in one mode with one value per parameter, what a fork
 * measures. A run's plan lists them, run's duets and the gate's rounds run forks of them, and what a
 * run lacks is said by their {@link #text()}.
 */
public record ForkConfig(String benchmark, String mode, Map<String, String> params) {

    public ForkConfig {
        params = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(params));
    }

    /** The same benchmark and mode with other parameters. */
    public ForkConfig with(Map<String, String> other) {
        return new ForkConfig(benchmark, mode, other);
    }

    /** The gate's two sides of a plan, configuration by configuration. */
    public record Sides(List<ForkConfig> base, List<ForkConfig> head) {
    }

    /**
     * The gate's two sides of a plan: each configuration once, with the base's and the head's values of
     * the compared parameters swapped in (none compared: the same configuration on both sides). A
     * configuration without the compared parameters has no two sides and is left out.
     */
    public static Sides sides(List<ForkConfig> plan, Map<String, String> baseParams, Map<String, String> headParams) {
        Set<String> seen = new LinkedHashSet<>();
        List<ForkConfig> base = new ArrayList<>();
        List<ForkConfig> head = new ArrayList<>();
        for (ForkConfig c : plan) {
            if (!c.params().keySet().containsAll(baseParams.keySet())) {
                continue;
            }
            Map<String, String> shared = new TreeMap<>(c.params());
            shared.keySet().removeAll(baseParams.keySet());
            if (seen.add(c.benchmark() + " " + c.mode() + " " + shared)) {
                Map<String, String> b = new TreeMap<>(shared);
                b.putAll(baseParams);
                Map<String, String> h = new TreeMap<>(shared);
                h.putAll(headParams);
                base.add(c.with(b));
                head.add(c.with(h));
            }
        }
        return new Sides(base, head);
    }

    /** "Benchmark mode name=value ...", as a run's list of what it lacks says it. */
    public String text() {
        return Unfinished.configuration(benchmark, mode, params);
    }
}
