package org.soapbench.bench.fork;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The rule that decides when a fork has warmed up: it calls the benchmark's own operation, in
 * windows of half a second, until what the results are judged on has stopped falling and the JIT has
 * all but finished: over the last span (five seconds, longer where that holds too few calls) the
 * second half's time per call is no more than 3% below the first half's, and the JIT compiled for at
 * most 3% of the span. The time judged is the benchmark thread's CPU time, as the report and the gate
 * judge it, the faster half of each half's windows; or wall time ({@code -Dsoapbench.settle.metric=wall},
 * set by {@code gate --metric wall}), every window, with the JIT under 1% as before. Or until a
 * ceiling. And, where the fork would otherwise reach it while JMH warms up and measures, only once the span
 * judged begins after the call by which C2 compiles what runs once per call ({@link #TIER4_MARGIN}); for that
 * wave the ceiling stretches a little ({@link #reach}). JMH's own warm-up iterations follow, then measurement.
 *
 * <p>Why not a fixed warm-up: one time for all measures some configurations mid-warm-up and wastes
 * time on others. Why CPU time, and still the JIT: a pinned fork compiles in the foreground, so one long
 * compilation stops its calls for seconds, which wall time counts and the thread's CPU time does not;
 * but while C2 works through a secured stack's methods on the same CPU, the thread's CPU time per call
 * stays 10-70% above its plateau and moves both ways from one window to the next (partly code not yet
 * compiled, partly the compiler's own traffic through the CPU's caches), so a flat stretch of a few
 * seconds is no plateau. A JIT share of 3% ends settling a sixth sooner than 1% did over the main job's
 * configurations, with the measured CPU time as close to its plateau (docs/steady-state.md). The faster
 * half of each half's windows, because a guest's vCPU can run 1.6 times slower for seconds, and forks
 * in duets swap CPUs at every iteration. The result carries the evidence ({@link SteadyStateProfiler}).
 *
 * <p>In a paired design (the gate's rounds, the run's duets), neither fork of a pair ends settling until
 * both meet the rule in the same window ({@link Partner}).
 *
 * <p>{@code call} returns something of its result (a count, a length), which is kept, so that no
 * call's work can be eliminated. Each window starts the workload's query cycle again (its {@code start} action), so windows
 * compare the same mix of queries.
 */
public final class SettlingRule {

    /** Fork JVM property: {@code off}, or the ceiling in seconds. Set by the launcher. */
    public static final String PROPERTY = "soapbench.settle";
    /** Fork JVM property: what settling judges, {@code cpu} (the default) or {@code wall}. */
    public static final String METRIC_PROPERTY = "soapbench.settle.metric";
    public static final double DEFAULT_CEILING_SECONDS = 60;

    static final double WINDOW_SECONDS = 0.5;
    /**
     * The span judged: at least the last ten windows, five seconds. Two seconds were too short: SOAP
     * stacks' JIT tails pause for a second or two between bursts, and such a lull passed for the end.
     */
    static final int SPAN = 10;
    /**
     * The fewest calls each half of the span holds: a {@code large} signing call takes 20-100 ms, so five
     * windows hold a dozen of them, too few to tell 3% from the calls' own spread; the span grows instead.
     */
    static final int MIN_HALF_CALLS = 40;
    /** Judging wall time, at most this share of the span's wall time may go to JIT compilation. */
    static final double JIT_LIMIT = 0.01;
    /** Judging CPU time, at most this share: a JIT still at work inflates CPU time too, and 1% waits long for it. */
    static final double JIT_LIMIT_CPU = 0.03;
    /** The span's second half may be at most this much faster per call than its first half. */
    static final double FALL_LIMIT = 0.03;
    private static final double PROGRESS_SECONDS = 5;
    /**
     * C2 takes up a method once its profiled (tier-3) code has run {@code Tier4InvocationThreshold} times,
     * 5,000 by default, checked every 1,024 calls and after the 200 or so calls that precede tier 3; so code
     * run once per SOAP call (the stack's interceptors, reflective dispatch) moves to C2 at about call 5,400.
     * A CXF {@code sign} fork ran about 5,000 calls in its first 35 s: its JIT paused, the rule passed, and
     * that wave of compilations landed in JMH's warm-up and first measured iteration, 2-10% slower on CPU
     * time in 4 of 6 forks probed (and enough, once in CI, to flag the result). The span judged starts
     * after 1.1 times the threshold.
     */
    static final double TIER4_MARGIN = 1.1;

    /** What the rule judges. */
    public enum Judged {
        CPU("cpu", "CPU time"), WALL("wall", "wall time");

        private final String id;
        private final String text;

        Judged(String id, String text) {
            this.id = id;
            this.text = text;
        }

        public String id() {
            return id;
        }

        public String text() {
            return text;
        }

        /** {@code cpu} or {@code wall}; anything else is one sentence naming them. */
        public static Judged parse(String value, String where) {
            for (Judged j : values()) {
                if (j.id.equals(value.strip().toLowerCase(Locale.ROOT))) {
                    return j;
                }
            }
            throw new IllegalArgumentException(where + ": '" + value + "' is not what settling can judge; expected cpu or wall.");
        }

        static Judged ofThisJvm() {
            String value = System.getProperty(METRIC_PROPERTY);
            return value == null ? CPU : parse(value, "-D" + METRIC_PROPERTY);
        }
    }

    /** Where time, compilation and the thread's CPU time are read; a test substitutes its own. */
    interface Clocks {
        long nanoTime();

        /** Milliseconds the JVM's compilers have spent compiling, summed over compiler threads. */
        long jitMillis();

        /** CPU time of the calling thread, in nanoseconds. */
        long threadCpuNanos();

        /**
         * The calls after which C2 has compiled what runs once per call ({@link #TIER4_MARGIN}); 0 where there
         * is no such threshold to wait for.
         */
        default long tierFourCalls() {
            return 0;
        }

        /**
         * Between two windows, what the fork's profilers read at a JMH iteration boundary
         * ({@link CpuTimeProfiler#readAsAtIterationBoundary()}), so that the JDK code they share with the stack is
         * compiled for both before measuring; nothing in a test.
         */
        default void iterationBoundary() {
        }

        static Clocks jvm() {
            CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            if (jit == null || !jit.isCompilationTimeMonitoringSupported() || !threads.isCurrentThreadCpuTimeSupported()) {
                throw new IllegalStateException("This JVM reports no JIT compilation time or thread CPU time, which the "
                        + "steady-state rule needs; run with a fixed warm-up instead (-wi N, or --settle off).");
            }
            return new Clocks() {
                @Override
                public long nanoTime() {
                    return System.nanoTime();
                }

                @Override
                public long jitMillis() {
                    return jit.getTotalCompilationTime();
                }

                @Override
                public long threadCpuNanos() {
                    return threads.getCurrentThreadCpuTime();
                }

                @Override
                public long tierFourCalls() {
                    return tierFourCallsOfThisJvm();
                }

                @Override
                public void iterationBoundary() {
                    CpuTimeProfiler.readAsAtIterationBoundary();
                }
            };
        }

        /** From HotSpot's flags; 0 on a JVM without them or without tiered compilation. */
        private static long tierFourCallsOfThisJvm() {
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (hotspot == null) {
                return 0;
            }
            try {
                if (!Boolean.parseBoolean(hotspot.getVMOption("TieredCompilation").getValue())) {
                    return 0;
                }
                double threshold = Double.parseDouble(hotspot.getVMOption("Tier4InvocationThreshold").getValue())
                        * Double.parseDouble(hotspot.getVMOption("CompileThresholdScaling").getValue());
                return (long) Math.ceil(threshold * TIER4_MARGIN);
            } catch (IllegalArgumentException e) {
                return 0; // not HotSpot, or a flag it lacks: nothing known to wait for
            }
        }
    }

    /**
     * The fork beside this one in a paired design: the two stop settling together, at the first window in
     * which both meet the rule. Why: on one shared CPU, a fork that met the rule 20-30 s before its twin
     * (in a lull of the JIT) and then idled while the twin settled on measured 10-50% slower than the
     * twin, in every such round, while twins that settled together agreed within 1%
     * (reports/sample-same-cpu-2026-11-28): the early one still had C2's work ahead of it, and did it while
     * measured. Together, also where the rule flickers: once one side stops, the other stops at its next
     * window.
     */
    interface Partner {
        /** Raised while a side meets the rule. */
        String STEADY = "steady";
        /** Raised when a side stops settling: the other stops too. */
        String SETTLED = "settled";
        /** Raised while C2's wave is ahead of a side that would meet it in what JMH measures, or the side settles past its ceiling for it. */
        String WAVE = "wave";
        /** Raised by a side past its ceiling that settles on only for the other side's wave: ready to stop. */
        String WAITING = "waiting";

        /** A fork with no twin: its own rule is all. */
        Partner ALONE = new Partner() {
            @Override
            public boolean pairSettled(boolean steady) {
                return steady;
            }

            @Override
            public void done() {
            }
        };

        /** Shows the other side whether C2's wave is ahead of this one ({@link #WAVE}). */
        default void waveAhead(boolean ahead) {
        }

        /** Whether C2's wave is ahead of the other side, which is there to meet it. */
        default boolean twinWaveAhead() {
            return false;
        }

        /** This side is past its ceiling and settles on only for the other side's wave. */
        default void waiting() {
        }

        /** Shows the other side whether this one meets the rule now; true when the pair stops settling here. */
        boolean pairSettled(boolean steady);

        /** This side stops settling (at its ceiling): the other stops too. */
        void done();

        /** The twin met through the fork's same-moment directory, or {@link #ALONE} when it has none. */
        static Partner ofThisJvm() {
            String dir = System.getProperty(SameMomentProfiler.PROPERTY);
            return dir == null || dir.isBlank() ? ALONE : of(new Rendezvous(Path.of(dir), 0));
        }

        /**
         * Through flags in the directory both meet in. A twin already at the second iteration's meeting with
         * no flag up does not settle (a benchmark with no settling state, or a fixed warm-up): not waited for.
         */
        static Partner of(Rendezvous twin) {
            return new Partner() {
                @Override
                public boolean pairSettled(boolean steady) {
                    twin.flag(STEADY, steady);
                    boolean stop = twin.flagged(SETTLED)
                            || steady && (twin.flagged(STEADY) || twin.flagged(WAITING) || twin.arrived(2));
                    if (stop) {
                        done();
                    }
                    return stop;
                }

                @Override
                public void done() {
                    twin.flag(SETTLED, true);
                }

                @Override
                public void waveAhead(boolean ahead) {
                    twin.flag(WAVE, ahead);
                }

                @Override
                public boolean twinWaveAhead() {
                    return twin.flagged(WAVE) && !twin.gone();
                }

                @Override
                public void waiting() {
                    twin.flag(WAITING, true);
                }
            };
        }
    }

    /** A ceiling in seconds, or off. */
    public record Settings(boolean enabled, double ceilingSeconds) {

        public static final Settings OFF = new Settings(false, 0);

        /** {@code off}, or a positive number of seconds, optionally ending in {@code s}. */
        public static Settings parse(String value, String where) {
            String v = value.strip().toLowerCase(Locale.ROOT);
            if (v.equals("off")) {
                return OFF;
            }
            try {
                double seconds = Double.parseDouble(v.endsWith("s") ? v.substring(0, v.length() - 1) : v);
                if (seconds >= SPAN * WINDOW_SECONDS && seconds <= 3600) {
                    return new Settings(true, seconds);
                }
            } catch (NumberFormatException e) {
                // the sentence below says what is accepted
            }
            throw new IllegalArgumentException(where + ": the settle ceiling '" + value
                    + "' is neither 'off' nor a number of seconds from " + format(SPAN * WINDOW_SECONDS)
                    + " (the span the rule judges) to 3600, e.g. 60s.");
        }

        /** The fork's setting, from {@link #PROPERTY}; on, with the default ceiling, when unset. */
        static Settings ofThisJvm() {
            String value = System.getProperty(PROPERTY);
            return value == null ? new Settings(true, DEFAULT_CEILING_SECONDS) : parse(value, "-D" + PROPERTY);
        }

        public String value() {
            return enabled ? format(ceilingSeconds) + "s" : "off";
        }
    }

    /**
     * What the settling saw: how long it took, whether the rule was met or the ceiling cut it short, what
     * it judged, and over the last span the JIT's share of wall time, the judged time's fall from the
     * first half to the second, and the second half's judged and wall time per call; {@code waveAhead}: the span
     * began before the call of C2's wave, which JMH would reach.
     */
    record Evidence(double seconds, boolean reached, Judged judged, double spanSeconds, double jitShare, double fall,
                    double nanosPerCall, double wallNanosPerCall, long calls, double metSeconds, long tierFourCalls,
                    boolean waveAhead) {

        /** Settled, having first met the rule at {@code at}, before the pair stopped settling. */
        Evidence met(double at) {
            return new Evidence(seconds, true, judged, spanSeconds, jitShare, fall, nanosPerCall, wallNanosPerCall, calls, at,
                    tierFourCalls, false);
        }

        String sentence() {
            return sentence(false, false);
        }

        /**
         * As the fork's log says it; {@code atCeiling}: this side stopped at its ceiling, not with its twin;
         * {@code stretched}: it settled past the ceiling for C2's wave.
         */
        String sentence(boolean atCeiling, boolean stretched) {
            String span = String.format(Locale.ROOT, "%s per call %+.1f%% from the first half of the last %.1f s to the second",
                    judged.text(), -fall * 100, spanSeconds);
            return reached
                    ? String.format(Locale.ROOT, "steady after %.1f s and %,d calls (%s; %s per call%s%s)%s", seconds, calls,
                            span, micros(nanosPerCall), stalls(), tierFour() + (stretched ? ", past the ceiling, which stretches for it" : ""),
                            seconds - metSeconds >= WINDOW_SECONDS
                                    ? String.format(Locale.ROOT, "; it first met the rule at %.1f s, and %s", metSeconds,
                                            atCeiling ? "waited for the fork beside it until the ceiling"
                                                    : "stopped with the fork beside it") : "")
                    : String.format(Locale.ROOT, "NOT steady after %.1f s and %,d calls, the ceiling%s (%s; JIT %.1f%% of the "
                            + "span%s); measuring anyway, and the result records it", seconds, calls,
                            stretched ? " as far as it stretches for C2's wave" : "", span, jitShare * 100, tierFour());
        }

        /** The calls waited for, where they were. */
        private String tierFour() {
            return tierFourCalls > 0 ? String.format(Locale.ROOT, "; the span judged begins after call %,d, by when C2 has "
                    + "compiled what runs once per call", tierFourCalls) : "";
        }

        /** What compilation cost in wall time, where CPU time is judged. */
        private String stalls() {
            return judged == Judged.CPU
                    ? String.format(Locale.ROOT, ", wall %s while the JIT compiled for %.1f%% of it", micros(wallNanosPerCall), jitShare * 100)
                    : String.format(Locale.ROOT, ", JIT %.1f%%", jitShare * 100);
        }
    }

    private static Evidence lastEvidence;
    /** Where the calls' results go, so that no call's work can be optimized away. */
    static volatile long sink;

    private SettlingRule() {
    }

    /**
     * Settles this thread's operation on the real JVM as this fork's setting says (nothing when it is
     * off), printing progress, and keeps the evidence for the profiler. What every settling state calls.
     */
    public static void settle(LongSupplier call, Runnable start, BenchmarkParams jmh) {
        Settings settings = Settings.ofThisJvm();
        if (settings.enabled()) {
            remember(reach(call, start, settings, Judged.ofThisJvm(), Clocks.jvm(), Partner.ofThisJvm(), afterwards(jmh),
                    line -> System.out.println("# soapbench: " + line)));
        }
    }

    /** What JMH runs after settling, warm-up and measurement, in nanoseconds. */
    private static long afterwards(BenchmarkParams jmh) {
        return jmh.getWarmup().getCount() * jmh.getWarmup().getTime().convertTo(TimeUnit.NANOSECONDS)
                + jmh.getMeasurement().getCount() * jmh.getMeasurement().getTime().convertTo(TimeUnit.NANOSECONDS);
    }

    /** One window: its wall time, calls, JIT time and the thread's CPU time. */
    private record Window(long wallNanos, long calls, long jitMillis, long cpuNanos) {
    }

    /**
     * Calls {@code call} in windows, each begun with {@code start}, until the rule holds or the
     * ceiling passes. At least {@link #SPAN} windows, so five seconds, however flat the calls.
     */
    static Evidence reach(LongSupplier call, Runnable start, Settings settings, Judged judged, Clocks clocks,
                          Consumer<String> progress) {
        return reach(call, start, settings, judged, clocks, Partner.ALONE, QUICK_AFTERWARDS, progress);
    }

    /** The quick profile's JMH warm-up and measurement, 3 s and 6 s: what a test's settling is followed by. */
    static final long QUICK_AFTERWARDS = 9_000_000_000L;

    /**
     * As above, until this fork and the fork beside it have met the rule, both in one window, or the ceiling;
     * {@code afterwards}: the nanoseconds JMH warms up and measures after settling. A fork that reaches the
     * ceiling with C2's wave ({@link #TIER4_MARGIN}) ahead of it settles on until the rule holds after the wave,
     * for at most {@code afterwards} and one span more: the wave is waited for only where JMH would reach it
     * within {@code afterwards}, and the span after it is what the rule then judges. Why: on a host running at a third
     * of a quiet one's speed, Axis2's {@code sign} forks reached the 60 s ceiling with 2,400-5,400 calls, and in
     * 3 of 6 the wave came in the first measured iteration, about 240 C2 compilations at 3-4 times the CPU time
     * per call (reports/sample-boundary-deopt-2026-12-07); in 6 of 6 alternated forks, with the JIT at 20-96% of one to
     * four measured iterations, against one iteration in six forks with the stretch
     * (reports/sample-ceiling-stretch-2026-12-07). A fork waiting past its ceiling for its twin's wave
     * settles on too, so that both stop together.
     */
    static Evidence reach(LongSupplier call, Runnable start, Settings settings, Judged judged, Clocks clocks,
                          Partner partner, long afterwards, Consumer<String> progress) {
        long window = (long) (WINDOW_SECONDS * 1e9);
        long ceiling = (long) (settings.ceilingSeconds() * 1e9);
        long stretched = ceiling + afterwards + (long) (SPAN * WINDOW_SECONDS * 1e9);
        List<Window> windows = new ArrayList<>();
        long begin = clocks.nanoTime();
        long nextProgress = begin + (long) (PROGRESS_SECONDS * 1e9);
        long totalCalls = 0;
        long results = 0;
        double met = -1;
        boolean forWave = false;
        long tierFour = clocks.tierFourCalls();
        while (true) {
            long jit0 = clocks.jitMillis();
            long cpu0 = clocks.threadCpuNanos();
            long t0 = clocks.nanoTime();
            long[] outcome = window(windows.size(), call, start, clocks, t0, window);
            long now = outcome[2];
            long calls = outcome[1];
            results += outcome[0];
            windows.add(new Window(now - t0, calls, clocks.jitMillis() - jit0, clocks.threadCpuNanos() - cpu0));
            clocks.iterationBoundary();
            totalCalls += calls;
            Evidence e = judge(windows, judged, (now - begin) / 1e9, totalCalls,
                    tierFourWithin(tierFour, windows, totalCalls, afterwards));
            boolean steady = e != null && e.reached();
            boolean waveAhead = e != null && e.waveAhead();
            if (steady && met < 0) {
                met = e.seconds();
            }
            long elapsed = now - begin;
            boolean inStretch = elapsed >= ceiling && elapsed < stretched;
            // once past the ceiling for its wave, a fork settles on until the rule holds after it, or the stretch ends
            forWave |= waveAhead && inStretch;
            partner.waveAhead(waveAhead || forWave);
            if (partner.pairSettled(steady) && met >= 0) {
                sink = results;
                Evidence settled = e.met(met);
                progress.accept(settled.sentence(false, forWave));
                return settled;
            }
            if (inStretch && (forWave || partner.twinWaveAhead())) {
                if (!forWave) {
                    partner.waiting();
                }
            } else if (elapsed >= ceiling) {
                partner.done();
                Evidence cut = steady ? e.met(met)
                        : e != null ? new Evidence(e.seconds(), false, judged, e.spanSeconds(), e.jitShare(), e.fall(), e.nanosPerCall(),
                                e.wallNanosPerCall(), totalCalls, met, e.tierFourCalls(), e.waveAhead())
                        : new Evidence((now - begin) / 1e9, false, judged, (now - begin) / 1e9, 1, 0, 0, 0, totalCalls, met, 0, false);
                sink = results;
                progress.accept(cut.sentence(true, forWave));
                return cut;
            }
            if (now >= nextProgress && e != null) {
                progress.accept(String.format(Locale.ROOT, "settling, %.0f s: %s %s per call (wall %s), JIT %.0f%% of the "
                        + "last %.1f s", (now - begin) / 1e9, micros(e.nanosPerCall()), judged.text(),
                        micros(e.wallNanosPerCall()), e.jitShare() * 100, e.spanSeconds()));
                nextProgress += (long) (PROGRESS_SECONDS * 1e9);
            }
        }
    }

    /** Runs a submitted task at once, on the submitting thread. */
    private static final Executor HERE = Runnable::run;

    /**
     * One window of calls, run as JMH runs an iteration: a task submitted to an {@link
     * ExecutorCompletionService}, here run on this thread. JMH's iteration task and a stack's own use of
     * {@code FutureTask} (CXF runs each call in one) share {@code FutureTask}'s code; profiled on the
     * stack's calls alone, C2 inlined CXF's whole call chain into it, then threw that code away at JMH's
     * third iteration boundary, while measuring. Windows alternate between two task classes, so that
     * with CXF's own and JMH's the call sites see more classes than C2 inlines on speculation (two), and
     * whatever it recompiles for that falls within settling. Returns {results, calls, the clock at the end}.
     */
    private static long[] window(int n, LongSupplier call, Runnable start, Clocks clocks, long t0, long window) {
        Callable<long[]> even = () -> calls(call, start, clocks, t0, window);
        Callable<long[]> odd = () -> calls(call, start, clocks, t0, window);
        CompletionService<long[]> service = new ExecutorCompletionService<>(HERE);
        service.submit(n % 2 == 0 ? even : odd);
        try {
            return service.take().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Settling was interrupted.", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    private static long[] calls(LongSupplier call, Runnable start, Clocks clocks, long t0, long window) {
        start.run();
        long results = 0;
        long calls = 0;
        long now;
        do {
            results += call.getAsLong();
            calls++;
            now = clocks.nanoTime();
        } while (now - t0 < window);
        return new long[] {results, calls, now};
    }

    /**
     * The rule over the last span: {@link #SPAN} windows, or more where each half would hold fewer than
     * {@link #MIN_HALF_CALLS} calls; null until there are that many windows.
     */
    static Evidence judge(List<Window> windows, Judged judged, double seconds, long calls, long tierFour) {
        int n = windows.size();
        int half = SPAN / 2;
        while (2 * half <= n && (calls(windows.subList(n - half, n)) < MIN_HALF_CALLS
                || calls(windows.subList(n - 2 * half, n - half)) < MIN_HALF_CALLS)) {
            half++;
        }
        if (2 * half > n) {
            return null;
        }
        List<Window> first = windows.subList(n - 2 * half, n - half);
        List<Window> second = windows.subList(n - half, n);
        long wall = 0;
        long jit = 0;
        for (Window w : windows.subList(n - 2 * half, n)) {
            wall += w.wallNanos();
            jit += w.jitMillis();
        }
        double jitShare = jit * 1e6 / wall;
        double fall = judged == Judged.CPU ? 1 - fasterHalf(second) / fasterHalf(first)
                : 1 - perCall(second, judged) / perCall(first, judged);
        boolean pastTierFour = calls - calls(windows.subList(n - 2 * half, n)) >= tierFour;
        boolean reached = fall <= FALL_LIMIT && jitShare <= (judged == Judged.CPU ? JIT_LIMIT_CPU : JIT_LIMIT) && pastTierFour;
        return new Evidence(seconds, reached, judged, wall / 1e9, jitShare, fall, perCall(second, judged),
                perCall(second, Judged.WALL), calls, seconds, tierFour, tierFour > 0 && !pastTierFour);
    }

    /**
     * The calls to wait for before the span judged may begin ({@link Clocks#tierFourCalls}), or 0 where, at the
     * pace of the last windows, the fork would not reach them in the {@code afterwards} nanoseconds JMH runs it
     * after settling: then the wave of C2 compilations would not land in what is measured either, and waiting for
     * it would only spend time (a {@code large} secured call takes 20-100 ms, so 5,500 calls take minutes).
     */
    static long tierFourWithin(long tierFour, List<Window> windows, long calls, long afterwards) {
        if (tierFour <= calls) {
            return tierFour;
        }
        List<Window> recent = windows.subList(Math.max(0, windows.size() - SPAN / 2), windows.size());
        long wall = recent.stream().mapToLong(Window::wallNanos).sum();
        double pace = (double) calls(recent) / wall;
        return calls + pace * afterwards >= tierFour ? tierFour : 0;
    }

    /**
     * CPU time per call over the faster half of the windows (the middle one too when odd), each window's
     * calls weighted by their number: what a vCPU slowed for seconds, or a stray burst, leaves alone.
     */
    private static double fasterHalf(List<Window> windows) {
        List<Window> sorted = windows.stream()
                .sorted(java.util.Comparator.comparingDouble(w -> (double) w.cpuNanos() / w.calls())).toList();
        return perCall(sorted.subList(0, (sorted.size() + 1) / 2), Judged.CPU);
    }

    private static long calls(List<Window> windows) {
        return windows.stream().mapToLong(Window::calls).sum();
    }

    private static double perCall(List<Window> windows, Judged judged) {
        long nanos = 0;
        for (Window w : windows) {
            nanos += judged == Judged.CPU ? w.cpuNanos() : w.wallNanos();
        }
        return (double) nanos / calls(windows);
    }

    /** With several threads, each settles; the fork's evidence is the slowest and least settled. */
    private static synchronized void remember(Evidence e) {
        Evidence before = lastEvidence;
        if (before == null) {
            lastEvidence = e;
        } else {
            lastEvidence = new Evidence(Math.max(before.seconds(), e.seconds()), before.reached() && e.reached(), e.judged(),
                    Math.max(before.spanSeconds(), e.spanSeconds()), Math.max(before.jitShare(), e.jitShare()), Math.max(before.fall(), e.fall()),
                    Math.max(before.nanosPerCall(), e.nanosPerCall()), Math.max(before.wallNanosPerCall(), e.wallNanosPerCall()),
                    before.calls() + e.calls(), Math.max(before.metSeconds(), e.metSeconds()),
                    Math.max(before.tierFourCalls(), e.tierFourCalls()), false);
        }
    }

    /** The evidence of this fork's settling, or null when it did not settle (off, or not a settling benchmark). */
    static synchronized Evidence evidence() {
        return lastEvidence;
    }

    private static String micros(double nanos) {
        return String.format(Locale.ROOT, "%,.1f µs", nanos / 1e3);
    }

    private static String format(double seconds) {
        return seconds == Math.rint(seconds) ? String.valueOf((long) seconds) : String.valueOf(seconds);
    }
}
