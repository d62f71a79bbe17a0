package org.soapbench.results;

import java.util.List;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * How far a run's forks of one configuration usually stray from each other, on the log scale, and
 * whether one configuration's forks stray beyond that. The yardstick is the median of the results'
 * fork-to-fork variances (each scaled by its chi-squared median, so that results with more forks
 * count alike): a median, so that the one configuration whose forks settled far apart cannot widen
 * the yardstick it is held against, as a fitted prior would when every result has but two forks.
 * A result is beyond it when its variance lies over the 99.9th percentile of what that variance's
 * degrees of freedom allow.
 */
public final class ForkAgreement {

    private static final ForkAgreement NONE = new ForkAgreement(Double.NaN, 0);

    private final double variance;
    private final int results;

    private ForkAgreement(double variance, int results) {
        this.variance = variance;
        this.results = results;
    }

    /** No yardstick: nothing is beyond it. */
    public static ForkAgreement none() {
        return NONE;
    }

    /** The yardstick of these results' spreads ({@link LogDifference#spread}); none from fewer than five. */
    public static ForkAgreement of(List<LogDifference> spreads) {
        double[] scaled = spreads.stream().filter(d -> d.df() > 0 && d.variance() >= 0)
                .mapToDouble(d -> d.variance() / chiSquaredMedian(d.df())).toArray();
        return scaled.length < VarianceModeration.MIN_PAIRS ? NONE : new ForkAgreement(new Median().evaluate(scaled), scaled.length);
    }

    /** Whether this spread lies beyond the {@code quantile} of what the yardstick and its degrees of freedom allow. */
    public boolean beyond(LogDifference spread, double quantile) {
        if (results == 0 || spread.df() <= 0 || !(spread.variance() > 0)) {
            return false;
        }
        double limit = new ChiSquaredDistribution(null, spread.df()).inverseCumulativeProbability(quantile) / spread.df();
        return spread.variance() / variance > limit;
    }

    /** The yardstick's standard deviation of one fork's log mean: about a fork's relative stray. */
    public double sd() {
        return Math.sqrt(variance);
    }

    private static double chiSquaredMedian(int df) {
        return new ChiSquaredDistribution(null, df).inverseCumulativeProbability(0.5) / df;
    }
}
