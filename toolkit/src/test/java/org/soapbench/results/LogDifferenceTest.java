package org.soapbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.commons.math3.special.Gamma;
import org.apache.commons.math3.stat.StatUtils;
import org.junit.jupiter.api.Test;
import org.soapbench.bench.fork.SameMomentProfiler;

/**
 * Rounds of a same-moment gate are judged on each side's faster half of iterations, robust to a stretch on
 * one side; rounds whose two forks shared one CPU, on the median of their aligned iterations' ratios.
 */
class LogDifferenceTest {

    private static JmhResult result(List<List<Double>> forks) {
        return new JmhResult("run", "org.soapbench.bench.SeismicQuery.small", "avgt", Map.of(), 1, Double.NaN, "us/op", 1,
                forks.size(), forks, Map.of(), null);
    }

    @Test
    void aRoundIsTheRatioOfEachSidesFasterHalf() {
        // Round 1: head 2% slower at every iteration, but its third iteration was hit by a 50% burst.
        // Round 2: both sides drift together from 100 to 130, head 2% slower throughout.
        JmhResult base = result(List.of(List.of(100.0, 100.0, 100.0, 100.0, 100.0),
                List.of(100.0, 110.0, 120.0, 125.0, 130.0)));
        JmhResult head = result(List.of(List.of(102.0, 102.0, 153.0, 102.0, 102.0),
                List.of(102.0, 112.2, 122.4, 127.5, 132.6)));
        LogDifference d = LogDifference.paired(base, head, true);
        assertEquals(Math.log(1.02), d.difference(), 1e-12, "the burst is ignored, the drift cancels");
        assertEquals(0, d.variance(), 1e-20);
        assertEquals(1, d.df());
    }

    /**
     * A late recompilation ran worse code for two of four iterations on one side only (seen on this
     * machine: +60% CPU per call for two seconds): the median of the four aligned ratios would take
     * half of it, the faster halves none.
     */
    @Test
    void aStretchOfWorseCodeOnOneSideForHalfTheIterationsIsLeftOut() {
        JmhResult base = result(List.of(List.of(44.0, 44.0, 44.0, 44.0)));
        JmhResult head = result(List.of(List.of(70.4, 70.4, 44.0, 44.0)));
        assertEquals(0, LogDifference.roundDifference(base.raw().get(0), head.raw().get(0)), 1e-12);
    }

    /** A fork as the same-moment profiler records it: every iteration aligned with its twin's, on these CPUs. */
    private static JmhResult onCpus(List<Double> iterations, List<Double> cpus) {
        ObjectNode source = new ObjectMapper().createObjectNode();
        ObjectNode secondary = source.putObject("secondaryMetrics");
        ArrayNode aligned = secondary.putObject(SameMomentProfiler.ALIGNED).putArray("rawData").addArray();
        ArrayNode cpu = secondary.putObject(SameMomentProfiler.CPU).putArray("rawData").addArray();
        iterations.forEach(i -> aligned.add(1.0));
        cpus.forEach(cpu::add);
        return new JmhResult("run", "org.soapbench.bench.SeismicQuery.small", "avgt", Map.of(), 1, Double.NaN, "us/op", 1,
                1, List.of(iterations), Map.of(), source);
    }

    /**
     * Both forks on one CPU, the machine slowing both by a third from the fourth iteration on, and each
     * recompiling once, in a different iteration: head is 5% slower at every moment. The faster halves
     * pick different moments (base's slow recompile lands among the machine's slow iterations), the
     * aligned ratios' median does not.
     */
    @Test
    void forksThatSharedOneCpuCompareTheirIterationsMomentByMoment() {
        List<Double> machine = List.of(1.0, 1.0, 1.0, 1.33, 1.33, 1.33, 1.33, 1.33);
        List<Double> base = new ArrayList<>();
        List<Double> head = new ArrayList<>();
        for (int j = 0; j < machine.size(); j++) {
            base.add(100 * machine.get(j) * (j == 1 ? 3 : 1));
            head.add(105 * machine.get(j) * (j == 5 ? 3 : 1));
        }
        List<Double> oneCpu = List.of(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
        List<Double> swapping = List.of(0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0);
        assertEquals(Math.log(1.05), LogDifference.paired(onCpus(base, oneCpu), onCpus(head, oneCpu), false).difference(), 1e-12);
        double halves = LogDifference.paired(onCpus(base, oneCpu), onCpus(head, swapping), false).difference();
        assertEquals(LogDifference.roundDifference(base, head), halves, 1e-12, "on a CPU each: the faster halves");
        assertTrue(Math.abs(halves - Math.log(1.05)) > 0.05, "which the machine's step moves here: " + halves);
    }

    /**
     * Unlike work on one CPU: a neighbour's bursts, in ten of sixteen moments, slow the plain fork by 40% and
     * the signing fork by 10%, so they do not cancel in the ratio. The median of every moment's ratio lands
     * in the bursts; the quiet quarter's is the ratio of the moments the neighbour left alone. Fewer than eight
     * iterations, or forks on a CPU each, are judged as the gate's pairs are.
     */
    @Test
    void unlikeWorkSharingOneCpuIsJudgedOnItsQuietQuarter() {
        List<Double> plain = new ArrayList<>();
        List<Double> sign = new ArrayList<>();
        List<Double> oneCpu = new ArrayList<>();
        List<Double> swapping = new ArrayList<>();
        for (int j = 0; j < 16; j++) {
            boolean burst = j % 8 < 5;
            double jitter = 1 + 0.001 * (j % 3);
            plain.add(100 * (burst ? 1.4 : 1.0) * jitter);
            sign.add(8000 * (burst ? 1.1 : 1.0) * jitter);
            oneCpu.add(0.0);
            swapping.add((double) (j % 2));
        }
        MeasuredFork p = new MeasuredFork(onCpus(plain, oneCpu), 0);
        MeasuredFork s = new MeasuredFork(onCpus(sign, oneCpu), 0);
        assertEquals(Math.log(80), LogDifference.unlikePairDifference(p, s), 1e-12);
        assertEquals(Math.log(80 * 1.1 / 1.4), LogDifference.pairDifference(p, s), 1e-12, "every moment's median: the bursts'");
        MeasuredFork shortP = new MeasuredFork(onCpus(plain.subList(0, 7), oneCpu.subList(0, 7)), 0);
        MeasuredFork shortS = new MeasuredFork(onCpus(sign.subList(0, 7), oneCpu.subList(0, 7)), 0);
        assertEquals(LogDifference.pairDifference(shortP, shortS), LogDifference.unlikePairDifference(shortP, shortS), 1e-12);
        MeasuredFork apart = new MeasuredFork(onCpus(sign, swapping), 0);
        assertEquals(LogDifference.roundDifference(plain, sign), LogDifference.unlikePairDifference(p, apart), 1e-12);
    }

    @Test
    void forksOfDifferentLengthsCompareTheirFasterHalves() {
        JmhResult base = result(List.of(List.of(100.0, 100.0), List.of(100.0)));
        JmhResult head = result(List.of(List.of(110.0, 110.0), List.of(110.0, 110.0)));
        assertEquals(Math.log(1.1), LogDifference.paired(base, head, true).difference(), 1e-12);
        assertEquals(2.0, LogDifference.lowerHalfMean(List.of(3.0, 1.0, 2.0, 9.0, 8.0)), 1e-12, "odd: the middle one too");
    }

    /** Five rounds, one of them far out: trimmed, the round is set aside at a cost of two degrees of freedom; untrimmed, all five count. */
    @Test
    void fiveRoundsAreTrimmedOnlyWhenAsked() {
        JmhResult base = result(List.of(List.of(100.0), List.of(100.0), List.of(100.0), List.of(100.0), List.of(100.0)));
        JmhResult head = result(List.of(List.of(101.0), List.of(102.0), List.of(103.0), List.of(104.0), List.of(120.0)));
        LogDifference trimmed = LogDifference.paired(base, head, true);
        LogDifference all = LogDifference.paired(base, head, false);
        assertEquals(2, trimmed.df());
        assertEquals(Math.log(1.03), trimmed.difference(), 1e-3);
        assertEquals(4, all.df());
        assertEquals(Math.sqrt(1 / 5.0), all.scale(), 1e-12);
        assertEquals((Math.log(1.01) + Math.log(1.02) + Math.log(1.03) + Math.log(1.04) + Math.log(1.2)) / 5,
                all.difference(), 1e-12);
    }

    /**
     * Trimmed, five rounds keep three and their winsorized variance is tested on two degrees of freedom,
     * but it strays from draw to draw as a chi² of fewer does: what samplingDf says, which the prior is
     * fitted with. Untrimmed, the sample variance's own n - 1.
     */
    @Test
    void aWinsorizedVarianceStraysAsAChiSquaredOfFewerDegreesOfFreedom() {
        Random random = new Random(46);
        int draws = 20_000;
        double[] trimmedLogs = new double[draws];
        double[] allLogs = new double[draws];
        LogDifference trimmed = null;
        LogDifference all = null;
        for (int k = 0; k < draws; k++) {
            List<List<Double>> base = new ArrayList<>();
            List<List<Double>> head = new ArrayList<>();
            for (int r = 0; r < 5; r++) {
                base.add(List.of(100.0));
                head.add(List.of(100 * Math.exp(0.01 * random.nextGaussian())));
            }
            trimmed = LogDifference.paired(result(base), result(head), true);
            all = LogDifference.paired(result(base), result(head), false);
            trimmedLogs[k] = Math.log(trimmed.variance());
            allLogs[k] = Math.log(all.variance());
        }
        double trimmedSpread = StatUtils.variance(trimmedLogs);
        assertEquals(1, trimmed.setAside());
        assertTrue(trimmed.samplingDf() < 1.9 && trimmed.samplingDf() > 1.6, "five rounds, one set aside each end: "
                + trimmed.samplingDf());
        assertEquals(Gamma.trigamma(trimmed.samplingDf() / 2), trimmedSpread, 0.04 * trimmedSpread);
        assertTrue(trimmedSpread > 1.1 * Gamma.trigamma(trimmed.df() / 2.0), "more than chi²(2)'s: " + trimmedSpread);
        assertEquals(4, all.samplingDf(), 0);
        assertEquals(Gamma.trigamma(2), StatUtils.variance(allLogs), 0.04 * Gamma.trigamma(2));
    }
}
