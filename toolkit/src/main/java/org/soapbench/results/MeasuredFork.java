package org.soapbench.results;

import java.util.List;
import org.soapbench.bench.fork.SameMomentProfiler;

/** One fork of a result, and what the same-moment profiler recorded of how it ran beside its twin. */
record MeasuredFork(JmhResult result, int fork) {

    /** This fork's measured iterations. */
    List<Double> iterations() {
        return result.raw().get(fork);
    }

    /**
     * Whether every measured iteration of this fork started with its twin's. Both forks of a pair must
     * say so: one after the other (--design interleaved), the first goes on alone and says 0.
     */
    boolean aligned() {
        List<List<Double>> aligned = result.secondaryRaw(SameMomentProfiler.ALIGNED);
        return fork < aligned.size() && !aligned.get(fork).isEmpty()
                && aligned.get(fork).stream().allMatch(v -> v == 1);
    }

    /** Whether this fork ran every iteration on the CPU its twin ran it on: the two shared one CPU. */
    boolean sharedCpuWith(MeasuredFork twin) {
        List<Double> mine = cpus();
        return !mine.isEmpty() && mine.equals(twin.cpus());
    }

    /** Whether the two ran every iteration together on one CPU they shared (--design same-cpu). */
    boolean sharedEveryIterationWith(MeasuredFork twin) {
        return aligned() && twin.aligned() && sharedCpuWith(twin) && iterations().size() == twin.iterations().size();
    }

    private List<Double> cpus() {
        List<List<Double>> cpus = result.secondaryRaw(SameMomentProfiler.CPU);
        return fork < cpus.size() ? cpus.get(fork) : List.of();
    }
}
