package org.soapbench.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What an injected {@link Slowdown} spun, as JMH secondary metrics: each measured iteration's CPU time
 * spun and calls made (JMH sums these events). With the thread's CPU time per call from the same
 * iteration, one fork tells the share the spin added to its own calls, whatever the host took meanwhile.
 * A benchmark takes this state and calls {@link #slowdown()}'s, not a {@code Slowdown} of its own: JMH
 * gives a state's dependency an instance apart from a benchmark argument of the same class.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class SlowdownCounters {

    private Slowdown slowdown;
    private long spunNanos;
    private long calls;

    @Setup(Level.Trial)
    public void bind(Slowdown spinning) {
        slowdown = spinning;
    }

    @Setup(Level.Iteration)
    public void mark() {
        spunNanos = slowdown.spunNanos();
        calls = slowdown.calls();
    }

    /** The slowdown whose spinning this counts. */
    Slowdown slowdown() {
        return slowdown;
    }

    public long slowdownSpunNanos() {
        return slowdown.spunNanos() - spunNanos;
    }

    public long slowdownCalls() {
        return slowdown.calls() - calls;
    }
}
