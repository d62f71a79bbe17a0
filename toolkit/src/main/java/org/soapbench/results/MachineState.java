package org.soapbench.results;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.soapbench.bench.fork.CpuTimeProfiler;

/**
 * How the machine was while a run measured, from what every result carries ({@link CpuTimeProfiler#STEAL},
 * {@link CpuTimeProfiler#OTHERS}, {@link CpuTimeProfiler#PROBE}): the share of CPU time the hypervisor stole,
 * the share processes outside the run used, and how far the speed of a fixed computation moved from the
 * fastest it ran. Quoted beside the figures, so that a reader sees at once whether the run was quiet, and
 * whether what disturbed it was another guest, another tenant of this one, or the host's shared memory.
 *
 * @param stealMedian the median over results of their mean steal share, in percent (NaN when unrecorded)
 * @param stealMax    the highest of them
 * @param othersMedian the median over results of the mean share processes outside the run used, in percent
 *                     (NaN when unrecorded)
 * @param othersMax    the highest of them
 * @param probeFastest the speed probe's shortest time over results, in microseconds
 * @param probeSlowest the longest
 * @param results     how many results carried the evidence
 */
public record MachineState(double stealMedian, double stealMax, double othersMedian, double othersMax, double probeFastest,
                           double probeSlowest, int results) {

    /** The state over these results, or empty when none carries it (results measured before it was recorded). */
    public static Optional<MachineState> of(List<JmhResult> all) {
        double[] probe = all.stream().map(r -> r.secondary().get(CpuTimeProfiler.PROBE)).filter(v -> v != null && v > 0)
                .mapToDouble(Double::doubleValue).sorted().toArray();
        if (probe.length == 0) {
            return Optional.empty();
        }
        double[] steal = sorted(all, CpuTimeProfiler.STEAL);
        double[] others = sorted(all, CpuTimeProfiler.OTHERS);
        return Optional.of(new MachineState(median(steal), max(steal), median(others), max(others), probe[0],
                probe[probe.length - 1], probe.length));
    }

    private static double[] sorted(List<JmhResult> all, String metric) {
        return all.stream().map(r -> r.secondary().get(metric)).filter(v -> v != null && v >= 0)
                .mapToDouble(Double::doubleValue).sorted().toArray();
    }

    private static double median(double[] sorted) {
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length / 2];
    }

    private static double max(double[] sorted) {
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
    }

    /** How much slower the probe ran at its slowest than at its fastest: 0.12 for 12%. */
    public double probeSpread() {
        return probeSlowest / probeFastest - 1;
    }

    public String sentence() {
        return sentence("this run");
    }

    /** The sentence, saying when: "this run", "these runs". */
    public String sentence(String during) {
        String steal = Double.isNaN(stealMedian) ? "steal not recorded (no /proc/stat, or a machine that has "
                + "counted none since it booted: its hypervisor reports none)"
                : String.format(Locale.ROOT, "steal %.1f%% of the machine's CPU time (median over results; at most %.1f%%)",
                        stealMedian, stealMax);
        String others = Double.isNaN(othersMedian) ? "" : String.format(Locale.ROOT, "; processes outside the run "
                + "%.1f%% (median over results; at most %.1f%%)", othersMedian, othersMax);
        return String.format(Locale.ROOT, "The machine during %s: %s%s; a fixed computation (the speed probe, run "
                + "after every iteration) took %.2f to %.2f ms, %.0f%% slower at its slowest than at its fastest. A quiet "
                + "machine shows no steal%s a spread of a few percent.", during, steal, others, probeFastest / 1e3,
                probeSlowest / 1e3, 100 * probeSpread(), others.isEmpty() ? " and" : ", other processes at 2% or less, and");
    }
}
