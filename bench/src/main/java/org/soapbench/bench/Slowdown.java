package org.soapbench.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A known slowdown for the gate's power self-test: with {@code -Dsoapbench.slowdown=0.05} in the
 * fork's JVM arguments, every {@link #WINDOW} measured calls are followed by a busy spin of 5% of
 * those calls' own CPU time, so the calls cost 1.05 times as much CPU whatever the machine's speed at
 * that moment, and take 1.05 times as long where nothing preempts them.
 *
 * <p>CPU time, not wall time: a call stretched by steal would otherwise get a longer spin, and a gate
 * judging CPU time would see more than 5%. The spin ends on the thread's CPU clock, not after a number
 * of steps costed once at setup: what a step costs moves with what the CPU shares with the host, a
 * guest's two CPUs need not be equally fast, and a same-moment fork changes CPU at every iteration.
 * The clock is a system call, so it is read once at the end of a window's calls and then between
 * chunks of about {@link #CHUNK_NANOS} of spinning, never on a call's own path. The gate's {@code
 * --inject-slowdown} sets the property on the head's forks only. Unset, it costs one predictable
 * branch per call. What it spun, and after how many calls, {@link SlowdownCounters} reports.
 */
@State(Scope.Thread)
public class Slowdown {

    /** The system property read at setup: the fraction of each call's time to add, e.g. 0.05. */
    public static final String PROPERTY = "soapbench.slowdown";

    /** Calls whose CPU time one spin adds to. */
    static final int WINDOW = 64;
    /** About how much CPU time the spin runs between two reads of the clock: what it may overshoot by. */
    static final long CHUNK_NANOS = 2_000;

    private final ThreadMXBean clock = ManagementFactory.getThreadMXBean();
    private double fraction;
    /** Spin steps in about {@link #CHUNK_NANOS}, as measured at setup (only the chunk's size depends on it). */
    private long chunkSteps;
    private int calls;
    /** The thread's CPU clock when the window's first call began, less what the thread did between iterations. */
    private long windowStart;
    /** CPU time of the window's calls in the iteration before, carried into the next. */
    private long carried;
    /** The spin's value, kept in a field so that the JIT cannot drop the spin. */
    private long value = 1;
    /** CPU time spun, and windows completed, since the trial began: what {@link SlowdownCounters} reports. */
    private long spunNanos;
    private long windows;

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
            chunkSteps = Math.max(1, Math.round(CHUNK_NANOS / stepNanos()));
        }
    }

    /**
     * Each iteration picks the window up where the last one left it, without what the thread did in
     * between (settling, at the first; JMH's own work at the others).
     */
    @Setup(Level.Iteration)
    public void resume() {
        if (fraction > 0) {
            windowStart = clock.getCurrentThreadCpuTime() - carried;
        }
    }

    @TearDown(Level.Iteration)
    public void pause() {
        if (fraction > 0) {
            carried = clock.getCurrentThreadCpuTime() - windowStart;
        }
    }

    /** The median CPU time of one spin step over eleven spins of a million steps, after compiling the spin. */
    private double stepNanos() {
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

    /** CPU time this thread has spun since the trial began. */
    long spunNanos() {
        return spunNanos;
    }

    /** Calls this thread has made since the trial began (counted only while active). */
    long calls() {
        return windows * WINDOW + calls;
    }

    /** After a call; after the window's last, spins until the thread has spent the fraction of the window's calls. */
    public void after() {
        if (++calls < WINDOW) {
            return;
        }
        long callsEnd = clock.getCurrentThreadCpuTime();
        long until = callsEnd + Math.round(fraction * (callsEnd - windowStart));
        long now;
        do {
            spin(chunkSteps);
            now = clock.getCurrentThreadCpuTime();
        } while (now < until);
        spunNanos += now - callsEnd;
        windows++;
        calls = 0;
        windowStart = now;
    }

    private void spin(long n) {
        long x = value;
        for (long i = 0; i < n; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        value = x;
    }
}
