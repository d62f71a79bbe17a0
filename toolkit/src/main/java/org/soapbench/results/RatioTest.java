package org.soapbench.results;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The two-sample t-test on the log scale of one pair (see {@link LogDifference}), with the pair's
 * variance moderated across a comparison's pairs ({@link VarianceModeration}), or not
 * ({@link VarianceModeration#none()}): the ratio new/base and its confidence interval. Shared by
 * {@code compare}, which judges pairs with it, and the report, whose ratios ({@link Interval#ofRatio})
 * are the same test without moderation.
 *
 * @param ratio   new score / base score (ratio of geometric means of the samples)
 * @param low     lower end of the ratio's confidence interval; NaN when there is no test
 * @param pValue  two-sided; NaN when one sample a side leaves no variance to test with
 * @param df      the degrees of freedom of the test (moderated ones included)
 */
public record RatioTest(double ratio, double low, double high, double pValue, double df, LogDifference samples) {

    public static RatioTest of(LogDifference d, VarianceModeration moderation, double confidence) {
        double ratio = Math.exp(d.difference());
        if (d.df() == 0) {
            return new RatioTest(ratio, Double.NaN, Double.NaN, Double.NaN, 0, d);
        }
        double df = moderation.df(d);
        double se = Math.sqrt(moderation.variance(d)) * d.scale();
        if (se == 0) {
            double p = d.difference() == 0 ? 1 : 0;
            return new RatioTest(ratio, ratio, ratio, p, df, d);
        }
        TDistribution t = new TDistribution(null, df); // no random generator: only quantiles are used
        double q = t.inverseCumulativeProbability(1 - (1 - confidence) / 2);
        double p = 2 * t.cumulativeProbability(-Math.abs(d.difference()) / se);
        return new RatioTest(ratio, Math.exp(d.difference() - q * se), Math.exp(d.difference() + q * se), p, df, d);
    }

    public boolean testable() {
        return !Double.isNaN(pValue);
    }
}
