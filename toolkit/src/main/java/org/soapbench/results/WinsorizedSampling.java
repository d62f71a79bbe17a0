package org.soapbench.results;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.stat.StatUtils;

/**
 * How much a winsorized variance varies from sample to sample, as the degrees of freedom of the chi²
 * whose logarithm varies as much. Yuen's test of n rounds with g set aside at each end gives its
 * variance h - 1 degrees of freedom for the h rounds kept, the right count for the t it is tested
 * with, but its logarithm strays further than a chi²(h - 1)'s: for five rounds, 1.95 against
 * trigamma(1) = 1.64, as a chi² of 1.8 degrees of freedom would. Fitting a prior to such variances
 * ({@link VarianceModeration}) with h - 1 reads that extra spread as pairs of different noise and lends
 * fewer degrees of freedom. No closed form is known, so it is simulated once per (n, g), seeded, on
 * normal rounds: a few milliseconds.
 */
final class WinsorizedSampling {

    private static final int DRAWS = 200_000;
    private static final Map<Long, Double> DF = new ConcurrentHashMap<>();

    private WinsorizedSampling() {
    }

    /** The chi² degrees of freedom whose log varies as a winsorized variance of n rounds, g set aside each end, does. */
    static double effectiveDf(int n, int g) {
        if (n - 2 * g < 2) {
            throw new IllegalArgumentException("A winsorized variance needs two rounds kept, but " + n + " rounds with "
                    + g + " set aside at each end keep " + (n - 2 * g) + ".");
        }
        return DF.computeIfAbsent(((long) n << 32) | g, key -> 2 * VarianceModeration.trigammaInverse(logVariance(n, g)));
    }

    /** The variance of log s_w² over normal samples of n. */
    private static double logVariance(int n, int g) {
        SplittableRandom random = new SplittableRandom(20261204L + 31L * n + g);
        double[] sample = new double[n];
        double[] logs = new double[DRAWS];
        for (int k = 0; k < DRAWS; k++) {
            for (int i = 0; i < n; i++) {
                sample[i] = random.nextGaussian();
            }
            Arrays.sort(sample);
            logs[k] = Math.log(LogDifference.winsorizedVariance(sample, g));
        }
        return StatUtils.variance(logs);
    }
}
