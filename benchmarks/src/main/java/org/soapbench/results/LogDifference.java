package org.soapbench.results;

import java.util.List;

/**
 * One pair's samples on the log scale, where a ratio is a difference and run-to-run noise is
 * relative: the difference of the two sides' mean log score, and the variance of a single sample
 * pooled over both sides (Student's two-sample t-test, equal variances).
 *
 * @param difference mean(log new) - mean(log base)
 * @param variance   pooled sample variance of the log samples, NaN when {@code df} is 0
 * @param df         degrees of freedom of {@code variance}: n_base + n_new - 2
 * @param scale      sqrt(1/n_base + 1/n_new): the standard error is sqrt(variance) times this
 * @param forks      whether the samples are fork means (true) or single iterations (one fork a side)
 */
public record LogDifference(double difference, double variance, int df, double scale, int baseSamples, int newSamples,
                     boolean forks) {

    public static LogDifference of(double[] base, double[] next, boolean forks) {
        double baseMean = meanLog(base);
        double newMean = meanLog(next);
        double squares = squaresLog(base, baseMean) + squaresLog(next, newMean);
        int df = base.length + next.length - 2;
        return new LogDifference(newMean - baseMean, df > 0 ? squares / df : Double.NaN, df,
                Math.sqrt(1.0 / base.length + 1.0 / next.length), base.length, next.length, forks);
    }

    /** Forks are the independent samples when both sides have several; otherwise the iterations are. */
    public static LogDifference of(JmhResult base, JmhResult next) {
        boolean forks = base.raw().size() >= 2 && next.raw().size() >= 2;
        return forks ? of(forkMeans(base), forkMeans(next), true) : of(iterations(base), iterations(next), false);
    }

    /** The mean of each fork's iterations (JMH's rawData). */
    public static double[] forkMeans(JmhResult r) {
        return r.raw().stream().mapToDouble(f -> f.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN))
                .toArray();
    }

    /** Every iteration of every fork. */
    public static double[] iterations(JmhResult r) {
        return r.raw().stream().flatMap(List::stream).mapToDouble(Double::doubleValue).toArray();
    }

    /** The mean of the values' natural logarithms. */
    public static double meanLog(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += Math.log(v);
        }
        return sum / values.length;
    }

    /** The sum of squared deviations of the values' logarithms from {@code mean}. */
    public static double squaresLog(double[] values, double mean) {
        double sum = 0;
        for (double v : values) {
            double d = Math.log(v) - mean;
            sum += d * d;
        }
        return sum;
    }
}
