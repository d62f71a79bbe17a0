package org.soapbench.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A known slowdown for the gate's power self-test: with {@code -Dsoapbench.slowdown=0.05} in the
 * fork's JVM arguments, each measured call is followed by a busy spin of 5% of that call's own CPU
 * time, so the call costs 1.05 times as much CPU whatever the machine's speed at that moment, and
 * takes 1.05 times as long where nothing preempts it. CPU time, not wall time: a call stretched by
 * steal would otherwise get a longer spin, and a gate judging CPU time would see more than 5%. The
 * two clock reads a call adds are measured at setup and taken off the spin. The gate's
 * {@code --inject-slowdown} sets it on the head's forks only. Unset, the property costs one
 * predictable branch per call (nanoseconds against calls of tens of microseconds and more).
 */
@State(Scope.Thread)
public class Slowdown {

    /** The system property read at setup: the fraction of each call's time to add, e.g. 0.05. */
    public static final String PROPERTY = "soapbench.slowdown";

    private double fraction;
    private final ThreadMXBean clock = ManagementFactory.getThreadMXBean();
    /** What one read of the thread's CPU clock costs in CPU time (its median over a thousand reads). */
    private long readNanos;

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
        if (fraction > 0) {
            long[] reads = new long[1001];
            reads[0] = clock.getCurrentThreadCpuTime();
            for (int i = 1; i < reads.length; i++) {
                reads[i] = clock.getCurrentThreadCpuTime();
            }
            long[] steps = new long[reads.length - 1];
            for (int i = 0; i < steps.length; i++) {
                steps[i] = reads[i + 1] - reads[i];
            }
            java.util.Arrays.sort(steps);
            readNanos = steps[steps.length / 2];
        }
    }

    public boolean active() {
        return fraction > 0;
    }

    /** Before a call: this thread's CPU clock. */
    public long begin() {
        return clock.getCurrentThreadCpuTime();
    }

    /** After a call begun at {@code start}: spins for the fraction of the CPU time the call took. */
    public void after(long start) {
        long now = clock.getCurrentThreadCpuTime();
        long until = now + (long) ((now - start) * fraction) - 2 * readNanos;
        while (now < until) {
            Thread.onSpinWait();
            now = clock.getCurrentThreadCpuTime();
        }
    }
}
