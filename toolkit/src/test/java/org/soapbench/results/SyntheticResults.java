package org.soapbench.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/** Builds JMH JSON result files for tests, with exactly the numbers a test chooses. */
public final class SyntheticResults {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final ArrayNode results = JSON.createArrayNode();

    /** Forks of a synthetic result: their means are score × e^(k·spread), k = -2..2. */
    public static final int FORKS = 5;

    /**
     * One result in µs/op; {@code params} as name=value pairs. Its five forks' means lie at
     * score × e^(k·spread) for k = -2..2 (spread = error / score / 5), so their geometric mean is the
     * score and the sample standard deviation of their logs is spread × √2.5.
     */
    public ObjectNode add(String benchmark, double score, double error, Map<String, String> params) {
        ObjectNode r = results.addObject();
        r.put("jmhVersion", "1.37");
        r.put("benchmark", "org.soapbench.bench." + benchmark);
        r.put("mode", "avgt");
        r.put("threads", 1);
        r.put("forks", FORKS);
        r.put("jvm", "/usr/bin/java");
        ArrayNode jvmArgs = r.putArray("jvmArgs");
        jvmArgs.add("-Dsoapbench.stacks=cxf:4.2.3,jaxb-floor:4.0.9");
        jvmArgs.add("-Dsoapbench.cpus=2");
        jvmArgs.add("-Dsoapbench.capabilities=cxf:plain+username+sign+signencr/xml+fi,jaxb-floor:plain/xml+fi");
        jvmArgs.add("-Dsoapbench.date=2026-11-23T04:00:00Z");
        jvmArgs.add("-Xms2g");
        jvmArgs.add("-Xmx2g");
        r.put("jdkVersion", "17.0.15");
        r.put("vmName", "OpenJDK 64-Bit Server VM");
        r.put("vmVersion", "17.0.15+6");
        r.put("warmupIterations", 3);
        r.put("warmupTime", "1 s");
        r.put("measurementIterations", 3);
        r.put("measurementTime", "1 s");
        ObjectNode p = r.putObject("params");
        params.forEach(p::put);
        ObjectNode pm = r.putObject("primaryMetric");
        pm.put("score", score);
        pm.put("scoreError", error);
        pm.put("scoreUnit", "us/op");
        ArrayNode raw = pm.putArray("rawData");
        double spread = spread(score, error);
        for (int k = -2; k <= 2; k++) {
            double mean = score * Math.exp(k * spread);
            raw.addArray().add(mean).add(mean);
        }
        r.putObject("secondaryMetrics");
        return r;
    }

    /** Adds the wire counters as the benchmark would record them: totals over the measured iterations. */
    public static void wire(ObjectNode result, long exchanges, long requestBytes, long responseBytes) {
        ObjectNode s = (ObjectNode) result.get("secondaryMetrics");
        s.putObject("wireExchanges").put("score", exchanges).put("scoreUnit", "#");
        s.putObject("wireRequestBytes").put("score", requestBytes).put("scoreUnit", "#");
        s.putObject("wireResponseBytes").put("score", responseBytes).put("scoreUnit", "#");
    }

    /**
     * Adds what the CPU profiler records: the benchmark thread's CPU time per operation with forks laid
     * out as the primary score's (at cpu × e^(k·spread), k = -2..2), and the machine's steal and speed probe.
     */
    public static void cpu(ObjectNode result, double cpu, double error, double steal, double probeMicros) {
        ObjectNode s = (ObjectNode) result.get("secondaryMetrics");
        ObjectNode m = s.putObject("·cpu.thread").put("score", cpu).put("scoreError", error).put("scoreUnit", "us/op");
        ArrayNode raw = m.putArray("rawData");
        double spread = spread(cpu, error);
        for (int k = -2; k <= 2; k++) {
            double mean = cpu * Math.exp(k * spread);
            raw.addArray().add(mean).add(mean);
        }
        s.putObject("·machine.steal").put("score", steal).put("scoreUnit", "%");
        s.putObject("·machine.probe").put("score", probeMicros).put("scoreUnit", "us");
    }

    /** Adds the share of the machine's CPU that processes outside the run used, as the CPU profiler records it. */
    public static void others(ObjectNode result, double percent) {
        ((ObjectNode) result.get("secondaryMetrics")).putObject("·machine.others").put("score", percent).put("scoreUnit", "%");
    }

    /** The per-fork log step of a result added with this score and error. */
    public static double spread(double score, double error) {
        return error / score / FORKS;
    }

    public Path write(Path file) throws IOException {
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), results);
        return file;
    }

    public static Map<String, String> config(String stack, String security, String encoding) {
        return Map.of("stack", stack, "security", security, "encoding", encoding);
    }
}
