package org.soapbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import org.soapbench.bench.fork.SteadyStateProfiler;

/**
 * Whether a result was measured in steady state, judged from the evidence its JSON carries, with
 * the reasons when it was not. The report and {@code compare} flag a result on any of:
 * <ul>
 *   <li>a fork's settling hit its ceiling ({@code ·steady.reached} 0, written by {@link SteadyStateProfiler});</li>
 *   <li>the JIT compiled during more than {@link #JIT_LIMIT_PERCENT}% of the measured time
 *       ({@code ·jit.share});</li>
 *   <li>times still falling: the measured iterations' times fall, fork by fork, by more than
 *       {@link #FALL_LIMIT} from first to last, and the fall is significant at 99% (the slope of
 *       log time against iteration, pooled over forks, with Student's t).</li>
 * </ul>
 * A result from a run without the evidence (older JSON, or the profiler left out) is "unknown",
 * which is shown but not flagged.
 */
public record SteadyVerdict(List<String> reasons, boolean known, double warmupSeconds, double jitPercent, double trend) {

    public static final double JIT_LIMIT_PERCENT = 1.0;
    public static final double FALL_LIMIT = 0.02;
    private static final double TREND_CONFIDENCE = 0.99;

    public static SteadyVerdict of(JmhResult r) {
        List<String> reasons = new ArrayList<>();
        Double reached = r.secondary().get(SteadyStateProfiler.REACHED);
        Double warmup = r.secondary().get(SteadyStateProfiler.WARMUP);
        Double jit = r.secondary().get(SteadyStateProfiler.JIT_SHARE);
        if (reached != null && reached < 1) {
            reasons.add(String.format(Locale.ROOT, "its warm-up hit the ceiling (%.0f s) before the JIT settled",
                    warmup == null ? Double.NaN : warmup));
        }
        if (jit != null && jit > JIT_LIMIT_PERCENT) {
            reasons.add(String.format(Locale.ROOT, "the JIT was compiling for %.1f%% of the measured time (limit %.0f%%)",
                    jit, JIT_LIMIT_PERCENT));
        }
        double[] trend = trend(r.raw());
        if (trend != null && trend[0] < -FALL_LIMIT && trend[1] < 0) {
            reasons.add(String.format(Locale.ROOT, "times were still falling: %.1f%% from first to last measured iteration",
                    -100 * trend[0]));
        }
        return new SteadyVerdict(List.copyOf(reasons), jit != null, warmup == null ? Double.NaN : warmup,
                jit == null ? Double.NaN : jit, trend == null ? Double.NaN : trend[0]);
    }

    public boolean steady() {
        return reasons.isEmpty();
    }

    /** "steady", "unknown (no evidence in the results)", or the reasons joined. */
    public String verdict() {
        if (!steady()) {
            return "not steady: " + String.join("; ", reasons);
        }
        return known ? "steady" : "unknown (no evidence in the results)";
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
