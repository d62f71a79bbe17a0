package org.soapbench.bench.fork;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorCompletionService;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The rule that decides when a fork has warmed up: it calls the benchmark's own operation, in
 * windows of half a second, until over the last five seconds the JIT compiler spent under 1% of
 * the time compiling and the calls stopped getting faster (the last 2.5 s no more than 3% faster
 * than the 2.5 s before), or until a ceiling. JMH's own warm-up iterations follow, then measurement.
 *
 * <p>Why not a fixed warm-up: on two cores, {@code cxf sign/xml small} is twice as slow as its steady
 * state for its first 11 s, and secured {@code large} calls settle after 19 to 28 s, while plain ones
 * settle in seconds; one time for all measures some configurations mid-warm-up and wastes time on
 * others. Why these two signals: compilation competes with the benchmark for the same cores and is
 * what changes the code being timed, and a falling trend catches what the compiler's clock misses
 * (code cache, class loading, a compilation still under way). The result carries the evidence
 * ({@link SteadyStateProfiler}).
 *
 * <p>{@code call} returns something of its result (a count, a length), which is kept, so that no
 * call's work can be eliminated. Each window starts the workload's query cycle again (its {@code start} action), so windows
 * compare the same mix of queries.
 */
public final class SettlingRule {

    /** Fork JVM property: {@code off}, or the ceiling in seconds. Set by the launcher. */
    public static final String PROPERTY = "soapbench.settle";
    public static final double DEFAULT_CEILING_SECONDS = 60;

    static final double WINDOW_SECONDS = 0.5;
    /**
     * The span judged: the last ten windows, five seconds. Two seconds were too short: SOAP stacks'
     * JIT tails pause for a second or two between bursts, and such a lull passed for the end.
     */
    static final int SPAN = 10;
    /** At most this share of the span's wall time may go to JIT compilation. */
    static final double JIT_LIMIT = 0.01;
    /** The span's second half may be at most this much faster per call than its first half. */
    static final double FALL_LIMIT = 0.03;
    private static final double PROGRESS_SECONDS = 5;

    /** Where time and compilation are read; a test substitutes its own. */
    interface Clocks {
        long nanoTime();

        /** Milliseconds the JVM's compilers have spent compiling, summed over compiler threads. */
        long jitMillis();

        static Clocks jvm() {
            CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
            if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
                throw new IllegalStateException("This JVM reports no JIT compilation time, which the steady-state rule "
                        + "needs; run with a fixed warm-up instead (-wi N, or --settle off).");
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
     * What the settling saw: how long it took, whether the rule was met or the ceiling cut it short,
     * and the last span's JIT share and trend.
     */
    record Evidence(double seconds, boolean reached, double jitShare, double fall, double nanosPerCall, long calls) {

        String sentence() {
            String span = String.format(Locale.ROOT, "JIT %.1f%% of the last %s s, time per call %+.1f%% from its first half to its second",
                    jitShare * 100, format(SPAN * WINDOW_SECONDS), -fall * 100);
            return reached
                    ? String.format(Locale.ROOT, "steady after %.1f s (%s; %s per call)", seconds, span, micros(nanosPerCall))
                    : String.format(Locale.ROOT, "NOT steady after %.1f s, the ceiling (%s); measuring anyway, and the "
                            + "result records it", seconds, span);
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
    public static void settle(LongSupplier call, Runnable start) {
        Settings settings = Settings.ofThisJvm();
        if (settings.enabled()) {
            remember(reach(call, start, settings, Clocks.jvm(), line -> System.out.println("# soapbench: " + line)));
        }
    }

    /**
     * Calls {@code call} in windows, each begun with {@code start}, until the rule holds or the
     * ceiling passes. At least {@link #SPAN} windows, so five seconds, however quiet the JIT.
     */
    static Evidence reach(LongSupplier call, Runnable start, Settings settings, Clocks clocks, Consumer<String> progress) {
        long window = (long) (WINDOW_SECONDS * 1e9);
        long ceiling = (long) (settings.ceilingSeconds() * 1e9);
        List<long[]> windows = new ArrayList<>(); // {wall nanos, calls, jit millis}
        long begin = clocks.nanoTime();
        long nextProgress = begin + (long) (PROGRESS_SECONDS * 1e9);
        long totalCalls = 0;
        long results = 0;
        while (true) {
            long jit0 = clocks.jitMillis();
            long t0 = clocks.nanoTime();
            long[] outcome = window(windows.size(), call, start, clocks, t0, window);
            long now = outcome[2];
            long calls = outcome[1];
            results += outcome[0];
            windows.add(new long[] {now - t0, calls, clocks.jitMillis() - jit0});
            totalCalls += calls;
            Evidence e = judge(windows, (now - begin) / 1e9, totalCalls);
            if (e != null && e.reached()) {
                sink = results;
                progress.accept(e.sentence());
                return e;
            }
            if (now - begin >= ceiling) {
                Evidence cut = e != null
                        ? new Evidence(e.seconds(), false, e.jitShare(), e.fall(), e.nanosPerCall(), totalCalls)
                        : new Evidence((now - begin) / 1e9, false, 1, 0, 0, totalCalls);
                sink = results;
                progress.accept(cut.sentence());
                return cut;
            }
            if (now >= nextProgress && e != null) {
                progress.accept(String.format(Locale.ROOT, "settling, %.0f s: %s per call, JIT %.0f%% of the last %s s",
                        (now - begin) / 1e9, micros(e.nanosPerCall()), e.jitShare() * 100, format(SPAN * WINDOW_SECONDS)));
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

    /** The rule over the last {@link #SPAN} windows; null until there are that many. */
    static Evidence judge(List<long[]> windows, double seconds, long calls) {
        int n = windows.size();
        if (n < SPAN) {
            return null;
        }
        List<long[]> span = windows.subList(n - SPAN, n);
        long wall = 0;
        long jit = 0;
        for (long[] w : span) {
            wall += w[0];
            jit += w[2];
        }
        double jitShare = jit * 1e6 / wall;
        double first = perCall(span.subList(0, SPAN / 2));
        double second = perCall(span.subList(SPAN / 2, SPAN));
        double fall = 1 - second / first;
        boolean reached = jitShare <= JIT_LIMIT && fall <= FALL_LIMIT;
        return new Evidence(seconds, reached, jitShare, fall, second, calls);
    }

    private static double perCall(List<long[]> windows) {
        long wall = 0;
        long calls = 0;
        for (long[] w : windows) {
            wall += w[0];
            calls += w[1];
        }
        return (double) wall / calls;
    }

    /** With several threads, each settles; the fork's evidence is the slowest and least settled. */
    private static synchronized void remember(Evidence e) {
        Evidence before = lastEvidence;
        if (before == null) {
            lastEvidence = e;
        } else {
            lastEvidence = new Evidence(Math.max(before.seconds(), e.seconds()), before.reached() && e.reached(),
                    Math.max(before.jitShare(), e.jitShare()), Math.max(before.fall(), e.fall()),
                    Math.max(before.nanosPerCall(), e.nanosPerCall()), before.calls() + e.calls());
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
