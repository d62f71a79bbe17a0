package org.soapbench.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.options.Options;

/**
 * The configurations a JMH run will measure: the benchmarks its regexes select, times the
 * cartesian product of their parameters ({@code -p} values replace a parameter's defaults), in the
 * benchmark's mode or the {@code -bm} modes. Written down before the run, so that what a run lacks
 * can be said ({@link PartialResults}), and the unit the interleaved gate schedules.
 */
record RunPlan(List<Configuration> configurations) {

    /** One benchmark in one mode with one value per parameter. */
    record Configuration(String benchmark, String mode, Map<String, String> params) {

        String text() {
            return org.soapbench.results.Unfinished.configuration(benchmark, mode, params);
        }
    }

    static RunPlan of(Options options, OutputFormat out) {
        List<Configuration> all = new ArrayList<>();
        for (BenchmarkListEntry entry : BenchmarkList.defaultList().find(out, options.getIncludes(), options.getExcludes())) {
            Collection<Mode> modes = options.getBenchModes().isEmpty() ? List.of(entry.getMode()) : options.getBenchModes();
            Map<String, List<String>> values = new LinkedHashMap<>();
            if (entry.getParams().hasValue()) {
                entry.getParams().get().forEach((name, defaults) -> values.put(name,
                        options.getParameter(name).hasValue() ? List.copyOf(options.getParameter(name).get()) : List.of(defaults)));
            }
            for (Mode mode : modes) {
                for (Map<String, String> params : product(values)) {
                    all.add(new Configuration(entry.getUsername(), mode.shortLabel(), params));
                }
            }
        }
        return new RunPlan(all);
    }

    private static List<Map<String, String>> product(Map<String, List<String>> values) {
        List<Map<String, String>> out = new ArrayList<>();
        out.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<String>> p : values.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : out) {
                for (String value : p.getValue()) {
                    Map<String, String> m = new LinkedHashMap<>(partial);
                    m.put(p.getKey(), value);
                    next.add(m);
                }
            }
            out = next;
        }
        return out;
    }
}
