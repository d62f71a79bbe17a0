package org.soapbench.gate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.commons.math3.distribution.TDistribution;
import org.soapbench.results.JmhResult;

/**
 * JMH JSON with known distributions, shaped as JMH writes it: each fork's level lies around the
 * true score with a relative standard deviation (JIT and memory-layout luck, which a fork keeps for
 * its whole life), and each iteration around its fork's level; both log-normal, as run times are.
 */
final class SyntheticJmh {

    static final ObjectMapper MAPPER = new ObjectMapper();

    /** A benchmark's true behaviour and how it is measured. */
    record Spec(String benchmark, Map<String, String> params, String mode, String unit, double score, double forkSd,
                double iterationSd, int forks, int iterations) {

        Spec {
            params = new LinkedHashMap<>(params);
        }

        /** Average time in us/op: 3 forks of 5 iterations, 1% noise between iterations of a fork. */
        static Spec avgt(String benchmark, Map<String, String> params, double score, double forkSd) {
            return new Spec(benchmark, params, "avgt", "us/op", score, forkSd, 0.01, 3, 5);
        }

        Spec times(double factor) {
            return new Spec(benchmark, params, mode, unit, score * factor, forkSd, iterationSd, forks, iterations);
        }

        Spec withForks(int n) {
            return new Spec(benchmark, params, mode, unit, score, forkSd, iterationSd, n, iterations);
        }

        Spec withIterations(int n) {
            return new Spec(benchmark, params, mode, unit, score, forkSd, iterationSd, forks, n);
        }

        Spec withForkSd(double sd) {
            return new Spec(benchmark, params, mode, unit, score, sd, iterationSd, forks, iterations);
        }

        Spec withParam(String name, String value) {
            Map<String, String> p = new LinkedHashMap<>(params);
            p.put(name, value);
            return new Spec(benchmark, p, mode, unit, score, forkSd, iterationSd, forks, iterations);
        }

        /** The same benchmark measured as throughput in ops/ms. */
        Spec throughput() {
            return new Spec(benchmark, params, "thrpt", "ops/ms", 1000 / score, forkSd, iterationSd, forks, iterations);
        }

        Spec inUnit(String newUnit, double factor) {
            return new Spec(benchmark, params, mode, newUnit, score * factor, forkSd, iterationSd, forks, iterations);
        }
    }

    private final SplittableRandom random;
    private final boolean typicalForks;

    /**
     * @param typicalForks false: fork levels drawn at random (for simulations); true: fork levels placed
     *                     symmetrically so that their sample standard deviation is exactly the spec's,
     *                     a typical draw, for unit tests that must not depend on a lucky seed
     */
    SyntheticJmh(long seed, boolean typicalForks) {
        this.random = new SplittableRandom(seed);
        this.typicalForks = typicalForks;
    }

    /** SeismicQuery.small in its 8 configurations for each stack (the ci profile measures the first 4 of them). */
    static List<Spec> ciSet(double forkSd, String... stacks) {
        double[] micros = {420, 480, 3900, 4100, 15800, 16500, 19000, 21000};
        List<Spec> specs = new ArrayList<>();
        for (String stack : stacks) {
            int i = 0;
            for (String security : List.of("plain", "username", "sign", "signencr")) {
                for (String encoding : List.of("xml", "fi")) {
                    Map<String, String> params = new LinkedHashMap<>();
                    params.put("stack", stack);
                    params.put("security", security);
                    params.put("encoding", encoding);
                    specs.add(Spec.avgt("org.soapbench.bench.SeismicQuery.small", params, micros[i++], forkSd));
                }
            }
        }
        return specs;
    }

    /** The whole matrix: SeismicQuery.small and .large, each in 8 configurations per stack. */
    static List<Spec> wholeMatrix(double forkSd, String... stacks) {
        List<Spec> specs = new ArrayList<>(ciSet(forkSd, stacks));
        for (Spec small : ciSet(forkSd, stacks)) {
            specs.add(new Spec(small.benchmark().replace(".small", ".large"), small.params(), small.mode(), small.unit(),
                    small.score() * 20, forkSd, small.iterationSd(), small.forks(), small.iterations()));
        }
        return specs;
    }

    ArrayNode run(List<Spec> specs) {
        ArrayNode run = MAPPER.createArrayNode();
        specs.forEach(s -> run.add(result(s)));
        return run;
    }

    /** The results as {@link JmhResult#read} would return them, without the round trip through a file. */
    List<JmhResult> results(List<Spec> specs) {
        List<JmhResult> results = new ArrayList<>();
        for (Spec spec : specs) {
            double[][] raw = raw(spec);
            List<List<Double>> forks = Arrays.stream(raw).map(f -> Arrays.stream(f).boxed().toList()).toList();
            double[] all = Arrays.stream(raw).flatMapToDouble(Arrays::stream).toArray();
            results.add(new JmhResult("synthetic", spec.benchmark(), spec.mode(), new TreeMap<>(spec.params()), mean(all),
                    error(all), spec.unit(), 1, raw.length, forks, Map.of(), null));
        }
        return results;
    }

    ObjectNode result(Spec spec) {
        return result(spec, raw(spec));
    }

    private double[][] raw(Spec spec) {
        double[] z = typicalForks ? typical(spec.forks()) : new double[spec.forks()];
        if (!typicalForks) {
            Arrays.setAll(z, f -> random.nextGaussian());
        }
        double[][] raw = new double[spec.forks()][spec.iterations()];
        for (int f = 0; f < raw.length; f++) {
            double level = spec.score() * Math.exp(spec.forkSd() * z[f]);
            for (int i = 0; i < raw[f].length; i++) {
                raw[f][i] = level * Math.exp(spec.iterationSd() * random.nextGaussian());
            }
        }
        return raw;
    }

    /** n values, symmetric around 0, with sample standard deviation 1 (for n = 3: -1, 0, 1). */
    private static double[] typical(int n) {
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            z[i] = i - (n - 1) / 2.0;
        }
        double sd = n < 2 ? 1 : Math.sqrt(Arrays.stream(z).map(v -> v * v).sum() / (n - 1));
        return Arrays.stream(z).map(v -> v / sd).toArray();
    }

    /** A result with the given raw data, with JMH's score and 99.9% error computed from it as JMH does. */
    static ObjectNode result(Spec spec, double[][] raw) {
        ObjectNode r = MAPPER.createObjectNode();
        r.put("jmhVersion", "1.37");
        r.put("benchmark", spec.benchmark());
        r.put("mode", spec.mode());
        r.put("threads", 1);
        r.put("forks", raw.length);
        ObjectNode params = r.putObject("params");
        spec.params().forEach(params::put);
        ObjectNode metric = r.putObject("primaryMetric");
        double[] all = Arrays.stream(raw).flatMapToDouble(Arrays::stream).toArray();
        metric.put("score", mean(all));
        if (all.length > 1) {
            metric.put("scoreError", error(all));
        } else {
            metric.put("scoreError", "NaN");
        }
        metric.put("scoreUnit", spec.unit());
        ArrayNode forks = metric.putArray("rawData");
        for (double[] fork : raw) {
            ArrayNode iterations = forks.addArray();
            Arrays.stream(fork).forEach(iterations::add);
        }
        r.putObject("secondaryMetrics");
        return r;
    }

    private static double mean(double[] all) {
        return Arrays.stream(all).average().orElseThrow();
    }

    /** JMH's error: the half-width of the 99.9% interval over all iterations. */
    private static double error(double[] all) {
        if (all.length < 2) {
            return Double.NaN;
        }
        double mean = mean(all);
        double sd = Math.sqrt(Arrays.stream(all).map(v -> (v - mean) * (v - mean)).sum() / (all.length - 1));
        return new TDistribution(null, all.length - 1).inverseCumulativeProbability(0.9995) * sd / Math.sqrt(all.length);
    }

    static Path write(JsonNode run, Path file) throws IOException {
        MAPPER.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), run);
        return file;
    }
}
