package org.soapbench.bench.fork;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A known slowdown for the gate's power self-test: with {@code -Dsoapbench.slowdown=0.05} in the
 * fork's JVM arguments, one call in twenty is followed by an extra call of the same operation (the
 * next query, through the same client and server), so each measured operation does 1.05 times the
 * work: 1.05 times the CPU whatever the machine's speed at that moment, and 1.05 times the time where
 * nothing preempts it. The extra calls are spread evenly (an accumulator, not chance), so every
 * iteration holds its exact share, give or take one call.
 *
 * <p>More of the same work, not a busy spin beside it. A spin of the fraction of the calls' own CPU
 * time, measured on the thread's CPU clock, added exactly what it named in a fork of known cost, yet
 * 3% came out at 1.037-1.045 in the stacks' calls at the same moment, whether the clock was read every
 * 2 µs or twice a window, and with the base running the same code spinning nothing; extra calls came
 * out at 1.028 [1.019, 1.038] (reports/sample-gate-designs-2026-11-26). In a JVM alone the calls after
 * a spin cost about what the calls after none did (-1.3% to +2.3%, no common sign), so the excess
 * seems to arise between the twins: a spin touches no memory while its twin on the other CPU goes on
 * using the cache the two share. An extra call uses memory as the calls do, reads no clock, and needs
 * no calibration.
 *
 * <p>The gate's {@code --inject-slowdown} sets the property on the head's forks, and to 0 on the
 * base's: a placebo, the same code with no extra call. Unset, it costs one predictable branch per
 * call. How many calls were counted and how many were extra, the benchmarks' {@code SlowdownCounters}
 * reports.
 */
@State(Scope.Thread)
public class Slowdown {

    /** The system property read at setup: the fraction of each call's work to add, e.g. 0.05. */
    public static final String PROPERTY = "soapbench.slowdown";

    /** Whether the property was given, 0 included: a fraction of 0 is the placebo the gate's base runs. */
    private boolean active;
    private double fraction;
    /** Extra calls owed so far, less those made: one is made whenever it reaches 1. */
    private double owed;
    /** Calls counted (the measured operations) and extra calls made, since the trial began. */
    private long calls;
    private long extraCalls;
    /** The last extra call's answer: a store the JIT must keep, so that nothing can drop the call. */
    private Object kept;

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
        active = property != null && !property.isBlank();
    }

    /** Given, even as 0: then the calls go through the same code and make no extra call. */
    public boolean active() {
        return active;
    }

    /** After a counted call: whether an extra call is due now. */
    public boolean extraCallDue() {
        calls++;
        owed += fraction;
        if (owed < 1) {
            return false;
        }
        owed -= 1;
        extraCalls++;
        return true;
    }

    /** Keeps an extra call's answer. */
    public void keep(Object answer) {
        kept = answer;
    }

    /** Calls counted since the trial began (only while active). */
    public long calls() {
        return calls;
    }

    /** Extra calls made since the trial began. */
    public long extraCalls() {
        return extraCalls;
    }
}
