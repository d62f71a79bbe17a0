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
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.soapbench.paired.ForkConfig;

/**
 * The configurations a JMH run will measure: the benchmarks its regexes select, times the
 * cartesian product of their parameters ({@code -p} values replace a parameter's defaults), in the
 * benchmark's mode or the {@code -bm} modes. Written down before the run, so that what a run lacks
 * can be said ({@link PartialResults}), and the unit the interleaved gate schedules.
 */
record RunPlan(List<ForkConfig> configurations) {

    /** The plan of these options, JMH's benchmark list read without a word on the console. */
    static RunPlan of(Options options) {
        return of(options, OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT));
    }

    static RunPlan of(Options options, OutputFormat out) {
        List<ForkConfig> all = new ArrayList<>();
        for (BenchmarkListEntry entry : BenchmarkList.defaultList().find(out, options.getIncludes(), options.getExcludes())) {
            Collection<Mode> modes = options.getBenchModes().isEmpty() ? List.of(entry.getMode()) : options.getBenchModes();
            Map<String, List<String>> values = new LinkedHashMap<>();
            if (entry.getParams().hasValue()) {
                entry.getParams().get().forEach((name, defaults) -> values.put(name,
                        options.getParameter(name).hasValue() ? List.copyOf(options.getParameter(name).get()) : List.of(defaults)));
            }
            for (Mode mode : modes) {
                for (Map<String, String> params : product(values)) {
                    all.add(new ForkConfig(entry.getUsername(), mode.shortLabel(), params));
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
