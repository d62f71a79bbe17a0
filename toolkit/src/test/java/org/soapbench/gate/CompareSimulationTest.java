package org.soapbench.gate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The gate's error rates, measured: many comparisons drawn at random (fixed seeds) from known
 * distributions. A/A pairs (base and new from the same distribution) measure the false alarms, which
 * at 99% confidence must be at most 1% of pairs; pairs with a planted 10% slowdown measure how often
 * the gate catches it. The default case is the realistic one: a "ci" set of 16 configurations
 * (SeismicQuery.small, 2 stacks x 4 modes x 2 encodings), 3 forks of 5 iterations, 3% noise between
 * forks, 1% between iterations. Each test prints its rates; docs/gate.md quotes them.
 */
class CompareSimulationTest {

    private static final double CONFIDENCE = 0.99;
    private static final double THRESHOLD = 0.05;

    /** Rates over many simulated comparisons; "pairs" counts the unchanged ones, "planted" the slowed ones. */
    private record Rates(double confidence, long pairs, long significant, long falseAlarms, long runsWithAlarm,
                         long runs, long planted, long detected, long runsDetected) {

        double significantRate() {
            return significant / (double) pairs;
        }

        double falseAlarmRate() {
            return falseAlarms / (double) pairs;
        }

        double runAlarmRate() {
            return runsWithAlarm / (double) runs;
        }

        double detectionRate() {
            return detected / (double) planted;
        }

        /** Runs in which at least one planted slowdown was called slower (what fails a CI job). */
        double runDetectionRate() {
            return runsDetected / (double) runs;
        }

        /** The largest rate that is still consistent with {@code p}: three binomial standard errors above it. */
        double allowance(double p) {
            return p + 3 * Math.sqrt(p * (1 - p) / pairs);
        }

        @Override
        public String toString() {
            String detection = String.format(Locale.ROOT, "%d planted 10%% slowdowns, %.1f%% detected", planted,
                    100 * detectionRate()) + (planted > runs ? String.format(Locale.ROOT,
                    " (at least one in %.1f%% of runs)", 100 * runDetectionRate()) : "");
            if (pairs == 0) {
                return String.format(Locale.ROOT, "%d runs at %.1f%%: %s", runs, 100 * confidence, detection);
            }
            return String.format(Locale.ROOT, "%d runs at %.1f%%, %d unchanged pairs: %.2f%% significant, "
                            + "%.2f%% false alarms (significant and beyond %.0f%%), %.1f%% of runs with a false alarm%s",
                    runs, 100 * confidence, pairs, 100 * significantRate(), 100 * falseAlarmRate(), 100 * THRESHOLD,
                    100 * runAlarmRate(), planted == 0 ? "" : "; " + detection);
        }
    }

    /** {@code runs} comparisons of {@code specs}; the first {@code planted} specs are 10% slower in new. */
    private static Rates simulate(List<SyntheticJmh.Spec> specs, int planted, int runs, long seed) {
        return simulate(specs, planted, runs, seed, CONFIDENCE);
    }

    private static Rates simulate(List<SyntheticJmh.Spec> specs, int planted, int runs, long seed, double confidence) {
        SyntheticJmh random = new SyntheticJmh(seed, false);
        List<SyntheticJmh.Spec> slowed = new ArrayList<>(specs);
        for (int i = 0; i < planted; i++) {
            slowed.set(i, specs.get(i).times(1.10));
        }
        long pairs = 0;
        long significant = 0;
        long falseAlarms = 0;
        long runsWithAlarm = 0;
        long detected = 0;
        long runsDetected = 0;
        for (int r = 0; r < runs; r++) {
            Comparison c = Comparison.of(random.results(specs), random.results(slowed),
                    new Comparison.Settings(THRESHOLD, confidence, Map.of(), Map.of()), "base", "new");
            boolean alarm = false;
            boolean caught = false;
            for (int i = 0; i < c.pairs().size(); i++) {
                Comparison.Pair p = c.pairs().get(i);
                if (i < planted) {
                    detected += p.verdict() == Verdict.SLOWER ? 1 : 0;
                    caught |= p.verdict() == Verdict.SLOWER;
                    continue;
                }
                pairs++;
                significant += p.test().low() > 1 || p.test().high() < 1 ? 1 : 0;
                if (p.verdict() == Verdict.SLOWER) {
                    falseAlarms++;
                    alarm = true;
                }
            }
            runsWithAlarm += alarm ? 1 : 0;
            runsDetected += caught ? 1 : 0;
        }
        return new Rates(confidence, pairs, significant, falseAlarms, runsWithAlarm, runs, (long) planted * runs,
                detected, runsDetected);
    }

    private static void assertCalibrated(String what, Rates rates) {
        System.out.println(what + ": " + rates);
        assertTrue(rates.falseAlarmRate() <= 1 - CONFIDENCE,
                "false alarms above the 1% that 99% confidence promises: " + rates);
        assertTrue(rates.significantRate() <= rates.allowance(1 - CONFIDENCE),
                "more pairs significant than 99% confidence allows (beyond sampling error): " + rates);
    }

    @Test
    void aaFalseAlarmsOfTheCiSetAreAtMostOnePercentAt99PercentConfidence() {
        assertCalibrated("A/A, ci set, 3% noise", simulate(SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1"), 0, 2000, 11));
    }

    @Test
    void aaFalseAlarmsStayAtMostOnePercentWhenNoiseLevelsDifferFrom1To5Percent() {
        // A run mixes quiet and noisy configurations; moderation must not narrow the noisy ones' intervals.
        double[] noise = {0.01, 0.015, 0.02, 0.03, 0.04, 0.05};
        List<SyntheticJmh.Spec> specs = new ArrayList<>();
        List<SyntheticJmh.Spec> set = SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1");
        for (int i = 0; i < set.size(); i++) {
            specs.add(set.get(i).withForkSd(noise[i % noise.length]));
        }
        Rates all = simulate(specs, 0, 2000, 12);
        System.out.println("A/A, ci set, noise from 1% to 5%: " + all);
        assertTrue(all.falseAlarmRate() <= 1 - CONFIDENCE, all.toString());
        // The noisiest configurations (5%), put first, must keep the promise on their own too.
        List<SyntheticJmh.Spec> noisy = new ArrayList<>();
        noisy.add(specs.get(5));
        noisy.add(specs.get(11));
        noisy.addAll(specs.stream().filter(s -> s.forkSd() < 0.05).toList());
        Rates noisiest = simulateFirst(noisy, 2, 3000, 13);
        System.out.println("A/A, the 5% noise pairs among 1-4%: " + noisiest);
        assertTrue(noisiest.falseAlarmRate() <= 1 - CONFIDENCE, "noisiest pairs: " + noisiest);
    }

    @Test
    void aaFalseAlarmsOfOneNoisyOutlierAmongQuietPairsAreAtMostOnePercent() {
        // One configuration at 6% noise among fifteen at 1%: it must be tested on its own variance.
        List<SyntheticJmh.Spec> specs = new ArrayList<>(SyntheticJmh.ciSet(0.01, "cxf", "cxf-4.1"));
        specs.set(0, specs.get(0).withForkSd(0.06));
        Rates outlier = simulateFirst(specs, 1, 3000, 14);
        System.out.println("A/A, one 6% noise pair among 1%: " + outlier);
        assertTrue(outlier.falseAlarmRate() <= 1 - CONFIDENCE, "outlier: " + outlier);
    }

    @Test
    void aaFalseAlarmsOfASinglePairAreAtMostOnePercent() {
        // Too few pairs to pool variances over: each is a plain Student t-test.
        assertCalibrated("A/A, lone pair, 3% noise", simulate(SyntheticJmh.ciSet(0.03, "cxf").subList(0, 1), 0, 5000, 15));
    }

    @Test
    void aPlantedTenPercentSlowdownInTheCiSetIsDetectedAtLeast70PercentOfTheTime() {
        // One configuration 10% slower among 16; 3 forks with 3% noise between forks.
        Rates rates = simulate(SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1"), 1, 2000, 16);
        System.out.println("10% planted in the ci set, 3% noise: " + rates);
        assertTrue(rates.detectionRate() >= 0.70, rates.toString());
        assertTrue(rates.falseAlarmRate() <= 1 - CONFIDENCE, rates.toString());
        // With 5 forks a side, nearly every one.
        Rates five = simulate(fiveForks(SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1")), 1, 2000, 20);
        System.out.println("10% planted in the ci set, 3% noise, 5 forks: " + five);
        assertTrue(five.detectionRate() >= 0.9, five.toString());
        assertTrue(five.falseAlarmRate() <= 1 - CONFIDENCE, five.toString());
    }

    @Test
    void aLonePairNeedsFiveForksToCatchTenPercentReliably() {
        // Without other pairs to pool over, 3 forks leave 4 degrees of freedom: most 10% slowdowns are
        // missed. 5 forks catch about nine in ten. docs/gate.md gives this advice.
        SyntheticJmh.Spec one = SyntheticJmh.ciSet(0.03, "cxf").get(2);
        Rates three = simulate(List.of(one), 1, 3000, 17);
        Rates five = simulate(List.of(one.withForks(5)), 1, 3000, 18);
        System.out.println("10% planted, lone pair, 3 forks: " + three);
        System.out.println("10% planted, lone pair, 5 forks: " + five);
        assertTrue(three.detectionRate() < 0.6, three.toString());
        assertTrue(five.detectionRate() >= 0.85, five.toString());
    }

    @Test
    void at99Point9PercentFewerRunsRaiseAFalseAlarmAndFewerSlowdownsAreCaught() {
        // The confidence is per pair; a run of 16 pairs raises at least one false alarm more often.
        List<SyntheticJmh.Spec> set = SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1");
        Rates at99 = simulate(set, 1, 2000, 19, 0.99);
        Rates at999 = simulate(set, 1, 2000, 19, 0.999);
        Rates at999five = simulate(fiveForks(set), 1, 2000, 21, 0.999);
        System.out.println("10% planted in the ci set at 99%: " + at99);
        System.out.println("10% planted in the ci set at 99.9%: " + at999);
        System.out.println("10% planted in the ci set at 99.9%, 5 forks: " + at999five);
        assertTrue(at999.runAlarmRate() < at99.runAlarmRate() && at999.detectionRate() < at99.detectionRate());
        assertTrue(at999five.detectionRate() > at999.detectionRate());
    }

    @Test
    void theWholeMatrixNeeds99Point9PercentToRaiseAFalseAlarmInAboutOneRunOfAHundred() {
        // The whole matrix's 48 pairs (ci widened with -p security=... and .large): 3 stacks x 8
        // configurations x small and large. Per pair the promise holds at 99%, but some pair of 48
        // crosses it in about one A/A run of seven; at 99.9%, in about one of a hundred. A real regression rarely touches one configuration alone:
        // planted in the four signing configurations of one stack, at least one is still caught.
        List<SyntheticJmh.Spec> set = SyntheticJmh.wholeMatrix(0.03, "cxf", "metro", "axis2");
        Rates at99 = simulate(set, 0, 1000, 31, 0.99);
        Rates at999 = simulate(set, 0, 1000, 31, 0.999);
        List<SyntheticJmh.Spec> signingFirst = new ArrayList<>(set);
        signingFirst.sort(java.util.Comparator.comparing(s -> !(s.params().get("stack").equals("cxf")
                && s.params().get("security").startsWith("sign") && s.benchmark().endsWith("small"))));
        Rates four = simulate(signingFirst, 4, 1000, 32, 0.999);
        System.out.println("A/A, whole matrix (48 pairs) at 99%: " + at99);
        System.out.println("A/A, whole matrix (48 pairs) at 99.9%: " + at999);
        System.out.println("10% planted in 4 of 48 pairs at 99.9%: " + four);
        assertTrue(at999.falseAlarmRate() <= 0.001 && at999.runAlarmRate() <= 0.025, at999.toString());
        assertTrue(at99.runAlarmRate() > at999.runAlarmRate(), at99.toString());
        assertTrue(four.runDetectionRate() >= 0.85, four.toString());
    }

    private static List<SyntheticJmh.Spec> fiveForks(List<SyntheticJmh.Spec> specs) {
        return specs.stream().map(s -> s.withForks(5)).toList();
    }

    /** Like {@link #simulate} with nothing planted, but counting only the first {@code count} pairs. */
    private static Rates simulateFirst(List<SyntheticJmh.Spec> specs, int count, int runs, long seed) {
        SyntheticJmh random = new SyntheticJmh(seed, false);
        long significant = 0;
        long falseAlarms = 0;
        long runsWithAlarm = 0;
        for (int r = 0; r < runs; r++) {
            Comparison c = Comparison.of(random.results(specs), random.results(specs),
                    new Comparison.Settings(THRESHOLD, CONFIDENCE, Map.of(), Map.of()), "base", "new");
            boolean alarm = false;
            for (int i = 0; i < count; i++) {
                Comparison.Pair p = c.pairs().get(i);
                significant += p.test().low() > 1 || p.test().high() < 1 ? 1 : 0;
                if (p.verdict() == Verdict.SLOWER) {
                    falseAlarms++;
                    alarm = true;
                }
            }
            runsWithAlarm += alarm ? 1 : 0;
        }
        return new Rates(CONFIDENCE, (long) count * runs, significant, falseAlarms, runsWithAlarm, runs, 0, 0, 0);
    }
}
