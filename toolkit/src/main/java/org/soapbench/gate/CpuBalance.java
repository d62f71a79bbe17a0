package org.soapbench.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.soapbench.bench.fork.SameMomentProfiler;
import org.soapbench.results.JmhResult;
import org.soapbench.results.Metric;

/**
 * How alike the two CPUs of a same-moment gate ran. In each round (fork i of base beside fork i of
 * new, the two swapping CPUs at every iteration) it takes the median iteration on each CPU, both
 * sides' iterations pooled, so that a real change between the sides, which both CPUs see equally,
 * leaves it alone; the gap is the slower CPU's median over the faster's. The gate shows it because
 * the same gate on two guests of the same kind was three times as wide on the one whose vCPUs did not
 * run alike (one CPU over 15% slower in 35 of 84 rounds, against 1 of 84: docs/gate.md), which steal
 * time does not show; the user then knows which kind of runner the verdicts came from.
 *
 * <p>It reads CPU time wherever the results carry it, whatever metric the gate judges: a neighbour
 * that loads one CPU at a time takes wall time from the benchmark on it without making that CPU
 * slower, and on wall time the same gates beside the neighbour counted 23 and 32 of 72 rounds apart
 * against 2 and 1 on CPU time.
 *
 * @param metric    the metric the gaps were read on
 * @param rounds    the rounds with iterations on both CPUs
 * @param medianGap the median gap over those rounds: 0.03 for one CPU 3% slower
 * @param apart     the rounds whose gap was over {@link #APART}
 */
record CpuBalance(Metric metric, int rounds, double medianGap, int apart) {

    /** A gap no change of code explains: on the uneven guest the slow vCPU ran 1.5-2x slower. */
    static final double APART = 0.15;
    /** More rounds apart than this share, and the runner is the uneven kind. */
    private static final double UNEVEN_SHARE = 0.10;

    /**
     * The balance over the pairs' rounds, on CPU time where every result carries it, else on the judged
     * metric; empty when no result says which CPU ran what.
     */
    static Optional<CpuBalance> of(List<Comparison.Pair> pairs, Metric judged) {
        List<Comparison.Pair> both = pairs.stream().filter(p -> p.base() != null && p.next() != null).toList();
        Metric metric = both.stream().allMatch(p -> Metric.CPU.carriedBy(p.base()) && Metric.CPU.carriedBy(p.next()))
                ? Metric.CPU : judged;
        List<Double> gaps = new ArrayList<>();
        for (Comparison.Pair p : both) {
            List<List<Double>> baseCpus = p.base().secondaryRaw(SameMomentProfiler.CPU); // empty unless CPUs swapped
            List<List<Double>> newCpus = p.next().secondaryRaw(SameMomentProfiler.CPU);
            // Metric.of reads the samples from the JMH source, whichever metric the pair was judged on.
            List<List<Double>> baseTimes = metric.of(p.base(), "").raw();
            List<List<Double>> newTimes = metric.of(p.next(), "").raw();
            if (baseCpus.size() != baseTimes.size() || newCpus.size() != newTimes.size() || baseTimes.size() != newTimes.size()) {
                continue;
            }
            for (int round = 0; round < baseTimes.size(); round++) {
                TreeMap<Double, List<Double>> byCpu = new TreeMap<>();
                add(byCpu, baseCpus.get(round), baseTimes.get(round));
                add(byCpu, newCpus.get(round), newTimes.get(round));
                if (byCpu.size() == 2) {
                    double a = median(byCpu.firstEntry().getValue());
                    double b = median(byCpu.lastEntry().getValue());
                    gaps.add(Math.max(a, b) / Math.min(a, b) - 1);
                }
            }
        }
        if (gaps.isEmpty()) {
            return Optional.empty();
        }
        int apart = (int) gaps.stream().filter(g -> g > APART).count();
        return Optional.of(new CpuBalance(metric, gaps.size(), median(gaps), apart));
    }

    /** Whether the runner is the kind whose vCPUs do not run alike. */
    boolean uneven() {
        return apart > UNEVEN_SHARE * rounds;
    }

    String sentence() {
        String seen = String.format(Locale.ROOT, "The runner's two CPUs, from the same-moment rounds (both sides' "
                + "iterations on each CPU, %s): one ran %.1f%% slower than the other at the median round, and over %.0f%% "
                + "slower in %d of %d rounds", metric.description(), 100 * medianGap, 100 * APART, apart, rounds);
        return seen + (uneven()
                ? "; such rounds widen every interval. Where the forks were steady (no ◷), that is the runner: its CPUs "
                        + "did not run alike, and one whose CPUs do gives narrower intervals (docs/gate.md, \"Two CPUs need "
                        + "not be equally fast\")."
                : ": they ran alike, as the same-moment design assumes.");
    }

    private static void add(TreeMap<Double, List<Double>> byCpu, List<Double> cpus, List<Double> times) {
        if (cpus.size() != times.size()) {
            return;
        }
        for (int i = 0; i < times.size(); i++) {
            byCpu.computeIfAbsent(cpus.get(i), c -> new ArrayList<>()).add(times.get(i));
        }
    }

    private static double median(List<Double> values) {
        return new Median().evaluate(values.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
