package org.soapbench.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A known slowdown for the gate's power self-test: with {@code -Dsoapbench.slowdown=0.05} in the
 * fork's JVM arguments, each measured call is followed by a busy spin of 5% of a call's own CPU
 * time, so a call costs 1.05 times as much CPU whatever the machine's speed at that moment, and
 * takes 1.05 times as long where nothing preempts it.
 *
 * <p>CPU time, not wall time: a call stretched by steal would otherwise get a longer spin, and a gate
 * judging CPU time would see more than 5%. The thread's CPU clock is a system call, though, which the
 * first design made twice per call, on the measured path. So the clock is read once every
 * {@link #WINDOW} calls: the window's CPU time, less what its spins cost, gives the calls' own CPU time, and the next
 * window's spins are sized from it. A spin is a chain of dependent multiplications whose CPU time per
 * step is measured at setup, once the chain is compiled. The gate's {@code --inject-slowdown} sets the
 * property on the head's forks only. Unset, it costs one predictable branch per call.
 */
@State(Scope.Thread)
public class Slowdown {

    /** The system property read at setup: the fraction of each call's time to add, e.g. 0.05. */
    public static final String PROPERTY = "soapbench.slowdown";

    /** Calls between two reads of the thread's CPU clock. */
    static final int WINDOW = 64;

    private final ThreadMXBean clock = ManagementFactory.getThreadMXBean();
    private double fraction;
    /** CPU time of one step of the spin, in nanoseconds. */
    private double stepNanos;
    /** Steps spun after each call of the current window. */
    private long steps;
    private int calls;
    private long windowStart;
    /** The spin's value, kept in a field so that the JIT cannot drop the spin. */
    private long value = 1;

    @Setup(Level.Trial)
    public void read() {
        String property = System.getProperty(PROPERTY);
        try {
            fraction = property == null || property.isBlank() ? 0 : Double.parseDouble(property);
        } catch (NumberFormatException e) {
            fraction = Double.NaN; // refused below, in the same sentence
        }
        if (!(fraction >= 0) || Double.isInfinite(fraction)) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + property + " is not a fraction of a call's time; "
                    + "expected e.g. 0.05 for 5% slower.");
        }
        if (fraction > 0) {
            stepNanos = calibrate();
            windowStart = clock.getCurrentThreadCpuTime();
        }
    }

    /** The median CPU time of one spin step over eleven spins of a million steps, after compiling the spin. */
    private double calibrate() {
        for (int i = 0; i < 50; i++) {
            spin(100_000);
        }
        double[] perStep = new double[11];
        for (int i = 0; i < perStep.length; i++) {
            long start = clock.getCurrentThreadCpuTime();
            spin(1_000_000);
            perStep[i] = (clock.getCurrentThreadCpuTime() - start) / 1e6;
        }
        Arrays.sort(perStep);
        return perStep[perStep.length / 2];
    }

    public boolean active() {
        return fraction > 0;
    }

    /** After a call: spins for the fraction of a call's CPU time, as the last window measured it. */
    public void after() {
        spin(steps);
        if (++calls == WINDOW) {
            long now = clock.getCurrentThreadCpuTime();
            double perCall = (now - windowStart) / (double) WINDOW - steps * stepNanos;
            steps = Math.max(0, Math.round(fraction * perCall / stepNanos));
            calls = 0;
            windowStart = now;
        }
    }

    /** What one spin step costs, for tests. */
    double stepNanos() {
        return stepNanos;
    }

    /** The steps spun after each call in this window, for tests. */
    long steps() {
        return steps;
    }

    private void spin(long n) {
        long x = value;
        for (long i = 0; i < n; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        value = x;
    }
}
