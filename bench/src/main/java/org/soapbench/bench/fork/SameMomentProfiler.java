package org.soapbench.bench.fork;

import java.nio.file.Path;
import java.util.ArrayList;
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
 * directory both meet in is the fork's {@code -Dsoapbench.same-moment=DIR}.
 *
 * <p>With {@code -Dsoapbench.same-moment.cpus=A,B} (A: the CPU the fork was started on, B: the other
 * side's), the two swap CPUs at every iteration after the first, once both have arrived: iteration i
 * runs on A when i is odd and on B when even, the other side the reverse, so each side spends as many
 * measured iterations on each CPU. Two vCPUs of a cloud guest need not be equally fast: on this
 * project's machine one ran 1.5–2× slower than the other for minutes at a time (L3 or a core shared
 * with other guests, which neither steal time nor an ALU probe shows), and a side pinned to it for a
 * whole fork lost the pair's resolution; swapping every iteration cancels that in the pair.
 * With A,A the two share that CPU, so whatever it does falls on both, and nothing swaps.
 * Evidence in the result:
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
    /** The fork's own CPU and the other side's, "A,B": the two swap at every iteration ("A,A": they share one). */
    public static final String CPUS = "soapbench.same-moment.cpus";
    /** Read back by the gate to show how alike the two CPUs ran ({@code CpuBalance}). */
    public static final String CPU = "·moment.cpu";
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
    /** This side's CPU for odd iterations and for even ones, or null: it stays where it was started. */
    private int[] cpus;
    /** The CPU this side runs on now, or -1 when not known (no CPUs given). */
    private int cpu = -1;

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
            cpus = cpus(System.getProperty(CPUS));
            cpu = cpus == null ? -1 : cpus[0];
        }
        return rendezvous;
    }

    /** "A,B" as two CPU numbers; null when absent. */
    static int[] cpus(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String[] parts = value.split(",");
        try {
            if (parts.length == 2) {
                int a = Integer.parseInt(parts[0].strip());
                int b = Integer.parseInt(parts[1].strip());
                if (a >= 0 && b >= 0) { // a == b: both sides share one CPU, and nothing swaps
                    return new int[] {a, b};
                }
            }
        } catch (NumberFormatException e) {
            // the sentence below
        }
        throw new IllegalArgumentException("-D" + CPUS + "=" + value + ": expected two CPU numbers, this "
                + "fork's and the other side's, such as 0,1 (or 0,0 for one shared).");
    }

    /** The pair's number: its directory's name, hashed to a non-negative int (exact in JSON's doubles). */
    public static double idOf(Path dir) {
        return dir.getFileName().toString().hashCode() & 0x7fffffff;
    }

    @Override
    public String getDescription() {
        return "soapbench: starts each iteration at the same instant as the fork beside it (swapping CPUs with it "
                + "at every iteration when given both)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        Rendezvous r = rendezvous();
        int k = ++iteration;
        int next = cpus == null ? -1 : cpus[(k - 1) % 2];
        waited = r.meet(k, () -> {
            if (next >= 0 && next != cpu) {
                Affinity.pin(next); // both are here, so the other side is leaving that CPU in the same margin
                cpu = next;
            }
        });
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        List<Result> results = new ArrayList<>(List.of(
                new ScalarResult(ALIGNED, waited >= 0 ? 1 : 0, "", AggregationPolicy.MIN),
                new ScalarResult(WAIT, Math.abs(waited) / 1e6, "ms", AggregationPolicy.AVG),
                new ScalarResult(ID, id, "", AggregationPolicy.MAX)));
        if (cpus != null) {
            results.add(new ScalarResult(CPU, cpu, "", AggregationPolicy.AVG));
        }
        return results;
    }
}
