package org.soapbench.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.soapbench.bench.fork.CpuTimeProfiler;

/**
 * What a comparison judges: JMH's wall time, or one of the per-operation figures the harness's CPU
 * profiler ({@link CpuTimeProfiler}) records beside it, known by the profiler's own names. Wall time
 * carries everything the machine did to the run (steal, neighbours); CPU time leaves out the time
 * the thread was not running, so on a shared machine it moves far less.
 */
public enum Metric {

    WALL("wall", null, "wall time per operation"),
    CPU("cpu", CpuTimeProfiler.CPU_THREAD, "CPU time of the benchmark threads per operation"),
    PROCESS_CPU("process-cpu", CpuTimeProfiler.CPU_PROCESS, "CPU time of the whole JVM (JIT, GC and every thread) per operation"),
    ALLOC("alloc", CpuTimeProfiler.ALLOC, "bytes allocated by the benchmark threads per operation");

    private final String id;
    private final String secondary;
    private final String description;

    Metric(String id, String secondary, String description) {
        this.id = id;
        this.secondary = secondary;
        this.description = description;
    }

    public String id() {
        return id;
    }

    /** The secondary metric's name in JMH's JSON, or null for JMH's own score. */
    public String secondary() {
        return secondary;
    }

    public String description() {
        return description;
    }

    /** {@code wall}, {@code cpu}, {@code process-cpu} or {@code alloc}; anything else is one sentence naming them. */
    public static Metric parse(String text) {
        for (Metric m : values()) {
            if (m.id.equals(text.strip().toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new IllegalArgumentException("--metric '" + text + "' is not a metric; expected one of "
                + Arrays.stream(values()).map(Metric::id).collect(Collectors.joining(", ")) + ".");
    }

    /**
     * The default: CPU time of the benchmark threads where every result carries it, wall time
     * otherwise (results measured before the CPU profiler existed).
     */
    public static Metric auto(List<JmhResult> results) {
        return results.stream().allMatch(CPU::carriedBy) ? CPU : WALL;
    }

    public boolean carriedBy(JmhResult r) {
        return secondary == null || r.source() != null && r.source().path("secondaryMetrics").has(secondary);
    }

    /**
     * The result with this metric as its score and per-iteration samples (time units read in us/op); the
     * score weighs each iteration by the calls it held, as the wall time's does ({@link PerCall}).
     */
    public JmhResult of(JmhResult r, String file) {
        if (secondary == null) {
            return r;
        }
        if (!carriedBy(r)) {
            throw new IllegalArgumentException(file + " has no " + description + " (" + secondary + ") for "
                    + r.shortName() + " " + r.configuration().text() + "; it was measured without soapbench's CPU profiler: "
                    + "expected --metric wall for it, or a run by this version.");
        }
        JsonNode m = r.source().path("secondaryMetrics").path(secondary);
        String unit = m.path("scoreUnit").asText("");
        double scale = Units.factor(unit, Units.MICROS_PER_OP).orElse(1);
        List<List<Double>> raw = r.secondaryRaw(secondary).stream()
                .map(fork -> fork.stream().map(v -> v * scale).toList()).toList();
        double error = m.path("scoreError").asDouble(Double.NaN);
        return new JmhResult(r.run(), r.benchmark(), r.mode(), r.params(),
                PerCall.score(m.path("score").asDouble() * scale, raw, r.callsPerIteration()),
                Double.isNaN(error) ? Double.NaN : error * scale, Units.isTime(unit) ? Units.MICROS_PER_OP : unit,
                r.threads(), r.forks(), raw, r.secondary(), r.source());
    }
}
