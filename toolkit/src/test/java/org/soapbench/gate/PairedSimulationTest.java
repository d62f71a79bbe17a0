package org.soapbench.gate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.junit.jupiter.api.Test;
import org.soapbench.results.JmhResult;
import org.soapbench.results.LogDifference;
import org.soapbench.results.VarianceModeration;

/**
 * The same-moment gate's paired test, measured as CompareSimulationTest measures the unpaired one:
 * the ci set's 12 configurations, 6 rounds of 8 iterations, a drift between rounds that both sides
 * share, 1% between iterations, and between forks what two guests showed: 1.4% on 2026-11-25's (the
 * spread of the rounds of its quiet A/A gate was 2.0%, two forks' worth), 0.3% on 2026-11-27's (its
 * pairs' log ratios spread 0.5-0.7%, about what the iterations alone give); and, as seen on the first,
 * now and then a fork that settled into code 8% slower than its twin. At 99% a pair must raise at most
 * 1% false alarms, with or without such forks, and the trimmed test must catch a 5% slowdown above a
 * 2% threshold: nearly always on the steadier guest; on the other, less often than seven rounds did
 * (95%, and 87% with such forks), the price of a gate that fits 45 minutes beside a neighbour.
 */
class PairedSimulationTest {

    private static final int CONFIGURATIONS = 12;
    private static final int ROUNDS = 6;
    /** How far apart two forks of the same code settle: on 2026-11-25's guest, and on 2026-11-27's. */
    private static final double FORKS_2026_11_25 = 0.014;
    private static final double FORKS_2026_11_27 = 0.003;
    private static final int ITERATIONS = 8;

    private record Rates(long pairs, long falseAlarms, long planted, long detected, double medianHalfWidth,
                         boolean alwaysPaired) {

        double falseAlarmRate() {
            return falseAlarms / (double) pairs;
        }

        double detectionRate() {
            return detected / (double) planted;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%d unchanged pairs, %.2f%% false alarms; %d planted 5%% slowdowns, "
                    + "%.1f%% caught", pairs, 100 * falseAlarmRate(), planted, 100 * detectionRate());
        }
    }

    /** One side's forks of one configuration; {@code drift} is each round's machine, shared by both sides. */
    private static JmhResult side(Random random, int configuration, double[] drift, double factor, double forkSpread,
            double outlierRate) {
        int rounds = drift.length;
        List<List<Double>> forks = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            double fork = Math.exp(forkSpread * random.nextGaussian()) * (random.nextDouble() < outlierRate ? 1.08 : 1);
            List<Double> iterations = new ArrayList<>();
            for (int i = 0; i < ITERATIONS; i++) {
                iterations.add(100 * factor * drift[r] * fork * Math.exp(0.01 * random.nextGaussian()));
            }
            forks.add(iterations);
        }
        double score = forks.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).average().orElseThrow();
        return new JmhResult("synthetic", "org.soapbench.bench.SeismicQuery.small", "avgt",
                new TreeMap<>(Map.of("case", Integer.toString(configuration))), score, Double.NaN, "us/op", 1, rounds,
                forks, Map.of(), null);
    }

    /** {@code runs} paired comparisons of the ci set's shape; the first {@code planted} configurations are 5% slower in new. */
    private static Rates simulate(int planted, double forkSpread, double outlierRate, int runs, long seed) {
        return simulate(CONFIGURATIONS, ROUNDS, planted, forkSpread, outlierRate, runs, seed, 0.99);
    }

    private static Rates simulate(int configurations, int rounds, int planted, double forkSpread, double outlierRate,
            int runs, long seed, double confidence) {
        Random random = new Random(seed);
        long pairs = 0;
        long falseAlarms = 0;
        long detected = 0;
        List<Double> widths = new ArrayList<>();
        boolean alwaysPaired = true;
        for (int run = 0; run < runs; run++) {
            List<JmhResult> base = new ArrayList<>();
            List<JmhResult> next = new ArrayList<>();
            for (int c = 0; c < configurations; c++) {
                double[] drift = drift(random, rounds);
                base.add(side(random, c, drift, 1, forkSpread, outlierRate));
                next.add(side(random, c, drift, c < planted ? 1.05 : 1, forkSpread, outlierRate));
            }
            Comparison comparison = Comparison.of(base, next, new Comparison.Settings(0.02, confidence, Map.of(),
                    Map.of(), List.of(), true, true), "base", "new");
            alwaysPaired &= comparison.paired();
            widths.add(comparison.paired() ? comparison.pairedWidth() : comparison.unpairedWidth());
            for (Comparison.Pair p : comparison.pairs()) {
                boolean slowed = Integer.parseInt(p.base().params().get("case")) < planted;
                if (slowed) {
                    detected += p.verdict() == Verdict.SLOWER ? 1 : 0;
                } else {
                    pairs++;
                    falseAlarms += p.verdict() != Verdict.NO_CHANGE ? 1 : 0;
                }
            }
        }
        double median = Math.expm1(new Median().evaluate(widths.stream().mapToDouble(Double::doubleValue).toArray()));
        return new Rates(pairs, falseAlarms, (long) planted * runs, detected, median, alwaysPaired);
    }

    @Test
    void aaFalseAlarmsAreAtMostOnePercentWithOrWithoutForksThatSettledApart() {
        Rates clean = simulate(0, FORKS_2026_11_25, 0, 500, 31);
        Rates outliers = simulate(0, FORKS_2026_11_25, 0.04, 500, 32);
        Rates steady = simulate(0, FORKS_2026_11_27, 0, 500, 35);
        System.out.println("paired A/A, 12 x 6 rounds: " + clean + "; with 4% of forks 8% slower: " + outliers
                + "; forks as on the steadier guest: " + steady);
        assertTrue(clean.alwaysPaired() && outliers.alwaysPaired() && steady.alwaysPaired(),
                "pairing cancels the drift, so it must be chosen");
        assertTrue(clean.falseAlarmRate() <= 0.01, clean.toString());
        assertTrue(outliers.falseAlarmRate() <= 0.01, outliers.toString());
        assertTrue(steady.falseAlarmRate() <= 0.01, steady.toString());
    }

    @Test
    void aFivePercentSlowdownIsCaughtAboveATwoPercentThreshold() {
        Rates steady = simulate(6, FORKS_2026_11_27, 0, 300, 36);
        Rates clean = simulate(6, FORKS_2026_11_25, 0, 300, 33);
        Rates outliers = simulate(6, FORKS_2026_11_25, 0.04, 300, 34);
        System.out.println("paired, 5% planted in 6 of 12: forks as on the steadier guest: " + steady
                + "; as on 2026-11-25's: " + clean + "; with 4% of forks 8% slower: " + outliers);
        assertTrue(steady.alwaysPaired() && clean.alwaysPaired() && outliers.alwaysPaired(),
                "pairing cancels the drift, so it must be chosen");
        assertTrue(steady.detectionRate() >= 0.99, steady.toString());
        assertTrue(clean.detectionRate() >= 0.85, clean.toString());
        assertTrue(outliers.detectionRate() >= 0.75, outliers.toString());
        assertTrue(steady.falseAlarmRate() <= 0.01 && clean.falseAlarmRate() <= 0.01
                && outliers.falseAlarmRate() <= 0.01, steady + "; " + clean + "; " + outliers);
    }

    /**
     * The secured gate on one stack: 4 configurations of 5 rounds, signing forks 2.8% apart (the rounds of
     * reports/sample-upgrade-gates-2026-11-28/cxf36-secured spread 3.0-5.1%). Four pairs are too few to
     * pool, so each is tested alone on all five rounds: at most 1% false alarms at 99%, with or without a
     * fork that settled 8% apart, and at 99.9% intervals (paired, or unpaired where that is narrower) under
     * a third as wide as Yuen's trimmed test, whose two degrees of freedom made that sample's ±42-85%.
     */
    @Test
    void fourPairsAreTestedOnAllTheirRoundsWhereTheirVariancesCannotBePooled() {
        Rates clean = simulate(4, 5, 0, 0.028, 0, 2000, 41, 0.99);
        Rates outliers = simulate(4, 5, 0, 0.028, 0.04, 2000, 42, 0.99);
        Rates strict = simulate(4, 5, 0, 0.028, 0, 500, 43, 0.999);
        double yuen = yuenHalfWidth(5, 0.028, 500, 43, 0.999);
        System.out.println("paired A/A, 4 x 5 rounds: " + clean + "; with 4% of forks 8% slower: " + outliers
                + String.format(Locale.ROOT, "; median half-width at 99.9%% %.1f%%, Yuen's trimmed %.1f%%",
                        100 * strict.medianHalfWidth(), 100 * yuen));
        assertTrue(clean.falseAlarmRate() <= 0.01, clean.toString());
        assertTrue(outliers.falseAlarmRate() <= 0.01, outliers.toString());
        assertTrue(strict.medianHalfWidth() < yuen / 3, strict + " against Yuen's " + yuen);
    }

    /**
     * The secured gate's shape: 12 configurations at 99.9%, forks as on 2026-11-27's guest, whose rounds
     * spread about 0.8% (those of reports/sample-secured-gate-fi-2026-11-29, judged moment by moment,
     * 0.71% pooled). Of five rounds Yuen's test keeps three a pair, whose winsorized variance now and
     * then nearly vanishes by chance; left in the prior's fit, such a pair would cut the degrees of
     * freedom every other pair borrows. Fitted as a chi² of 2 degrees of freedom, the winsorized variances
     * strayed more than the fit allowed, which caught 89.7% here; fitted with the 1.8 their spread shows,
     * 91.6%. Four rounds, the profile's since five took 83 minutes beside a neighbour, are tested
     * untrimmed, on three degrees of freedom each: 98.2% caught, no fork here strays to be trimmed.
     */
    @Test
    void theSecuredGatesTwelvePairsCatchFivePercentAtNinetyNinePointNine() {
        for (int rounds : new int[] {5, 4}) {
            Rates aa = simulate(12, rounds, 0, FORKS_2026_11_27, 0, 500, 51, 0.999);
            Rates slowed = simulate(12, rounds, 6, FORKS_2026_11_27, 0, 500, 52, 0.999);
            System.out.println(String.format(Locale.ROOT, "paired, 12 x %d rounds at 99.9%%: A/A %s; "
                    + "5%% planted in 6 of 12: %s; median half-width %.1f%%", rounds, aa, slowed,
                    100 * slowed.medianHalfWidth()));
            assertTrue(aa.falseAlarmRate() <= 0.002, rounds + " rounds: " + aa);
            assertTrue(slowed.falseAlarmRate() <= 0.002, rounds + " rounds: " + slowed);
            assertTrue(slowed.detectionRate() >= 0.90, rounds + " rounds: " + slowed);
            assertTrue(slowed.medianHalfWidth() <= 0.025, rounds + " rounds: " + slowed);
        }
    }

    /** The median half-width at {@code confidence} of one pair's trimmed test, as the gate had it before. */
    private static double yuenHalfWidth(int rounds, double forkSpread, int runs, long seed, double confidence) {
        Random random = new Random(seed);
        List<LogDifference> pairs = new ArrayList<>();
        for (int run = 0; run < runs; run++) {
            double[] drift = drift(random, rounds);
            pairs.add(LogDifference.paired(side(random, 0, drift, 1, forkSpread, 0),
                    side(random, 0, drift, 1, forkSpread, 0), true));
        }
        return Math.expm1(Comparison.medianHalfWidth(pairs, VarianceModeration.none(), confidence));
    }

    /** Each round's machine, shared by both sides: a drift of 5% between rounds. */
    private static double[] drift(Random random, int rounds) {
        double[] drift = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            drift[r] = Math.exp(0.05 * random.nextGaussian());
        }
        return drift;
    }
}
