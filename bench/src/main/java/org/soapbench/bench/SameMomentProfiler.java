package org.soapbench.bench;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Starts every iteration, warm-up and measurement, at the same instant as a second fork running
 * beside it (the gate's same-moment design), so that iteration i of one side and iteration i of the
 * other see the same machine: a burst of steal or a neighbour's load falls on both. The second
 * iteration waits for the slower side to finish settling; from then on both run in step. The
 * directory both meet in is the fork's {@code -Dsoapbench.same-moment=DIR}. Evidence in the result:
 * <ul>
 *   <li>{@code ·moment.aligned}: 1 when every measured iteration started with the other side's, 0 when
 *       one went on alone (the other side ended or was over {@link #TIMEOUT_SECONDS} s late);</li>
 *   <li>{@code ·moment.wait}: milliseconds waited for the other side before each measured iteration;</li>
 *   <li>{@code ·moment.id}: a number naming the meeting directory, the same in both forks of a pair, so that
 *       forks merged into results of their own configurations can still be paired.</li>
 * </ul>
 */
public final class SameMomentProfiler implements InternalProfiler {

    public static final String PROPERTY = "soapbench.same-moment";
    /** Read back by the report to pair runs round by round; renaming it leaves written results unpaired. */
    public static final String ALIGNED = "·moment.aligned";
    static final String WAIT = "·moment.wait";
    /** Read back by the report to find the fork each fork ran beside. */
    public static final String ID = "·moment.id";
    /** Longer than any settling ceiling the profiles use, so a slow side's settling is waited for. */
    static final long TIMEOUT_SECONDS = 900;

    private Rendezvous rendezvous;
    private double id;
    private int iteration;
    private long waited;

    /** Read in the fork: JMH also makes the profiler in the launching JVM, which has no such property. */
    private Rendezvous rendezvous() {
        if (rendezvous == null) {
            String dir = System.getProperty(PROPERTY);
            if (dir == null || dir.isBlank()) {
                throw new IllegalStateException("-prof " + getClass().getName() + " needs -D" + PROPERTY + "=DIR in the "
                        + "fork's JVM arguments: the directory the two sides meet in.");
            }
            rendezvous = new Rendezvous(Path.of(dir), TIMEOUT_SECONDS * 1_000_000_000L);
            id = idOf(Path.of(dir));
        }
        return rendezvous;
    }

    /** The pair's number: its directory's name, hashed to a non-negative int (exact in JSON's doubles). */
    public static double idOf(Path dir) {
        return dir.getFileName().toString().hashCode() & 0x7fffffff;
    }

    @Override
    public String getDescription() {
        return "soapbench: starts each iteration at the same instant as the fork beside it";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        waited = rendezvous().meet(++iteration);
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        return List.of(new ScalarResult(ALIGNED, waited >= 0 ? 1 : 0, "", AggregationPolicy.MIN),
                new ScalarResult(WAIT, Math.abs(waited) / 1e6, "ms", AggregationPolicy.AVG),
                new ScalarResult(ID, id, "", AggregationPolicy.MAX));
    }
}
