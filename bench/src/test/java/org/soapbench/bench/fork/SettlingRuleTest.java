package org.soapbench.bench.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** The steady-state rule on simulated JVMs whose warm-up is known, and once on the real clock. */
class SettlingRuleTest {

    /** A simulated JVM: a call costs {@code cost(t)} seconds and the JIT has compiled {@code jit(t)} ms by time t. */
    static final class SimulatedJvm implements SettlingRule.Clocks {
        final DoubleUnaryOperator cost;
        final DoubleUnaryOperator jit;
        double now;
        final List<Double> callTimes = new ArrayList<>();

        SimulatedJvm(DoubleUnaryOperator cost, DoubleUnaryOperator jit) {
            this.cost = cost;
            this.jit = jit;
        }

        long call() {
            callTimes.add(now);
            now += cost.applyAsDouble(now);
            return 1;
        }

        @Override
        public long nanoTime() {
            return (long) (now * 1e9);
        }

        @Override
        public long jitMillis() {
            return (long) jit.applyAsDouble(now);
        }

        SettlingRule.Evidence settle(double ceiling, List<String> lines) {
            return SettlingRule.reach(this::call, () -> { }, new SettlingRule.Settings(true, ceiling), this, lines::add);
        }
    }

    /** Compiles for 12 s (half a core), and calls get 2× faster linearly until 15 s, then stay flat. */
    private static SimulatedJvm longWarmup() {
        return new SimulatedJvm(t -> 0.004 * (t < 15 ? 2 - t / 15 : 1), t -> t < 12 ? t * 500 : 6000 + (t - 12) * 2);
    }

    @Test
    void aLongWarmupIsNotDeclaredSteadyBeforeItEnds() {
        SimulatedJvm jvm = longWarmup();
        List<String> lines = new ArrayList<>();
        SettlingRule.Evidence e = jvm.settle(60, lines);
        assertTrue(e.reached(), e::sentence);
        assertTrue(e.seconds() >= 12, "declared steady at " + e.seconds() + " s, while the JIT still compiled");
        assertTrue(e.seconds() <= 20, "took " + e.seconds() + " s to see a flat, quiet JVM");
        assertTrue(e.jitShare() <= SettlingRule.JIT_LIMIT, e::sentence);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("settling, 5 s")), "progress every 5 s: " + lines);
        assertTrue(lines.get(lines.size() - 1).startsWith("steady after"), lines::toString);
    }

    @Test
    void callsStillGettingFasterWithAQuietJitAreNotSteady() {
        // No compilation at all, but calls speed up until 8 s (say, a cache filling): the trend decides.
        SimulatedJvm jvm = new SimulatedJvm(t -> 0.002 * (t < 8 ? 3 - t / 4 : 1), t -> 0);
        SettlingRule.Evidence e = jvm.settle(60, new ArrayList<>());
        assertTrue(e.reached(), e::sentence);
        assertTrue(e.seconds() >= 7, "declared steady at " + e.seconds() + " s, while calls still got faster");
    }

    @Test
    void aQuietFlatJvmTakesTheMinimumFiveSeconds() {
        SimulatedJvm jvm = new SimulatedJvm(t -> 0.001, t -> 0);
        SettlingRule.Evidence e = jvm.settle(60, new ArrayList<>());
        assertTrue(e.reached());
        assertEquals(5.0, e.seconds(), 0.01);
    }

    @Test
    void aJvmThatNeverSettlesStopsAtTheCeilingAndSaysSo() {
        SimulatedJvm jvm = new SimulatedJvm(t -> 0.003, t -> t * 100); // compiling 10% of the time, forever
        List<String> lines = new ArrayList<>();
        SettlingRule.Evidence e = jvm.settle(10, lines);
        assertFalse(e.reached());
        assertEquals(10, e.seconds(), 0.6);
        String last = lines.get(lines.size() - 1);
        assertTrue(last.startsWith("NOT steady after 10") && last.contains("JIT 10.0%") && last.contains("records it"), last);
    }

    @Test
    void eachWindowStartsTheQueryCycleAgain() {
        SimulatedJvm jvm = new SimulatedJvm(t -> 0.1, t -> 0);
        int[] starts = {0};
        SettlingRule.reach(jvm::call, () -> starts[0]++, new SettlingRule.Settings(true, 60), jvm, l -> { });
        assertEquals(10, starts[0], "one start per half-second window, ten windows at least");
    }

    /**
     * On the real clock: an operation that gets faster for its first 3 s, as JIT-compiled code does,
     * is declared steady only after it stopped getting faster.
     */
    @Test
    void aRealOperationWithADeliberatelyLongWarmupIsMeasuredOnlyOnceFast() {
        long begin = System.nanoTime();
        SettlingRule.Evidence e = SettlingRule.reach(() -> {
            double seconds = (System.nanoTime() - begin) / 1e9;
            long until = System.nanoTime() + (long) (Math.max(0.2, 2 - 0.6 * seconds) * 1e6);
            long spins = 0;
            while (System.nanoTime() < until) {
                spins++;
            }
            return spins;
        }, () -> { }, new SettlingRule.Settings(true, 30), SettlingRule.Clocks.jvm(), l -> { });
        assertTrue(e.seconds() >= 3, "steady at " + e.seconds() + " s, before the operation turned fast");
        assertTrue(e.nanosPerCall() < 1_000_000, "the steady call time is the fast one: " + e.nanosPerCall());
    }

    @Test
    void settingsAcceptOffOrSecondsAndNameWhatElseTheyWant() {
        assertFalse(SettlingRule.Settings.parse("off", "x").enabled());
        assertEquals(45, SettlingRule.Settings.parse("45s", "x").ceilingSeconds());
        assertEquals(90, SettlingRule.Settings.parse("90", "x").ceilingSeconds());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SettlingRule.Settings.parse("soon", "the command line"));
        assertEquals("the command line: the settle ceiling 'soon' is neither 'off' nor a number of seconds from 5 (the "
                + "span the rule judges) to 3600, e.g. 60s.", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SettlingRule.Settings.parse("1s", "x"));
    }
}
