package org.soapbench.paired;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * One configuration's forks, each run as a JMH run of its own by the gate or a run with a design
 * (one JMH result with one fork),
 * joined into the one JMH result JMH itself would have written for them: the forks' raw data in the
 * order they ran (round by round, which is how the gate pairs them; a fork's {@code ·moment.id} names
 * the fork it ran beside), score and 99.9% error over all
 * iterations as JMH computes them, and secondary metrics averaged over the forks, except the
 * steady-state evidence, which keeps the worst fork (longest settling, any fork that did not settle, the
 * largest fall at its end).
 */
public final class ForkMerge {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ForkMerge() {
    }

    /** The single result of a one-fork JMH JSON file, or null when the file holds none (the fork failed). */
    public static JsonNode readFork(Path file) {
        try {
            JsonNode root = Files.isRegularFile(file) ? MAPPER.readTree(file.toFile()) : null;
            return root != null && root.isArray() && root.size() == 1 ? root.get(0) : null;
        } catch (IOException e) {
            return null;
        }
    }

    public static JsonNode merge(List<JsonNode> forks) {
        ObjectNode merged = forks.get(0).deepCopy();
        merged.put("forks", forks.size());
        ObjectNode primary = (ObjectNode) merged.get("primaryMetric");
        ArrayNode raw = MAPPER.createArrayNode();
        forks.forEach(f -> f.at("/primaryMetric/rawData").forEach(raw::add));
        primary.set("rawData", raw);
        double[] all = values(raw);
        double mean = Arrays.stream(all).average().orElse(Double.NaN);
        double error = error(all, mean);
        primary.put("score", mean);
        if (Double.isNaN(error)) {
            primary.put("scoreError", "NaN");
        } else {
            primary.put("scoreError", error);
            primary.putArray("scoreConfidence").add(mean - error).add(mean + error);
        }
        primary.remove("scorePercentiles"); // one fork's percentiles would misstate all of them
        ObjectNode secondary = (ObjectNode) merged.get("secondaryMetrics");
        if (secondary != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it = secondary.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                double[] scores = forks.stream().mapToDouble(f -> f.at("/secondaryMetrics").path(e.getKey())
                        .path("score").asDouble(Double.NaN)).toArray();
                double value = e.getKey().endsWith("steady.reached") ? Arrays.stream(scores).min().orElse(Double.NaN)
                        : e.getKey().endsWith("steady.warmup") || e.getKey().endsWith("steady.met")
                                || e.getKey().endsWith("steady.fall") ? Arrays.stream(scores).max().orElse(Double.NaN)
                        : Arrays.stream(scores).average().orElse(Double.NaN);
                ObjectNode metric = (ObjectNode) e.getValue();
                metric.put("score", value);
                metric.put("scoreError", "NaN");
                metric.remove("scoreConfidence");
                metric.remove("scorePercentiles");
                ArrayNode metricRaw = MAPPER.createArrayNode();
                forks.forEach(f -> f.at("/secondaryMetrics").path(e.getKey()).path("rawData").forEach(metricRaw::add));
                metric.set("rawData", metricRaw);
            }
        }
        return merged;
    }

    private static double[] values(ArrayNode raw) {
        return java.util.stream.StreamSupport.stream(raw.spliterator(), false)
                .flatMap(f -> java.util.stream.StreamSupport.stream(f.spliterator(), false))
                .mapToDouble(JsonNode::asDouble).toArray();
    }

    /** JMH's error: the half-width of the 99.9% Student's t interval over all iterations. */
    private static double error(double[] all, double mean) {
        if (all.length < 2) {
            return Double.NaN;
        }
        double sd = Math.sqrt(Arrays.stream(all).map(v -> (v - mean) * (v - mean)).sum() / (all.length - 1));
        return new TDistribution(null, all.length - 1).inverseCumulativeProbability(0.9995) * sd / Math.sqrt(all.length);
    }
}
