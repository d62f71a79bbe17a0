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

    /**
     * Fork i of base against fork i of new, for forks run side by side (the gate runs them so, in
     * rounds): the test is on the n within-round differences, with n - 1 degrees of freedom. A drift
     * of the machine between rounds moves both forks of a round and cancels in their difference.
     * A round's difference is the median over its iterations of log(new_j / base_j) when the two forks
     * have as many iterations (the same-moment gate starts iteration j of both at the same instant, so
     * each such ratio saw one machine, and the median shrugs off an iteration a JIT burst or a
     * neighbour's burst hit on one side), else the difference of the log fork means. {@code variance}
     * is then the variance of one round's difference and {@code scale} sqrt(1/n); both sides need the
     * same number of forks.
     */
    public static LogDifference paired(JmhResult base, JmhResult next) {
        if (base.raw().size() != next.raw().size()) {
            throw new IllegalArgumentException("Pairing needs as many forks a side, but " + base.shortName() + " has "
                    + base.raw().size() + " in base and " + next.raw().size() + " in new.");
        }
        double[] d = new double[base.raw().size()];
        double mean = 0;
        for (int i = 0; i < d.length; i++) {
            d[i] = roundDifference(base.raw().get(i), next.raw().get(i));
            mean += d[i] / d.length;
        }
        double squares = 0;
        for (double v : d) {
            squares += (v - mean) * (v - mean);
        }
        int df = d.length - 1;
        return new LogDifference(mean, df > 0 ? squares / df : Double.NaN, df, Math.sqrt(1.0 / d.length), d.length,
                d.length, true);
    }

    /** One round's log ratio: the median over aligned iterations, or the ratio of the fork means. */
    static double roundDifference(List<Double> base, List<Double> next) {
        if (base.size() != next.size() || base.isEmpty()) {
            return Math.log(next.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN))
                    - Math.log(base.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN));
        }
        double[] ratios = new double[base.size()];
        for (int j = 0; j < ratios.length; j++) {
            ratios[j] = Math.log(next.get(j)) - Math.log(base.get(j));
        }
        java.util.Arrays.sort(ratios);
        int n = ratios.length;
        return n % 2 == 1 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2;
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
