package org.soapbench.results;

import java.util.List;
import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.FDistribution;
import org.apache.commons.math3.special.Gamma;

/**
 * Empirical-Bayes moderation of the pairs' variances (Smyth 2004, the "moderated t" of limma): with
 * three forks a side, one pair's variance has 4 degrees of freedom, and a t-test at 99% then needs a
 * t of 4.6, which misses most 10% regressions. The benchmarks of one run share a machine and a
 * harness, so their relative noise levels are alike: the spread of their log variances gives a prior
 * (d0 degrees of freedom around s0²), and each pair's variance becomes (d0·s0² + d·s²) / (d0 + d),
 * tested with d0 + d degrees of freedom. d0 is estimated from the data: the more the pairs' noise
 * levels differ beyond what sampling explains, the smaller d0, down to the plain t-test. Where a pair's
 * variance is Yuen's winsorized one, d in the fit and in the weights is the degrees of freedom its spread
 * shows ({@link LogDifference#samplingDf}, 1.8 for five rounds), not the h - 1 = 2 it is tested with:
 * with 2, the fit read its extra spread as pairs of different noise.
 *
 * <p>Guards, since one run mixes quiet and noisy configurations: it runs only with at least
 * {@link #MIN_PAIRS} pairs measured with forks; a pair beyond the prior's 99th percentile is tested
 * alone, and the prior refitted without it; a pair below its 1st percentile is left out of the fit
 * too (see {@link #tooQuiet}); and a pair noisier than the prior keeps its own variance and borrows
 * fewer degrees of freedom (see {@link #variance} and {@link #df}).
 */
public final class VarianceModeration {

    /** Fewer pairs than this give too rough a prior to lend anyone degrees of freedom. */
    public static final int MIN_PAIRS = 5;

    /** A pair whose variance is beyond this upper quantile of the prior is tested alone; below 1 - it, fitted without. */
    private static final double OUTLIER = 0.99;

    private static final VarianceModeration NONE = new VarianceModeration(0, Double.NaN, 0, 0);

    /** No moderation: every pair keeps its own variance and degrees of freedom. */
    public static VarianceModeration none() {
        return NONE;
    }

    private final double priorDf;
    private final double priorVariance;
    private final double dfCap;
    private final int pairs;

    private VarianceModeration(double priorDf, double priorVariance, double dfCap, int pairs) {
        this.priorDf = priorDf;
        this.priorVariance = priorVariance;
        this.dfCap = dfCap;
        this.pairs = pairs;
    }

    /** The prior from the pairs measured with forks (iterations of one fork are not independent samples). */
    public static VarianceModeration fit(List<LogDifference> all) {
        List<LogDifference> alike = all.stream().filter(d -> d.forks() && d.df() > 0 && d.variance() > 0).toList();
        VarianceModeration prior = prior(alike);
        // Refit without the pairs the prior calls too noisy or too quiet, until the set is stable.
        for (int round = 0; round < 5 && prior.active(); round++) {
            VarianceModeration current = prior;
            List<LogDifference> kept = alike.stream().filter(d -> !current.tooNoisy(d) && !current.tooQuiet(d)).toList();
            if (kept.size() == alike.size()) {
                break;
            }
            alike = kept;
            prior = prior(kept);
        }
        return prior;
    }

    private static VarianceModeration prior(List<LogDifference> alike) {
        int n = alike.size();
        if (n < MIN_PAIRS) {
            return NONE;
        }
        // e = log s² - digamma(d/2) + log(d/2) has mean log s0² - digamma(d0/2) + log(d0/2) and variance
        // trigamma(d/2) + trigamma(d0/2) when s² ~ s0² chi²(d)/d around a scaled-inverse-chi²(d0, s0²) prior.
        double[] e = new double[n];
        double mean = 0;
        double sampling = 0;
        double sumDf = 0;
        for (int i = 0; i < n; i++) {
            double half = alike.get(i).samplingDf() / 2.0;
            e[i] = Math.log(alike.get(i).variance()) - Gamma.digamma(half) + Math.log(half);
            mean += e[i] / n;
            sampling += Gamma.trigamma(half) / n;
            sumDf += alike.get(i).df();
        }
        double spread = 0;
        for (double v : e) {
            spread += (v - mean) * (v - mean) / (n - 1);
        }
        double excess = spread - sampling;
        if (excess <= 0) {
            // The noise levels agree as well as sampling allows: one shared variance (limma's d0 = inf).
            return new VarianceModeration(Double.POSITIVE_INFINITY, Math.exp(mean), sumDf, n);
        }
        double d0 = 2 * trigammaInverse(excess);
        return new VarianceModeration(d0, Math.exp(mean + Gamma.digamma(d0 / 2) - Math.log(d0 / 2)), sumDf, n);
    }

    /**
     * The variance to test a pair with: the moderated one, or the pair's own when that is larger. A
     * run mixes quiet and noisy configurations, and shrinking a noisy pair's variance towards the
     * quiet ones' would narrow its interval below what its own forks show.
     */
    public double variance(LogDifference d) {
        return applies(d) ? Math.max(moderated(d), d.variance()) : d.variance();
    }

    /**
     * The degrees of freedom to test a pair with: its own plus those it borrows from the prior, capped
     * (as limma does) at all the pairs' own together. A pair noisier than the prior borrows fewer:
     * d0·(moderated/own)², so that one at twice the moderated variance borrows a quarter. This
     * adjustment is ours, not limma's; the simulations of CompareSimulationTest hold it to the promise.
     */
    public double df(LogDifference d) {
        if (!applies(d)) {
            return d.df();
        }
        double borrowed = Math.min(priorDf, dfCap - d.df());
        double quieter = d.variance() > 0 ? Math.min(1, moderated(d) / d.variance()) : 1;
        return d.df() + borrowed * quieter * quieter;
    }

    private double moderated(LogDifference d) {
        return Double.isInfinite(priorDf) ? priorVariance
                : (priorDf * priorVariance + d.samplingDf() * d.variance()) / (priorDf + d.samplingDf());
    }

    public boolean active() {
        return pairs > 0;
    }

    /** Whether a pair's own variance is too large to come from the prior (then it is tested alone). */
    public boolean tooNoisy(LogDifference d) {
        if (!active() || !d.forks() || d.df() <= 0 || !(d.variance() > 0)) {
            return false;
        }
        return d.variance() / priorVariance > relativeVarianceQuantile(d.samplingDf(), OUTLIER);
    }

    /**
     * Whether a pair's own variance is too small to come from the prior: below its 1st percentile. Such a
     * pair is left out of the fit but tested with the moderated variance, which is then larger than its own.
     * Yuen's test of five rounds keeps the middle three, and when those nearly tie, by chance or because
     * a statistic of a fork comes in steps (the gate's injected extra calls do), their winsorized variance
     * falls towards 0 and its logarithm far below the others': one such pair widened the log variances'
     * spread enough to cut the prior to 1.2 degrees of freedom in a run of 12 pairs whose variances
     * otherwise agreed (reports/sample-secured-gate-fi-2026-11-29), which left every pair with two or three.
     * limma's robust fit guards both tails for the same reason (Phipson et al. 2016, which winsorizes them).
     */
    public boolean tooQuiet(LogDifference d) {
        if (!active() || !d.forks() || d.df() <= 0 || !(d.variance() >= 0)) {
            return false;
        }
        return d.variance() / priorVariance < relativeVarianceQuantile(d.samplingDf(), 1 - OUTLIER);
    }

    /** The p-quantile of s²/s0² for a pair of {@code df}: under the prior F(df, d0); with d0 infinite, chi²(df)/df. */
    private double relativeVarianceQuantile(double df, double p) {
        return Double.isInfinite(priorDf)
                ? new ChiSquaredDistribution(null, df).inverseCumulativeProbability(p) / df
                : new FDistribution(null, df, priorDf).inverseCumulativeProbability(p);
    }

    public double priorDf() {
        return priorDf;
    }

    /** The prior's standard deviation of one sample's log score: about its relative noise. */
    public double priorSd() {
        return Math.sqrt(priorVariance);
    }

    /** How many pairs the prior was fitted to. */
    public int pairs() {
        return pairs;
    }

    private boolean applies(LogDifference d) {
        return active() && d.forks() && d.df() > 0 && d.variance() >= 0 && !tooNoisy(d);
    }

    /** y with trigamma(y) = x; trigamma falls monotonically from +inf to 0 on (0, inf). */
    static double trigammaInverse(double x) {
        if (x > 1e7) {
            return 1 / Math.sqrt(x);
        }
        if (x < 1e-6) {
            return 1 / x;
        }
        // 1/y < trigamma(y) < 1/y + 1/y², so the root lies in [1/x, 1/x + 1/sqrt(x)].
        double low = 0.999 / x;
        double high = 1.001 * (1 / x + 1 / Math.sqrt(x));
        return new BrentSolver(1e-12, 1e-10).solve(200, y -> Gamma.trigamma(y) - x, low, high);
    }
}
