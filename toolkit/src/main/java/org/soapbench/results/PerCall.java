package org.soapbench.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * A fork's figure is its time (or bytes) per call over every call it measured, not the mean of its
 * iterations as JMH's score is. The two differ where an iteration held few calls: with the JIT compiling
 * in the foreground, a fork can spend a whole 1 s iteration on one call, whose CPU time (two to four times
 * the others', the code being replaced under it) would then weigh as much as the 250 calls of each other
 * iteration and lift a {@code small sign} figure by a fifth (the four-stack main job, 2026-11-28). Weighed
 * by its calls it adds what it cost. The iterations stay as measured for everything that pairs them.
 */
public final class PerCall {

    private PerCall() {
    }

    /**
     * How many calls each measured iteration held, per fork, read back from JMH's average time: an
     * iteration runs for the measurement time and ends with the call under way, so one at t per call held
     * ⌈measurement time / t⌉ (within a call). Empty where the file does not say: another mode, no
     * measurement time, or a time that is not per operation.
     */
    public static List<List<Double>> calls(JsonNode result) {
        if (result == null || !"avgt".equals(result.path("mode").asText())) {
            return List.of();
        }
        JsonNode pm = result.path("primaryMetric");
        var scale = Units.factor(pm.path("scoreUnit").asText(""), Units.MICROS_PER_OP);
        double iterationMicros;
        try {
            iterationMicros = TimeValue.fromString(result.path("measurementTime").asText())
                    .convertTo(TimeUnit.NANOSECONDS) / 1e3;
        } catch (RuntimeException notATime) {
            return List.of();
        }
        if (scale.isEmpty() || !(iterationMicros > 0)) {
            return List.of();
        }
        double micros = scale.getAsDouble();
        List<List<Double>> calls = new ArrayList<>();
        for (JsonNode fork : pm.path("rawData")) {
            List<Double> held = new ArrayList<>();
            fork.forEach(v -> held.add(Math.max(1, Math.ceil(iterationMicros / (v.asDouble() * micros) - 1e-9))));
            calls.add(held);
        }
        return calls;
    }

    /** Each fork's mean weighted by the calls each iteration held; the plain mean where the calls do not match. */
    public static double[] forkMeans(List<List<Double>> raw, List<List<Double>> calls) {
        boolean weighed = matches(raw, calls);
        double[] means = new double[raw.size()];
        for (int f = 0; f < raw.size(); f++) {
            List<Double> fork = raw.get(f);
            List<Double> weights = weighed ? calls.get(f) : null;
            double sum = 0;
            double n = 0;
            for (int i = 0; i < fork.size(); i++) {
                double w = weights == null ? 1 : weights.get(i);
                sum += w * fork.get(i);
                n += w;
            }
            means[f] = n > 0 ? sum / n : Double.NaN;
        }
        return means;
    }

    /**
     * JMH's score with each fork's mean taken over its calls: the score moved by the ratio of the forks'
     * call-weighted means to their plain ones, so a file whose iterations held equal calls keeps JMH's.
     */
    public static double score(double jmhScore, List<List<Double>> raw, List<List<Double>> calls) {
        if (!matches(raw, calls)) {
            return jmhScore;
        }
        double weighted = 0;
        double plain = 0;
        for (double m : forkMeans(raw, calls)) {
            weighted += m;
        }
        for (double m : forkMeans(raw, List.of())) {
            plain += m;
        }
        return plain > 0 && weighted > 0 ? jmhScore * weighted / plain : jmhScore;
    }

    /** Whether {@code calls} has one count for every iteration of {@code raw}. */
    public static boolean matches(List<List<Double>> raw, List<List<Double>> calls) {
        if (calls.size() != raw.size() || raw.isEmpty()) {
            return false;
        }
        for (int f = 0; f < raw.size(); f++) {
            if (calls.get(f).size() != raw.get(f).size()) {
                return false;
            }
        }
        return true;
    }
}
