package org.soapbench.paired;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How forks that are compared are placed in time: at the same moment (two JVMs, one pinned to each
 * CPU, iterations started together) or interleaved (one at a time, in a randomized order). The gate's
 * {@code --design}, and run's, where it pairs configurations in duets ({@link DuetPlan}); a run may
 * also leave the forks to JMH, in its own order and unpinned, where duets cannot serve (several
 * threads, one CPU) or are not wanted (a profiling session).
 */
public enum Design {

    SAME_MOMENT,
    /**
     * Two JVMs pinned to one CPU, which the kernel shares between them a few milliseconds at a time,
     * iterations started together; a pair on each CPU at once. Both run on the same CPU at the same
     * moment, so a vCPU slower than the other for a while falls on both.
     */
    SAME_CPU,
    INTERLEAVED,
    /** run only: no duets, JMH's own order, each fork on the whole machine. */
    JMH;

    /** How the command line names it: {@code same-moment}, {@code same-cpu}, {@code interleaved}, {@code jmh}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** One of the designs by its {@link #id}; anything else is one sentence naming them. */
    public static Design parse(String text) {
        return parse(text, values());
    }

    /** One of {@code allowed}; anything else is one sentence naming them. */
    public static Design parse(String text, Design... allowed) {
        for (Design d : allowed) {
            if (d.id().equals(text.strip().toLowerCase(Locale.ROOT))) {
                return d;
            }
        }
        throw new IllegalArgumentException("--design '" + text + "' is not a design; expected "
                + Arrays.stream(allowed).map(Design::id).collect(Collectors.joining(", ")).replaceAll(", (\\w+)$", " or $1") + ".");
    }
}
