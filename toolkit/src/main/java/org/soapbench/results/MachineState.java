package org.soapbench.results;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.soapbench.bench.fork.CpuTimeProfiler;

/**
 * How the machine was while a run measured, from what every result carries ({@link CpuTimeProfiler#STEAL},
 * {@link CpuTimeProfiler#PROBE}): the share of CPU time the hypervisor stole, and how far the speed of a fixed
 * computation moved from the fastest it ran. Quoted beside the figures, so that a reader sees at once
 * whether the run was quiet.
 *
 * @param stealMedian the median over results of their mean steal share, in percent (NaN when unrecorded)
 * @param stealMax    the highest of them
 * @param probeFastest the speed probe's shortest time over results, in microseconds
 * @param probeSlowest the longest
 * @param results     how many results carried the evidence
 */
public record MachineState(double stealMedian, double stealMax, double probeFastest, double probeSlowest, int results) {

    /** The state over these results, or empty when none carries it (results measured before it was recorded). */
    public static Optional<MachineState> of(List<JmhResult> all) {
        double[] probe = all.stream().map(r -> r.secondary().get(CpuTimeProfiler.PROBE)).filter(v -> v != null && v > 0)
                .mapToDouble(Double::doubleValue).sorted().toArray();
        if (probe.length == 0) {
            return Optional.empty();
        }
        double[] steal = all.stream().map(r -> r.secondary().get(CpuTimeProfiler.STEAL)).filter(v -> v != null && v >= 0)
                .mapToDouble(Double::doubleValue).sorted().toArray();
        return Optional.of(new MachineState(steal.length == 0 ? Double.NaN : steal[steal.length / 2],
                steal.length == 0 ? Double.NaN : steal[steal.length - 1], probe[0], probe[probe.length - 1], probe.length));
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
        return String.format(Locale.ROOT, "The machine during %s: %s; a fixed computation (the speed probe, run "
                + "after every iteration) took %.2f to %.2f ms, %.0f%% slower at its slowest than at its fastest. A quiet "
                + "machine shows no steal and a spread of a few percent.", during, steal, probeFastest / 1e3, probeSlowest / 1e3,
                100 * probeSpread());
    }
}
