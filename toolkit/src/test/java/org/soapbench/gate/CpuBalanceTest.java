package org.soapbench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.soapbench.bench.fork.CpuTimeProfiler;
import org.soapbench.bench.fork.SameMomentProfiler;
import org.soapbench.results.JmhResult;
import org.soapbench.results.Metric;

/**
 * The gate's account of the runner's two CPUs: a change between the sides does not pass for unequal
 * CPUs, a CPU that runs 1.6x slower in half the rounds is counted and named, a neighbour that slows
 * one CPU's wall time but not its CPU time is not taken for an unequal CPU, and results that do not
 * say which CPU ran what give no account at all.
 */
class CpuBalanceTest {

    private static final int ROUNDS = 6;
    private static final int ITERATIONS = 8;
    private static final double[] ALIKE = {1, 1, 1, 1, 1, 1};

    /**
     * One side of one configuration at the same moment: iteration i of a round on {@code first} when i
     * is even, on the other CPU when odd, as the swap does. {@code slowCpu1[r]}: CPU 1's factor in round r,
     * in wall time; {@code cpuTime}: whether the result also carries CPU time, which the slow CPU leaves
     * alone (a neighbour's load on it).
     */
    private static JmhResult side(Random random, String stack, int first, double factor, double[] slowCpu1, boolean cpuTime) {
        List<List<Double>> raw = new ArrayList<>();
        ObjectNode source = SyntheticJmh.MAPPER.createObjectNode();
        ObjectNode secondary = source.putObject("secondaryMetrics");
        ArrayNode cpuRaw = secondary.putObject(SameMomentProfiler.CPU).putArray("rawData");
        ObjectNode cpuTimes = secondary.putObject(CpuTimeProfiler.CPU_THREAD);
        cpuTimes.put("score", 100 * factor).put("scoreUnit", "us/op");
        ArrayNode cpuTimeRaw = cpuTimes.putArray("rawData");
        for (int r = 0; r < ROUNDS; r++) {
            List<Double> times = new ArrayList<>();
            ArrayNode cpus = cpuRaw.addArray();
            ArrayNode onCpu = cpuTimeRaw.addArray();
            for (int i = 0; i < ITERATIONS; i++) {
                int cpu = i % 2 == 0 ? first : 1 - first;
                cpus.add((double) cpu);
                double noise = Math.exp(0.01 * random.nextGaussian());
                times.add(100 * factor * (cpu == 1 ? slowCpu1[r] : 1) * noise);
                onCpu.add(100 * factor * noise);
            }
            raw.add(times);
        }
        if (!cpuTime) {
            secondary.remove(CpuTimeProfiler.CPU_THREAD);
        }
        return new JmhResult("run", "org.soapbench.bench.SeismicQuery.small", "avgt", new TreeMap<>(Map.of("stack", stack)),
                100 * factor, Double.NaN, "us/op", 1, ROUNDS, raw, Map.of(), source);
    }

    private static Optional<CpuBalance> balance(double change, double[] slowCpu1, boolean recorded) {
        return balance(change, slowCpu1, recorded, false);
    }

    /** The balance a gate judging wall time shows; {@code cpuTime}: whether the results carry CPU time too. */
    private static Optional<CpuBalance> balance(double change, double[] slowCpu1, boolean recorded, boolean cpuTime) {
        Random random = new Random(7);
        List<JmhResult> base = new ArrayList<>();
        List<JmhResult> next = new ArrayList<>();
        for (String stack : List.of("cxf", "metro")) {
            JmhResult b = side(random, stack, 0, 1, slowCpu1, cpuTime);
            JmhResult n = side(random, stack, 1, change, slowCpu1, cpuTime);
            base.add(recorded ? b : unrecorded(b));
            next.add(recorded ? n : unrecorded(n));
        }
        Comparison comparison = Comparison.of(base, next, new Comparison.Settings(0.02, 0.99, Map.of(), Map.of(), List.of(),
                true, true), "base", "new");
        return CpuBalance.of(comparison.pairs(), Metric.WALL);
    }

    private static JmhResult unrecorded(JmhResult r) {
        return new JmhResult(r.run(), r.benchmark(), r.mode(), r.params(), r.score(), r.error(), r.unit(), r.threads(),
                r.forks(), r.raw(), r.secondary(), SyntheticJmh.MAPPER.createObjectNode());
    }

    @Test
    void aChangeBetweenTheSidesIsNotTakenForUnequalCpus() {
        CpuBalance b = balance(1.10, ALIKE, true).orElseThrow();
        assertEquals(2 * ROUNDS, b.rounds());
        assertEquals(0, b.apart());
        assertTrue(b.medianGap() < 0.02, "both sides' iterations pooled on each CPU: " + b);
        assertFalse(b.uneven());
        assertTrue(b.sentence().contains("in 0 of 12 rounds") && b.sentence().endsWith("they ran alike, as the "
                + "same-moment design assumes."), b.sentence());
    }

    @Test
    void aNeighbourOnOneCpuIsNotTakenForUnequalCpusWhereCpuTimeIsRecorded() {
        double[] slow = {1.6, 1, 1.6, 1, 1.6, 1};
        CpuBalance onWall = balance(1.05, slow, true, false).orElseThrow();
        CpuBalance onCpu = balance(1.05, slow, true, true).orElseThrow();
        assertEquals(Metric.WALL, onWall.metric());
        assertEquals(ROUNDS, onWall.apart(), "without CPU time the wall-time gaps are all there is: " + onWall);
        assertEquals(Metric.CPU, onCpu.metric(), "CPU time read though the gate judged wall time");
        assertEquals(0, onCpu.apart(), "the wall-time gaps were the neighbour's, not the CPUs': " + onCpu);
        assertFalse(onCpu.uneven());
        assertTrue(onCpu.sentence().contains("on each CPU, " + Metric.CPU.description() + "): "), onCpu.sentence());
    }

    @Test
    void aCpuThatRunsSlowerInHalfTheRoundsIsCountedAndNamed() {
        double[] slow = {1.6, 1, 1.6, 1, 1.6, 1};
        CpuBalance b = balance(1.05, slow, true).orElseThrow();
        assertEquals(ROUNDS, b.apart(), "three of six rounds in each of two configurations: " + b);
        assertTrue(b.uneven());
        assertTrue(b.sentence().contains("over 15% slower in 6 of 12 rounds; such rounds widen every interval"),
                b.sentence());
    }

    @Test
    void resultsThatDoNotSayWhichCpuRanWhatGiveNoAccount() {
        assertTrue(balance(1, ALIKE, false).isEmpty());
    }
}
