package org.soapbench.bench.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The steady-state rule on simulated JVMs whose warm-up is known, and once on the real clock. */
class SettlingRuleTest {

    /**
     * A simulated JVM: a call costs {@code cpu(t)} seconds of the thread's CPU time and waits {@code stall(t)}
     * seconds more without it (a foreground compilation), and the JIT has compiled {@code jit(t)} ms by time t.
     */
    static class SimulatedJvm implements SettlingRule.Clocks {
        final DoubleUnaryOperator cpu;
        final DoubleUnaryOperator stall;
        final DoubleUnaryOperator jit;
        double now;
        double cpuTime;
        long tierFour;
        final List<Double> callTimes = new ArrayList<>();

        SimulatedJvm(DoubleUnaryOperator cpu, DoubleUnaryOperator jit) {
            this(cpu, t -> 0, jit);
        }

        SimulatedJvm(DoubleUnaryOperator cpu, DoubleUnaryOperator stall, DoubleUnaryOperator jit) {
            this.cpu = cpu;
            this.stall = stall;
            this.jit = jit;
        }

        long call() {
            callTimes.add(now);
            double c = cpu.applyAsDouble(now);
            now += c + stall.applyAsDouble(now);
            cpuTime += c;
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

        @Override
        public long threadCpuNanos() {
            return (long) (cpuTime * 1e9);
        }

        @Override
        public long tierFourCalls() {
            return tierFour;
        }

        SimulatedJvm withTierFourAt(long calls) {
            tierFour = calls;
            return this;
        }

        SettlingRule.Evidence settle(double ceiling, List<String> lines) {
            return settle(ceiling, SettlingRule.Judged.CPU, lines);
        }

        SettlingRule.Evidence settle(double ceiling, SettlingRule.Judged judged, List<String> lines) {
            return SettlingRule.reach(this::call, () -> { }, new SettlingRule.Settings(true, ceiling), judged, this, lines::add);
        }
    }

    /** Compiles for 12 s (half a core), and calls get 2× faster linearly until 15 s, then stay flat. */
    private static SimulatedJvm longWarmup() {
        return new SimulatedJvm(t -> 0.004 * (t < 15 ? 2 - t / 15 : 1), t -> t < 12 ? t * 500 : 6000 + (t - 12) * 2);
    }

    @Test
    void aLongWarmupIsNotDeclaredSteadyBeforeItEnds() {
        for (SettlingRule.Judged judged : SettlingRule.Judged.values()) {
            SimulatedJvm jvm = longWarmup();
            List<String> lines = new ArrayList<>();
            SettlingRule.Evidence e = jvm.settle(60, judged, lines);
            assertTrue(e.reached(), e::sentence);
            assertTrue(e.seconds() >= 13, judged + ": declared steady at " + e.seconds() + " s, while calls still got faster");
            assertTrue(e.seconds() <= 20, judged + ": took " + e.seconds() + " s to see a flat JVM");
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("settling, 5 s")), "progress every 5 s: " + lines);
            assertTrue(lines.get(lines.size() - 1).startsWith("steady after"), lines::toString);
        }
    }

    /**
     * What a pinned fork compiling in the foreground does: its CPU time per call is flat, but compilations
     * stop its calls, for a third of the wall time until 20 s, then for 2% of it until 40 s. Judged on
     * CPU time it is steady once the JIT takes at most 3% of the span, and says what the stalls cost;
     * judged on wall time it waits for the JIT to be under 1%.
     */
    @Test
    void aFlatCpuTimeWithCompileStallsIsSteadyOnCpuTimeOnceTheJitIsAllButDoneAndItsStallsReported() {
        DoubleUnaryOperator stalls = t -> t < 20 ? 0.0005 : t < 40 ? 0.00002 : 0;
        DoubleUnaryOperator jit = t -> t < 20 ? t * 333 : t < 40 ? 6660 + (t - 20) * 20 : 7060;
        List<String> lines = new ArrayList<>();
        SettlingRule.Evidence cpu = new SimulatedJvm(t -> 0.001, stalls, jit).settle(60, SettlingRule.Judged.CPU, lines);
        assertTrue(cpu.reached(), cpu::sentence);
        assertTrue(cpu.seconds() >= 24 && cpu.seconds() <= 26, "steady on CPU time at " + cpu.seconds() + " s");
        assertEquals(1_000_000, cpu.nanosPerCall(), 1_000);
        assertEquals(1_020_000, cpu.wallNanosPerCall(), 1_000, "the stalls are in the evidence");
        String last = lines.get(lines.size() - 1);
        assertTrue(last.contains("CPU time per call") && last.contains("wall 1,020.0 µs") && last.contains("JIT compiled for 2.0%"),
                last);

        SettlingRule.Evidence wall = new SimulatedJvm(t -> 0.001, stalls, jit).settle(60, SettlingRule.Judged.WALL, new ArrayList<>());
        assertTrue(wall.reached(), wall::sentence);
        assertTrue(wall.seconds() >= 40, "judged on wall time, steady at " + wall.seconds() + " s, while the JIT still compiled");
    }

    /** A JIT that keeps compiling leaves the CPU time it inflates unjudged: the ceiling, whatever the calls show. */
    @Test
    void aBusyJitIsNotSteadyEvenWhereCpuTimeLooksFlat() {
        SettlingRule.Evidence e = new SimulatedJvm(t -> 0.001, t -> 0.0001, t -> t * 100).settle(20, new ArrayList<>());
        assertFalse(e.reached(), e::sentence);
    }

    /**
     * One vCPU of the guest runs 1.6 times slower for seconds, and a fork in a duet changes CPU at every
     * iteration: its CPU time per call alternates from one window to the next. The faster half of each
     * half's windows leaves that out, so a flat fork is steady in the five seconds the rule takes.
     */
    @Test
    void aSlowVcpuEveryOtherWindowDoesNotHoldSettlingBack() {
        DoubleUnaryOperator alternating = t -> 0.001 * ((int) (t / SettlingRule.WINDOW_SECONDS) % 2 == 0 ? 1 : 1.6);
        SettlingRule.Evidence e = new SimulatedJvm(alternating, t -> 0).settle(60, new ArrayList<>());
        assertTrue(e.reached(), e::sentence);
        assertEquals(5.0, e.seconds(), 0.05);
    }

    @Test
    void aCpuTimeStillFallingIsNotSteady() {
        // No compilation seen at all, but calls speed up until 8 s (say, a cache filling): the trend decides.
        SimulatedJvm jvm = new SimulatedJvm(t -> 0.002 * (t < 8 ? 3 - t / 4 : 1), t -> 0);
        SettlingRule.Evidence e = jvm.settle(60, new ArrayList<>());
        assertTrue(e.reached(), e::sentence);
        assertTrue(e.seconds() >= 7, "declared steady at " + e.seconds() + " s, while calls still got faster");
    }

    /**
     * What a CXF {@code sign} fork did: its JIT paused at about 5,000 calls, flat, then C2 took up the code run
     * once per call and the calls got 7% cheaper, in what JMH measured. Here calls of 3 ms, the JIT busy until
     * 8 s and then quiet, and calls 7% cheaper from call 5,400: the rule holds at 13 s, 4,300 calls, but JMH's
     * 9 s would take the fork past the 5,500 calls of the JVM's threshold, so the span judged begins after them.
     */
    @Test
    void aLullBeforeC2TakesUpWhatRunsOncePerCallIsNotTheEnd() {
        DoubleUnaryOperator cheaperAtCall5400 = t -> t < 5_400 * 0.003 ? 0.003 : 0.0028;
        DoubleUnaryOperator jit = t -> t < 8 ? t * 300 : 2_400;
        assertEquals(13.0, new SimulatedJvm(cheaperAtCall5400, jit).settle(60, new ArrayList<>()).seconds(), 0.6,
                "without the threshold, the lull passes for the end");
        List<String> lines = new ArrayList<>();
        SettlingRule.Evidence e = new SimulatedJvm(cheaperAtCall5400, jit).withTierFourAt(5_500).settle(60, lines);
        assertTrue(e.reached(), e::sentence);
        assertTrue(e.seconds() >= 5_500 * 0.003 + 5, "steady at " + e.seconds() + " s, before a span after call 5,500");
        assertTrue(e.seconds() <= 5_500 * 0.003 + 6, "took " + e.seconds() + " s");
        assertEquals(0.0028e9, e.nanosPerCall(), 1e3, "measured after the wave");
        assertTrue(lines.get(lines.size() - 1).contains("the span judged begins after call 5,500"), lines::toString);
    }

    /**
     * Calls of 20 ms: the 9 s JMH warms up and measures after settling hold 450 of them, far from the 5,500 calls
     * of the threshold, so its wave would not land in what is measured, and the rule alone decides.
     */
    @Test
    void callsTooSlowToReachTheThresholdWhileMeasuredSettleOnTheRuleAlone() {
        SettlingRule.Evidence e = new SimulatedJvm(t -> 0.02, t -> 0).withTierFourAt(5_500).settle(60, new ArrayList<>());
        assertTrue(e.reached(), e::sentence);
        assertEquals(e.seconds(), e.spanSeconds(), 0.01, "steady at the first span judged");
    }

    /**
     * What Axis2's {@code sign} forks did on a slow host: calls of 10 ms and a JIT busy until 48 s, so the ceiling
     * (50 s here) comes at call 5,000, short of the wave, which JMH's 9 s would reach. The ceiling stretches until
     * the span after call 5,500 is judged, at most by those 9 s and one span, and the fork is measured after the wave.
     */
    @Test
    void aWaveAheadAtTheCeilingIsWaitedForAsFarAsJmhWouldReachIt() {
        DoubleUnaryOperator cheaperAtCall5400 = t -> t < 5_400 * 0.010 ? 0.010 : 0.0093;
        DoubleUnaryOperator jit = t -> t < 48 ? t * 300 : 14_400;
        List<String> lines = new ArrayList<>();
        SettlingRule.Evidence e = new SimulatedJvm(cheaperAtCall5400, jit).withTierFourAt(5_500).settle(50, lines);
        assertTrue(e.reached(), e::sentence);
        assertTrue(e.seconds() >= 5_400 * 0.010 + 0.1 * 0.0093 * 1_000 + 5 && e.seconds() <= 50 + 9 + 5,
                "steady at " + e.seconds() + " s: after a span past call 5,500, within the stretch");
        assertEquals(0.0093e9, e.nanosPerCall(), 1e3, "measured after the wave");
        assertTrue(lines.get(lines.size() - 1).contains("past the ceiling, which stretches for it"), lines.get(lines.size() - 1));

        // a JIT that never quietens: settled on past the wave until the stretch ends, and said so
        SettlingRule.Evidence busy = new SimulatedJvm(cheaperAtCall5400, t -> t * 100).withTierFourAt(5_500).settle(50, lines);
        assertFalse(busy.reached(), busy::sentence);
        assertEquals(50 + 9 + 5, busy.seconds(), 0.6, "cut where the stretch ends");
        assertTrue(lines.get(lines.size() - 1).startsWith("NOT steady after 64") && lines.get(lines.size() - 1).contains(
                "the ceiling as far as it stretches for C2's wave"), lines.get(lines.size() - 1));
        // without the wave ahead, the ceiling is the ceiling
        SettlingRule.Evidence alone = new SimulatedJvm(cheaperAtCall5400, t -> t * 100).settle(50, lines);
        assertEquals(50, alone.seconds(), 0.6);
    }

    /** A twin whose wave stays ahead: a steady fork waits for it past its own ceiling, but only as far as the stretch goes. */
    @Test
    void aTwinsWaveIsWaitedForPastTheCeilingOnlyAsFarAsTheStretchGoes() {
        SimulatedJvm jvm = new SimulatedJvm(t -> 0.001, t -> 0);
        boolean[] waiting = {false};
        Twin twin = new Twin(jvm, Double.MAX_VALUE) {
            @Override
            public boolean twinWaveAhead() {
                return true;
            }

            @Override
            public void waiting() {
                waiting[0] = true;
            }
        };
        SettlingRule.Evidence e = SettlingRule.reach(jvm::call, () -> { }, new SettlingRule.Settings(true, 20),
                SettlingRule.Judged.CPU, jvm, twin, SettlingRule.QUICK_AFTERWARDS, new ArrayList<>()::add);
        assertTrue(e.reached(), e::sentence);
        assertEquals(20 + 9 + 5, e.seconds(), 0.6, "the ceiling, 9 s of JMH and one span");
        assertTrue(waiting[0], "the twin is shown this side waits only for it");
        assertTrue(twin.done, "and told when this side stops");
    }

    @Test
    void aQuietFlatJvmTakesTheMinimumFiveSeconds() {
        SimulatedJvm jvm = new SimulatedJvm(t -> 0.001, t -> 0);
        SettlingRule.Evidence e = jvm.settle(60, new ArrayList<>());
        assertTrue(e.reached());
        assertEquals(5.0, e.seconds(), 0.01);
    }

    /** A call of 100 ms leaves five in a window: each half of the span grows until it holds enough calls. */
    @Test
    void slowCallsAreJudgedOverALongerSpan() {
        SimulatedJvm jvm = new SimulatedJvm(t -> 0.1, t -> 0);
        SettlingRule.Evidence e = jvm.settle(60, new ArrayList<>());
        assertTrue(e.reached());
        // each half holds MIN_HALF_CALLS calls at least, so the first span judged is at least that long
        assertTrue(e.spanSeconds() >= 2 * SettlingRule.MIN_HALF_CALLS * 0.1, "span " + e.spanSeconds() + " s");
        assertEquals(e.seconds(), e.spanSeconds(), 0.01, "steady at the first span judged");
    }

    @Test
    void aJvmThatNeverSettlesStopsAtTheCeilingAndSaysSo() {
        // Calls keep getting faster, 1% a second, for longer than the ceiling.
        SimulatedJvm jvm = new SimulatedJvm(t -> 0.003 * Math.exp(-0.01 * t), t -> t * 100);
        List<String> lines = new ArrayList<>();
        SettlingRule.Evidence e = jvm.settle(10, lines);
        assertFalse(e.reached());
        assertEquals(10, e.seconds(), 0.6);
        String last = lines.get(lines.size() - 1);
        assertTrue(last.startsWith("NOT steady after 10") && last.contains("CPU time per call -2.") && last.contains("JIT 10.0%")
                && last.contains("records it"), last);
        // judged on wall time, a JIT compiling 10% of the time forever is not quiet either
        SettlingRule.Evidence wall = new SimulatedJvm(t -> 0.003, t -> t * 100).settle(10, SettlingRule.Judged.WALL, new ArrayList<>());
        assertFalse(wall.reached());
    }

    /** The twin of a fork in a paired design, steady from {@code from} seconds on the fork's own clock. */
    private static class Twin implements SettlingRule.Partner {
        final SimulatedJvm clock;
        final double from;
        boolean done;

        Twin(SimulatedJvm clock, double from) {
            this.clock = clock;
            this.from = from;
        }

        @Override
        public boolean pairSettled(boolean steady) {
            return steady && clock.now >= from;
        }

        @Override
        public void done() {
            done = true;
        }
    }

    @Test
    void aForkThatMeetsTheRuleEarlyGoesOnUntilTheForkBesideItMeetsItToo() {
        SimulatedJvm jvm = new SimulatedJvm(t -> 0.001, t -> 0);
        List<String> lines = new ArrayList<>();
        SettlingRule.Evidence e = SettlingRule.reach(jvm::call, () -> { }, new SettlingRule.Settings(true, 60),
                SettlingRule.Judged.CPU, jvm, new Twin(jvm, 30), SettlingRule.QUICK_AFTERWARDS, lines::add);
        assertTrue(e.reached(), e::sentence);
        assertEquals(30, e.seconds(), 0.6, "settled on until the twin was steady");
        assertEquals(5, e.metSeconds(), 0.6, "met the rule itself after its first span");
        String last = lines.get(lines.size() - 1);
        assertTrue(last.startsWith("steady after 30") && last.contains("it first met the rule at 5.0 s, and stopped with the fork beside it"), last);
    }

    /** Through the directory the two meet in: the other side's flags as its own {@code Rendezvous.flag} writes them. */
    @Test
    void twinsStopSettlingTogetherOnceBothMeetTheRuleThoughOneFlickersAfter(@TempDir Path tmp) throws Exception {
        Path meet = tmp.resolve("meet");
        SettlingRule.Partner partner = SettlingRule.Partner.of(new Rendezvous(meet, 0));
        Path mine = meet.resolve("settled." + ProcessHandle.current().pid());
        assertFalse(partner.pairSettled(true), "the other side does not meet the rule yet");
        Files.writeString(meet.resolve("steady.4242"), "");
        assertFalse(partner.pairSettled(false), "this side flickered off the rule");
        assertFalse(Files.exists(mine));
        assertTrue(partner.pairSettled(true), "both meet the rule in this window");
        assertTrue(Files.exists(mine), "and the other side is told to stop");
        Files.delete(mine);
        Files.delete(meet.resolve("steady.4242"));
        Files.writeString(meet.resolve("settled.4242"), "");
        assertTrue(partner.pairSettled(false), "the other side stopped where both met the rule: this one stops too");
    }

    /** The wave's two flags through the directory: ahead, and a side past its ceiling waiting only for the other's. */
    @Test
    void twinsShowEachOtherAWaveAheadAndWhoWaitsOnlyForIt(@TempDir Path tmp) throws Exception {
        Path meet = tmp.resolve("meet");
        SettlingRule.Partner partner = SettlingRule.Partner.of(new Rendezvous(meet, 0));
        partner.waveAhead(true);
        assertTrue(Files.exists(meet.resolve("wave." + ProcessHandle.current().pid())));
        assertFalse(partner.twinWaveAhead(), "this side's own flag is not the twin's");
        partner.waveAhead(false);
        assertFalse(Files.exists(meet.resolve("wave." + ProcessHandle.current().pid())));
        Files.writeString(meet.resolve("wave.4242"), "");
        assertTrue(partner.twinWaveAhead());
        Files.writeString(meet.resolve(Rendezvous.GONE), "");
        assertFalse(partner.twinWaveAhead(), "a twin that is gone has no wave to wait for");
        Files.delete(meet.resolve(Rendezvous.GONE));

        assertFalse(partner.pairSettled(true), "the twin neither meets the rule nor waits");
        Files.writeString(meet.resolve("waiting.4242"), "");
        assertTrue(partner.pairSettled(true), "the twin is past its ceiling, waiting only for this side: both stop");
    }

    @Test
    void aTwinThatNeverSettlesIsWaitedForOnlyUntilTheCeiling() {
        SimulatedJvm jvm = new SimulatedJvm(t -> 0.001, t -> 0);
        Twin twin = new Twin(jvm, Double.MAX_VALUE);
        List<String> lines = new ArrayList<>();
        SettlingRule.Evidence e = SettlingRule.reach(jvm::call, () -> { }, new SettlingRule.Settings(true, 20),
                SettlingRule.Judged.CPU, jvm, twin, SettlingRule.QUICK_AFTERWARDS, lines::add);
        assertTrue(e.reached(), "this fork is steady, whatever its twin: " + e.sentence());
        assertEquals(20, e.seconds(), 0.6);
        String last = lines.get(lines.size() - 1);
        assertTrue(last.contains("it first met the rule at 5.0 s, and waited for the fork beside it until the ceiling"), last);
        assertTrue(twin.done, "the twin is told this side stopped settling");
        // alone, the same fork ends after its first span
        assertEquals(5, new SimulatedJvm(t -> 0.001, t -> 0).settle(20, new ArrayList<>()).seconds(), 0.6);
    }

    @Test
    void eachWindowStartsTheQueryCycleAgain() {
        SimulatedJvm jvm = new SimulatedJvm(t -> 0.01, t -> 0);
        int[] starts = {0};
        SettlingRule.reach(jvm::call, () -> starts[0]++, new SettlingRule.Settings(true, 60), SettlingRule.Judged.CPU, jvm, l -> { });
        assertEquals(10, starts[0], "one start per half-second window, ten windows at least");
    }

    @Test
    void everyWindowIsFollowedByWhatTheProfilersReadAtAnIterationBoundary() {
        int[] boundaries = {0};
        int[] starts = {0};
        SimulatedJvm jvm = new SimulatedJvm(t -> 0.01, t -> 0) {
            @Override
            public void iterationBoundary() {
                assertEquals(boundaries[0] + 1, starts[0], "read after each window, not before or within it");
                boundaries[0]++;
            }
        };
        SettlingRule.reach(jvm::call, () -> starts[0]++, new SettlingRule.Settings(true, 60), SettlingRule.Judged.CPU, jvm, l -> { });
        assertEquals(starts[0], boundaries[0], "one boundary's readings per window");
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
        }, () -> { }, new SettlingRule.Settings(true, 30), SettlingRule.Judged.CPU, SettlingRule.Clocks.jvm(), l -> { });
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
