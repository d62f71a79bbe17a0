package org.soapbench.cli;

import org.openjdk.jmh.runner.options.Options;
import org.soapbench.paired.Design;
import org.soapbench.paired.OneCpuJvm;
import org.soapbench.paired.SameMoment;
import picocli.CommandLine.Option;

/** How the gate's rounds run, a picocli mixin: how many, in which order, together or one after the other, on which CPUs. */
final class GateRounds {

    @Option(names = "--rounds", paramLabel = "N", description = "forks a side per configuration, one a round "
            + "(default: the profile's -f, at least 2)")
    Integer rounds;

    @Option(names = "--seed", paramLabel = "N", description = "seed of the randomized order (default: random, printed)")
    Long seed;

    @Option(names = "--design", paramLabel = "DESIGN", description = "same-moment: base "
            + "and head of a round run together, one pinned JVM per CPU (taskset), " + SameMoment.IN_STEP
            + "; same-cpu: together on one CPU, which they share, a pair on each CPU at once; interleaved: one after "
            + "the other (default: the profile's --design, else same-moment)")
    String design;

    @Option(names = "--cpus", paramLabel = "A,B", defaultValue = "0,1", description = "the two CPUs a same-moment "
            + "round pins its two JVMs to; A,A shares one CPU between them (default: ${DEFAULT-VALUE})")
    String cpus;

    /**
     * --design, else the profile's (a profile that suits a secured gate best says so itself), else same-moment;
     * {@code profiles} is null where the profiles name none or leave the forks to JMH, which a gate cannot.
     */
    Design design(Design profiles) {
        if (design != null) {
            return Design.parse(design, Design.SAME_MOMENT, Design.SAME_CPU, Design.INTERLEAVED);
        }
        return profiles == null || profiles == Design.JMH ? Design.SAME_MOMENT : profiles;
    }

    /** The two CPUs of a same-moment or same-CPU gate, or null for interleaved rounds; what cannot work is one sentence. */
    int[] pinnedCpus(Design design) {
        return design == Design.INTERLEAVED ? null : OneCpuJvm.pinnedCpus(cpus, "--design interleaved");
    }

    /** Forks a side per configuration: --rounds, else the profile's -f; at least two, pairs being the samples. */
    int rounds(Options jmh) {
        int n = rounds != null ? rounds : Math.max(2, jmh.getForkCount().orElse(2));
        if (n < 2) {
            throw new IllegalArgumentException("--rounds must be at least 2 (pairs of forks are the samples), not " + n + ".");
        }
        return n;
    }

    /** The seed of the randomized order: --seed, else a random one (the console prints it). */
    long seed() {
        return seed != null ? seed : new java.util.Random().nextLong();
    }
}
