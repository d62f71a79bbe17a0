package org.soapbench.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import org.soapbench.bench.fork.SteadyStateProfiler;

/**
 * Whether a result was measured in steady state, judged from the evidence its JSON carries on the
 * metric the report or {@code compare} judges (the benchmark thread's CPU time where the result
 * carries it, wall time otherwise), with the reasons when it was not. A result is flagged on any of:
 * <ul>
 *   <li>the judged time still falling: the measured iterations fall, fork by fork, by more than
 *       {@link #FALL_LIMIT} from first to last, and the fall is significant at 99% (the slope of log
 *       time against iteration, pooled over forks, with Student's t);</li>
 *   <li>its forks disagree beyond what the run's other configurations show: their spread lies beyond
 *       the 99.9th percentile of what the run's typical spread allows ({@link ForkAgreement});</li>
 *   <li>judged on wall time, the JIT compiled during more than {@link #JIT_LIMIT_PERCENT}% of the
 *       measured time ({@code ·jit.share}). Judged on CPU time, that is a note, not a flag: a pinned fork
 *       compiles in the foreground, so compilation stalls its calls, which costs wall time but not the
 *       thread's CPU time; whether the compiled code still changed is what the trend shows. Likewise a
 *       fork whose settling hit its ceiling ({@code ·steady.reached} 0, written by {@link SteadyStateProfiler})
 *       is flagged on wall time and noted on CPU time.</li>
 *   <li>judged on CPU time, the judged time rose in iterations the JIT spent mostly compiling (at least
 *       {@link #JIT_BUSY_PERCENT}% of the iteration): a method deoptimized or not yet compiled by C2 runs
 *       slower code until C2 has compiled it, so the code was still being replaced. Flagged when those
 *       iterations stand above the fork's others at 99% (Student's t against the others' spread, so a
 *       CPU's speed flips are not taken for it) and lift the result's time per call over every call
 *       ({@link PerCall}) by more than {@link #RISE_LIMIT}: an iteration that held one call adds one call's cost.
 *       The gate judges each fork's faster half, which such iterations rarely reach; the flag still says the
 *       code had not settled.</li>
 * </ul>
 * A result from a run without the evidence (older JSON, or the profiler left out) is "unknown",
 * which is shown but not flagged.
 */
public record SteadyVerdict(List<String> reasons, List<String> notes, boolean known, double warmupSeconds,
                            double shortestWarmupSeconds, double jitPercent, double trend) {

    public static final double JIT_LIMIT_PERCENT = 1.0;
    public static final double FALL_LIMIT = 0.02;
    /** An iteration the JIT spent at least this share of compiling is one where the code was being replaced. */
    public static final double JIT_BUSY_PERCENT = 50;
    /**
     * How far such iterations may lift a result's mean unflagged: the gate's default threshold. A smaller lift
     * is within what a figure's interval carries here; a larger one (up to 30% in the samples) misstates it.
     */
    public static final double RISE_LIMIT = 0.05;
    /** Forks further apart than this quantile of the run's spreads are flagged. */
    public static final double FORKS_QUANTILE = 0.999;
    private static final double TREND_CONFIDENCE = 0.99;
    /** The fall settling allows over its last span ({@code SettlingRule}'s 3%): up to it, the time was flat. */
    private static final double SETTLED_FALL_PERCENT = 3;

    /** Judged on CPU time where the result carries it, wall time otherwise, without the run's other results. */
    public static SteadyVerdict of(JmhResult r) {
        return of(r, Metric.auto(List.of(r)), ForkAgreement.none());
    }

    /**
     * @param judged what the report or comparison judges
     * @param forks  how far the forks of the run's results stray ({@link ForkAgreement#of} their
     *               {@link LogDifference#spread}s, on the judged metric), or {@link ForkAgreement#none()}
     */
    public static SteadyVerdict of(JmhResult r, Metric judged, ForkAgreement forks) {
        JmhResult onJudged = judged.carriedBy(r) ? judged.of(r, r.run()) : r;
        String what = judged == Metric.WALL || !judged.carriedBy(r) ? "time" : judged == Metric.CPU ? "CPU time"
                : judged.description();
        List<String> reasons = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Double reached = r.secondary().get(SteadyStateProfiler.REACHED);
        Double warmup = r.secondary().get(SteadyStateProfiler.WARMUP);
        Double settlingFall = r.secondary().get(SteadyStateProfiler.FALL);
        Double jit = r.secondary().get(SteadyStateProfiler.JIT_SHARE);
        boolean onWall = onJudged == r;
        double longest = warmup == null ? Double.NaN : warmup;
        if (reached != null && reached < 1) {
            // Judged on wall time, a ceiling hit flags the result, as it always has; judged on CPU time, whether the
            // time moved while measured is what the trend below says, so the ceiling is evidence, not a verdict.
            (onWall ? reasons : notes).add(ceiling(r, what, longest, settlingFall));
        }
        if (jit != null && jit > JIT_LIMIT_PERCENT) {
            if (onWall) {
                reasons.add(String.format(Locale.ROOT, "the JIT was compiling for %.1f%% of the measured time (limit %.0f%%)",
                        jit, JIT_LIMIT_PERCENT));
            } else {
                notes.add(String.format(Locale.ROOT, "compile stalls: the JIT compiled for %.1f%% of the measured time, "
                        + "which wall time carries and %s does not", jit, what));
            }
        }
        double[] trend = trend(onJudged.raw());
        if (trend != null && trend[0] < -FALL_LIMIT && trend[1] < 0) {
            reasons.add(String.format(Locale.ROOT, "%s still falling: %.1f%% from first to last measured iteration",
                    what.equals("time") ? "times were" : "its " + what + " was", -100 * trend[0]));
        }
        CompileRise rise = onWall ? null : riseWhileCompiling(onJudged.raw(), r.secondaryRaw(SteadyStateProfiler.JIT_SHARE),
                r.callsPerIteration());
        if (rise != null) {
            reasons.add(String.format(Locale.ROOT, "its %s rose %.0f%% in %d %s the JIT spent mostly compiling "
                    + "(the code was still being replaced), lifting its mean %.1f%%", what, 100 * rise.rise(),
                    rise.iterations(), rise.iterations() == 1 ? "iteration" : "iterations", 100 * rise.lift()));
        }
        LogDifference spread = LogDifference.spread(onJudged);
        if (forks.beyond(spread, FORKS_QUANTILE)) {
            double[] means = LogDifference.forkMeans(onJudged);
            reasons.add(String.format(Locale.ROOT, "its forks' %s differ by %.0f%% (fastest to slowest), beyond what the "
                            + "run's other configurations show (a fork strays ±%.1f%% there)", what,
                    100 * (Arrays.stream(means).max().orElseThrow() / Arrays.stream(means).min().orElseThrow() - 1),
                    100 * forks.sd()));
        }
        double shortest = r.secondaryRaw(SteadyStateProfiler.WARMUP).stream().filter(f -> !f.isEmpty())
                .mapToDouble(f -> f.get(0)).min().orElse(longest);
        return new SteadyVerdict(List.copyOf(reasons), List.copyOf(notes), jit != null, longest, shortest,
                jit == null ? Double.NaN : jit, trend == null ? Double.NaN : trend[0]);
    }

    /**
     * What the forks that reached their settling ceiling showed: their own settling times and falls, not the
     * longest fork's time beside another fork's fall, where the JSON carries them fork by fork.
     */
    private static String ceiling(JmhResult r, String what, double longest, Double settlingFall) {
        List<List<Double>> reachedByFork = r.secondaryRaw(SteadyStateProfiler.REACHED);
        List<List<Double>> warmupByFork = r.secondaryRaw(SteadyStateProfiler.WARMUP);
        List<List<Double>> fallByFork = r.secondaryRaw(SteadyStateProfiler.FALL);
        List<Double> seconds = new ArrayList<>();
        List<Double> falls = new ArrayList<>();
        boolean byFork = !reachedByFork.isEmpty() && reachedByFork.size() == warmupByFork.size()
                && (fallByFork.isEmpty() || fallByFork.size() == reachedByFork.size());
        for (int f = 0; byFork && f < reachedByFork.size(); f++) {
            double settled = forkValue(warmupByFork, f);
            if (forkValue(reachedByFork, f) < 1 && !Double.isNaN(settled)) {
                seconds.add(settled);
                double fell = forkValue(fallByFork, f);
                if (!Double.isNaN(fell)) {
                    falls.add(fell);
                }
            }
        }
        String forks = "";
        String after;
        Double fall;
        if (seconds.isEmpty()) { // older JSON, or evidence without forks: the longest fork and the largest fall
            after = String.format(Locale.ROOT, "%.0f s", longest);
            fall = settlingFall;
        } else {
            fall = falls.isEmpty() ? null : Collections.max(falls);
            double least = Collections.min(seconds);
            double most = Collections.max(seconds);
            after = Math.round(least) == Math.round(most) ? String.format(Locale.ROOT, "%.0f s", most)
                    : String.format(Locale.ROOT, "%.0f–%.0f s", least, most);
            forks = seconds.size() < reachedByFork.size()
                    ? String.format(Locale.ROOT, "in %d of %d forks ", seconds.size(), reachedByFork.size()) : "";
        }
        if (fall == null) {
            return String.format(Locale.ROOT, "%sits warm-up ended at the ceiling, after %s, before the JIT settled", forks, after);
        }
        return String.format(Locale.ROOT, "%sits settling ended at the ceiling, after %s, with its %s per call %s and the JIT "
                + "still at work", forks, after, what, fall > SETTLED_FALL_PERCENT
                ? String.format(Locale.ROOT, "still falling (%s%.1f%% over the last span)", seconds.size() > 1 ? "up to " : "", fall)
                : "flat");
    }

    /** A fork's value of a metric the profiler writes once a fork (the same in each iteration), or NaN if absent. */
    private static double forkValue(List<List<Double>> byFork, int fork) {
        return fork < byFork.size() && !byFork.get(fork).isEmpty() ? byFork.get(fork).get(0) : Double.NaN;
    }

    public boolean steady() {
        return reasons.isEmpty();
    }

    /** "steady", "unknown (no evidence in the results)", or the reasons joined; notes follow either. */
    public String verdict() {
        String verdict = !steady() ? "not steady: " + String.join("; ", reasons)
                : known ? "steady" : "unknown (no evidence in the results)";
        return notes.isEmpty() ? verdict : verdict + " (" + String.join("; ", notes) + ")";
    }

    /**
     * Iterations the JIT spent mostly compiling, against the fork's others.
     *
     * @param rise       their judged time over the others' (geometric means, relative)
     * @param lift       the share of the result's time per call they add (over every call, {@link PerCall})
     * @param iterations how many they were
     */
    record CompileRise(double rise, double lift, int iterations) {
    }

    /**
     * The rise of the iterations the JIT spent mostly compiling, or null when there are none, they do not stand
     * above the others at 99%, or they lift the mean by no more than {@link #RISE_LIMIT}.
     *
     * @param times per fork and iteration, the judged time
     * @param jit   per fork and iteration, the JIT's share of the iteration in percent ({@code ·jit.share})
     * @param calls per fork and iteration, the calls it held ({@link PerCall#calls}), or empty to weigh each alike
     */
    static CompileRise riseWhileCompiling(List<List<Double>> times, List<List<Double>> jit, List<List<Double>> calls) {
        boolean weighed = PerCall.matches(times, calls);
        List<Double> busy = new ArrayList<>();
        List<Double> others = new ArrayList<>();
        double excess = 0;
        double total = 0;
        for (int f = 0; f < Math.min(times.size(), jit.size()); f++) {
            List<Double> fork = times.get(f);
            if (fork.size() != jit.get(f).size()) {
                return null;
            }
            double median = new Median().evaluate(fork.stream().mapToDouble(Double::doubleValue).toArray());
            for (int i = 0; i < fork.size(); i++) {
                double residual = Math.log(fork.get(i) / median);
                double held = weighed ? calls.get(f).get(i) : 1;
                total += held * fork.get(i);
                if (jit.get(f).get(i) >= JIT_BUSY_PERCENT) {
                    busy.add(residual);
                    excess += held * (fork.get(i) - median);
                } else {
                    others.add(residual);
                }
            }
        }
        if (busy.isEmpty() || others.size() < 3 || excess / total <= RISE_LIMIT) {
            return null;
        }
        double[] rest = others.stream().mapToDouble(Double::doubleValue).toArray();
        double busyMean = busy.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double othersMean = StatUtils.mean(rest);
        double sd = Math.sqrt(StatUtils.variance(rest, othersMean));
        double t = (busyMean - othersMean) / (sd * Math.sqrt(1.0 / busy.size() + 1.0 / others.size()));
        double critical = new TDistribution(others.size() - 1).inverseCumulativeProbability(TREND_CONFIDENCE);
        return t > critical ? new CompileRise(Math.expm1(busyMean - othersMean), excess / total, busy.size()) : null;
    }

    /**
     * {relative change from first to last measured iteration, upper bound of its 99% interval}, from
     * the least-squares slope of log time against iteration within each fork, averaged over forks;
     * null with fewer than three iterations a fork.
     */
    public static double[] trend(List<List<Double>> forks) {
        double slopeSum = 0;
        double varianceSum = 0;
        int degrees = 0;
        int used = 0;
        int iterations = 0;
        for (List<Double> fork : forks) {
            if (fork.size() < 3) {
                continue;
            }
            SimpleRegression fit = new SimpleRegression();
            for (int i = 0; i < fork.size(); i++) {
                fit.addData(i, Math.log(fork.get(i)));
            }
            slopeSum += fit.getSlope();
            double se = fit.getSlopeStdErr();
            varianceSum += Double.isNaN(se) ? 0 : se * se;
            degrees += fork.size() - 2;
            iterations = Math.max(iterations, fork.size());
            used++;
        }
        if (used == 0) {
            return null;
        }
        double slope = slopeSum / used;
        double se = Math.sqrt(varianceSum) / used;
        double t = new TDistribution(degrees).inverseCumulativeProbability(1 - (1 - TREND_CONFIDENCE) / 2);
        double span = iterations - 1;
        return new double[] {Math.expm1(slope * span), Math.expm1((slope + t * se) * span)};
    }
}
