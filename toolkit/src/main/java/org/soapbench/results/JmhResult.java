package org.soapbench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One benchmark result of a JMH JSON file, with scores in microseconds per operation where the
 * unit is a time per operation. {@code run} names the file it came from: ratios are only ever
 * computed between results of the same run. {@code configuration} is what it measured, read from its
 * benchmark, parameters and threads once, when the result is made.
 */
public record JmhResult(String run, String benchmark, String mode, Map<String, String> params, double score, double error,
                 String unit, int threads, int forks, List<List<Double>> raw, Map<String, Double> secondary,
                 JsonNode source, Configuration configuration) {

    /** A result whose configuration is read from its benchmark, parameters and threads. */
    public JmhResult(String run, String benchmark, String mode, Map<String, String> params, double score, double error,
                     String unit, int threads, int forks, List<List<Double>> raw, Map<String, Double> secondary,
                     JsonNode source) {
        this(run, benchmark, mode, params, score, error, unit, threads, forks, raw, secondary, source,
                Configuration.of(benchmark, params, threads));
    }

    /** "SeismicQuery.small" from "org.soapbench.bench.SeismicQuery.small". */
    public String shortName() {
        return configuration.shortName();
    }

    /** The benchmark method: the workload. */
    public String method() {
        return configuration.workload();
    }

    /** The forks' JVM arguments, as JMH recorded them. */
    public List<String> jvmArgs() {
        List<String> args = new ArrayList<>();
        source.path("jvmArgs").forEach(a -> args.add(a.asText()));
        return args;
    }

    /** A secondary metric's values as JMH wrote them, per fork and iteration; empty when the result has none. */
    public List<List<Double>> secondaryRaw(String metric) {
        List<List<Double>> raw = new ArrayList<>();
        if (source != null) {
            for (JsonNode fork : source.path("secondaryMetrics").path(metric).path("rawData")) {
                List<Double> values = new ArrayList<>();
                fork.forEach(v -> values.add(v.asDouble()));
                raw.add(values);
            }
        }
        return raw;
    }

    /** How many calls each measured iteration held, per fork ({@link PerCall#calls}); empty where the file does not say. */
    public List<List<Double>> callsPerIteration() {
        return PerCall.calls(source);
    }

    /** The run's facts the launcher recorded among the JVM arguments ({@link RunMetadata}). */
    public Map<String, String> metadata() {
        return RunMetadata.read(jvmArgs());
    }

    /** Reads a JMH JSON file; bad input is an IllegalArgumentException with one sentence naming the file. */
    public static List<JmhResult> read(Path file) {
        return read(file, RunFiles.runName(file));
    }

    /** The results of {@code file}, as the run named {@code run} (see {@link RunFiles#runNames}). */
    public static List<JmhResult> read(Path file, String run) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("Cannot read " + file + ": no such file (expected a JMH result file written with -rf json).");
        }
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " is not JMH JSON: it does not parse as JSON (expected the file JMH writes with -rf json).");
        }
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException(file + " is not JMH JSON: expected an array of benchmark results, as written by -rf json.");
        }
        if (root.isEmpty()) {
            throw new IllegalArgumentException(file + " holds no benchmark results (an empty JMH run?).");
        }
        List<JmhResult> results = new ArrayList<>();
        for (JsonNode r : root) {
            if (!r.hasNonNull("benchmark") || !r.has("primaryMetric") || !r.path("primaryMetric").has("score")) {
                throw new IllegalArgumentException(file + " is not JMH JSON: an entry lacks 'benchmark' or 'primaryMetric.score'.");
            }
            results.add(of(run, r));
        }
        return results;
    }

    private static JmhResult of(String run, JsonNode r) {
        JsonNode pm = r.path("primaryMetric");
        String unit = pm.path("scoreUnit").asText("");
        double scale = Units.factor(unit, Units.MICROS_PER_OP).orElse(1);
        Map<String, String> params = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = r.path("params").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            params.put(e.getKey(), e.getValue().asText());
        }
        List<List<Double>> raw = new ArrayList<>();
        for (JsonNode fork : pm.path("rawData")) {
            List<Double> values = new ArrayList<>();
            fork.forEach(v -> values.add(v.asDouble() * scale));
            raw.add(values);
        }
        Map<String, Double> secondary = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = r.path("secondaryMetrics").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            secondary.put(e.getKey(), e.getValue().path("score").asDouble(Double.NaN));
        }
        double error = pm.path("scoreError").asDouble(Double.NaN);
        return new JmhResult(run, r.path("benchmark").asText(), r.path("mode").asText(""), params,
                PerCall.score(pm.path("score").asDouble() * scale, raw, PerCall.calls(r)),
                Double.isNaN(error) ? Double.NaN : error * scale,
                Units.isTime(unit) ? Units.MICROS_PER_OP : unit, r.path("threads").asInt(1),
                r.path("forks").asInt(1), raw, secondary, r);
    }
}
