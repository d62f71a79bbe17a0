package org.soapbench.results;

import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The one way soapbench puts an interval on a score or on a ratio of two scores, shared by the
 * report and {@code compare}. The samples are the forks' means when a result has two forks or more
 * (iterations of one fork share its JIT decisions and memory layout, so only forks are independent);
 * with a single fork they are its iterations, and the interval is then too narrow, which
 * {@link #tooNarrow} says and the report marks with *. On the log scale, where a ratio is a
 * difference and run-to-run noise is relative; Student's t. A ratio's interval is the two-sample one
 * of {@link RatioTest} without the variance moderation that {@code compare} adds across many
 * pairs. A result compared with itself (a reference) has no interval.
 */
public record Interval(double value, double low, double high, boolean tooNarrow) {

    /** The report's confidence: JMH's own, for its errors. */
    public static final double REPORT_CONFIDENCE = 0.999;

    /** JMH's score, and the interval of the geometric mean of its samples carried over to it. */
    public static Interval ofScore(JmhResult r, double confidence) {
        return ofScore(r, confidence, VarianceModeration.none());
    }

    /**
     * The same, with the fork-to-fork variance moderated across a run's results ({@link
     * LogDifference#spread}): a run made in duets has two forks a configuration, whose spread alone
     * has one degree of freedom, a t of 637 at 99.9%.
     */
    public static Interval ofScore(JmhResult r, double confidence, VarianceModeration forkSpread) {
        if (r.raw().size() >= 2) {
            LogDifference spread = LogDifference.spread(r);
            return around(r.score(), forkSpread.variance(spread), forkSpread.df(spread), spread.baseSamples(), confidence,
                    false);
        }
        double[] iterations = LogDifference.iterations(r);
        int n = iterations.length;
        if (n < 2) {
            return new Interval(r.score(), Double.NaN, Double.NaN, true);
        }
        return around(r.score(), LogDifference.squaresLog(iterations, LogDifference.meanLog(iterations)) / (n - 1), n - 1,
                n, confidence, true);
    }

    /** {@code value} with the interval of a mean of n samples of this variance on the log scale. */
    private static Interval around(double value, double variance, double df, int n, double confidence, boolean tooNarrow) {
        double half = quantile(df, confidence) * Math.sqrt(variance / n);
        return new Interval(value, value * Math.exp(-half), value * Math.exp(half), tooNarrow);
    }

    /** numerator / denominator, as the ratio of the samples' geometric means. */
    public static Interval ofRatio(JmhResult numerator, JmhResult denominator, double confidence) {
        return ofRatio(numerator, denominator, confidence, VarianceModeration.none());
    }

    /**
     * The same, with the fork-to-fork variance moderated across a run's results ({@link
     * LogDifference#spread}): with two forks a side a ratio alone has 2 degrees of freedom, a t of 31.6
     * at 99.9%, where the run's other results say how far forks apart are.
     */
    public static Interval ofRatio(JmhResult numerator, JmhResult denominator, double confidence,
                                   VarianceModeration forkSpread) {
        if (numerator == denominator) {
            return new Interval(1, 1, 1, false);
        }
        LogDifference d = LogDifference.of(denominator, numerator);
        RatioTest t = RatioTest.of(d, forkSpread, confidence);
        return new Interval(t.ratio(), t.low(), t.high(), !d.forks());
    }

    /** A result against itself: exactly 1, no interval. */
    public boolean isReference() {
        return low == value && high == value && value == 1 && !tooNarrow;
    }

    public boolean known() {
        return !Double.isNaN(low);
    }

    /** Half the interval's width relative to its value: the "± %" a reader expects. */
    public double relativeHalfWidth() {
        return known() ? (high - low) / 2 / value : Double.NaN;
    }

    /** "1.20 [1.10, 1.31]", with * when too narrow; "1.00 (reference)" for a result against itself. */
    public String ratioText() {
        if (isReference()) {
            return "1.00 (reference)";
        }
        if (!known()) {
            return String.format(Locale.ROOT, "%.2f [n/a]", value);
        }
        return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]%s", value, low, high, tooNarrow ? "*" : "");
    }

    private static double quantile(double df, double confidence) {
        return new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - confidence) / 2);
    }
}
