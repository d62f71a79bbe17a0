package org.soapbench.hotspots;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.annotations.Mode;
import org.soapbench.results.JmhResult;

/**
 * A result's time per operation split by component, in proportion to the attributed samples of the
 * JFR recording of the same trial: JFR says which share of the time each component took, JMH how long
 * the time was. The parts add up to the result's score by construction (every sample is attributed to
 * exactly one component).
 *
 * @param result     the JMH result (score in µs per operation)
 * @param recording  its recording's breakdown
 * @param micros     per component, µs per operation, in the components' order
 */
public record TimeSplit(JmhResult result, Hotspots.Breakdown recording, Map<String, Double> micros) {

    public TimeSplit {
        micros = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(micros));
    }

    /** The split of one result by one recording's attributed samples. */
    public static TimeSplit of(JmhResult result, Hotspots.Breakdown recording, List<String> components) {
        Map<String, Double> micros = new LinkedHashMap<>();
        for (String c : components) {
            micros.put(c, result.score() * recording.attributedPercent(c) / 100);
        }
        return new TimeSplit(result, recording, micros);
    }

    /** Each result that has a recording, matched by JMH's name for the trial (the directory its jfr profiler writes). */
    public static List<TimeSplit> match(List<JmhResult> results, List<Hotspots.Breakdown> recordings,
                                        List<String> components) {
        Map<String, Hotspots.Breakdown> byLabel = new LinkedHashMap<>();
        recordings.forEach(b -> byLabel.put(b.label(), b));
        List<TimeSplit> out = new ArrayList<>();
        for (JmhResult r : results) {
            Hotspots.Breakdown b = byLabel.get(Hotspots.label(trial(r)));
            if (b != null && b.samples() > 0) {
                out.add(of(r, b, components));
            }
        }
        return out;
    }

    /**
     * JMH's name for a result's trial ({@code BenchmarkParams.id()}): benchmark, mode and the parameters
     * in key order, URL-encoded, joined by dashes.
     */
    static String trial(JmhResult r) {
        Mode mode = java.util.Arrays.stream(Mode.values()).filter(m -> m.shortLabel().equals(r.mode())).findFirst()
                .orElse(Mode.AverageTime);
        StringBuilder id = new StringBuilder(encode(r.benchmark())).append('-').append(mode);
        new TreeMap<>(r.params()).forEach((k, v) -> id.append('-').append(encode(k)).append('-').append(encode(v)));
        return id.toString();
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** µs per operation in one component (0 where it took no sample). */
    public double micros(String component) {
        return micros.getOrDefault(component, 0.0);
    }

    /** µs per operation spent in a step's method and what it calls (steps overlap the components). */
    public double stepMicros(String step) {
        return total() * recording.stepPercent(step) / 100;
    }

    /** The parts' sum: the result's score, up to the samples no component claimed (none, by construction). */
    public double total() {
        return micros.values().stream().mapToDouble(Double::doubleValue).sum();
    }
}
