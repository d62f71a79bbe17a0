package org.soapbench.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A known slowdown for the gate's power self-test: with {@code -Dsoapbench.slowdown=0.05} in the
 * fork's JVM arguments, each measured call is followed by a busy spin of 5% of that call's own time,
 * so the call takes 1.05 times as long whatever the machine's speed at that moment. The gate's
 * {@code --inject-slowdown} sets it on the head's forks only. Unset, the property costs one
 * predictable branch per call (nanoseconds against calls of tens of microseconds and more).
 */
@State(Scope.Thread)
public class Slowdown {

    /** The system property read at setup: the fraction of each call's time to add, e.g. 0.05. */
    public static final String PROPERTY = "soapbench.slowdown";

    private double fraction;

    @Setup(Level.Trial)
    public void read() {
        String value = System.getProperty(PROPERTY);
        try {
            fraction = value == null || value.isBlank() ? 0 : Double.parseDouble(value);
        } catch (NumberFormatException e) {
            fraction = Double.NaN; // refused below, in the same sentence
        }
        if (!(fraction >= 0) || Double.isInfinite(fraction)) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + value + " is not a fraction of a call's time; "
                    + "expected e.g. 0.05 for 5% slower.");
        }
    }

    public boolean active() {
        return fraction > 0;
    }

    /** Spins for the fraction of a call that took {@code nanos}. */
    public void after(long nanos) {
        long until = System.nanoTime() + (long) (nanos * fraction);
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }
}
