package org.soapbench.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.soapbench.bench.fork.Slowdown;

/**
 * What an injected {@link Slowdown} added, as JMH secondary metrics: each measured iteration's calls
 * counted and extra calls made (JMH sums these events). With the thread's CPU time per counted call
 * from the same iteration, one fork tells what a call cost and how much work the slowdown added.
 * A benchmark takes this state and calls {@link #slowdown()}'s, not a {@code Slowdown} of its own: JMH
 * gives a state's dependency an instance apart from a benchmark argument of the same class.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class SlowdownCounters {

    private Slowdown slowdown;
    private long extraCalls;
    private long calls;

    @Setup(Level.Trial)
    public void bind(Slowdown spinning) {
        slowdown = spinning;
    }

    @Setup(Level.Iteration)
    public void mark() {
        extraCalls = slowdown.extraCalls();
        calls = slowdown.calls();
    }

    /** The slowdown whose calls this counts. */
    Slowdown slowdown() {
        return slowdown;
    }

    public long slowdownExtraCalls() {
        return slowdown.extraCalls() - extraCalls;
    }

    public long slowdownCalls() {
        return slowdown.calls() - calls;
    }
}
