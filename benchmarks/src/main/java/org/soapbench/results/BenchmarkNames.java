package org.soapbench.results;

/**
 * The names a run's results are known by, which the tools select and pair on: the benchmarks'
 * package and the floor's stack. They are the benchmarks' own names, written here as text so that no
 * tool depends on a benchmark class; {@code DirectionTest} fails when the two drift apart.
 */
public final class BenchmarkNames {

    /** The package of every JMH benchmark: {@code compare} pairs results by their full names. */
    public static final String PACKAGE = "org.soapbench.bench";

    /** The stack id whose jar set {@code Floor} runs (so the size sweep's floor is drawn beside the stacks). */
    public static final String FLOOR_STACK = "jaxb-floor";

    /** The file that tells a fork run at the same moment as another that the other has ended ({@code Rendezvous}). */
    public static final String SAME_MOMENT_GONE = "gone";

    private BenchmarkNames() {
    }
}
