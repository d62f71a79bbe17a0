package org.soapbench.results;

import java.util.List;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Median;

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
 * @param setAside   rounds Yuen's paired test set aside at each end, its variance then winsorized (else 0)
 */
public record LogDifference(double difference, double variance, int df, double scale, int baseSamples, int newSamples,
                     boolean forks, int setAside) {

    /** A difference of all its samples, none set aside. */
    public LogDifference(double difference, double variance, int df, double scale, int baseSamples, int newSamples,
            boolean forks) {
        this(difference, variance, df, scale, baseSamples, newSamples, forks, 0);
    }

    /**
     * The degrees of freedom of the chi² that {@code variance} varies as from sample to sample: {@code df},
     * or fewer for a winsorized variance ({@link WinsorizedSampling}); {@code df} is what it is tested with.
     */
    public double samplingDf() {
        return setAside > 0 ? WinsorizedSampling.effectiveDf(baseSamples, setAside) : df;
    }

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
     * rounds): the test is on the n within-round differences ({@link #roundDifference}). A drift of the
     * machine between rounds moves both forks of a round and cancels in their difference. With
     * {@code trim} and five rounds or more, the test is Yuen's trimmed one: the fifth of the rounds at
     * each end (one of five to nine) is set aside, the difference is the trimmed mean, its variance the
     * winsorized one with h - 1 degrees of freedom for the h rounds kept, and {@code scale}
     * sqrt((n - 1) / (h (h - 1))), Yuen's (a little wider than Tukey and McLaughlin's sqrt(n) / h, which
     * raised 1.4% false alarms at 99% in PairedSimulationTest). Now and then one fork of a round settles
     * into compiled code several percent apart from its twin (seen here in about one round in
     * twenty-five), and one such round would otherwise widen its configuration's interval by half. But
     * trimming costs degrees of freedom: with five rounds it leaves two, a t of 31.6 at 99.9% against
     * 8.6 for all five, so it pays only where the pairs' variances are pooled ({@link VarianceModeration})
     * and lend degrees of freedom back; the caller decides. Both sides need the same number of forks.
     */
    public static LogDifference paired(JmhResult base, JmhResult next, boolean trim) {
        if (base.raw().size() != next.raw().size()) {
            throw new IllegalArgumentException("Pairing needs as many forks a side, but " + base.shortName() + " has "
                    + base.raw().size() + " in base and " + next.raw().size() + " in new.");
        }
        int n = base.raw().size();
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = pairDifference(new MeasuredFork(base, i), new MeasuredFork(next, i));
        }
        java.util.Arrays.sort(d);
        int g = trim ? trimmed(n) : 0;
        int h = n - 2 * g;
        double mean = StatUtils.mean(d, g, h);
        int df = h - 1;
        return new LogDifference(mean, df > 0 ? winsorizedVariance(d, g) : Double.NaN, df,
                df > 0 ? Math.sqrt((n - 1.0) / (h * (h - 1.0))) : Math.sqrt(1.0 / n), n, n, true, g);
    }

    /** The sample variance of sorted values with the g at each end counted as the nearest one kept. */
    static double winsorizedVariance(double[] sorted, int g) {
        int n = sorted.length;
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = sorted[Math.min(Math.max(i, g), n - g - 1)];
        }
        return StatUtils.variance(w);
    }

    /** How many rounds at each end a paired test sets aside: a fifth of them, from five rounds on. */
    static int trimmed(int rounds) {
        return rounds >= 5 ? rounds / 5 : 0;
    }

    /**
     * One pair of forks' log ratio, new over base. Where the two ran every iteration together on one CPU
     * they shared (--design same-cpu), the median over the iterations of log(new_j / base_j): each
     * iteration of both saw one machine, so the pair cancels what moved it, and the median leaves out
     * the iterations in which one side recompiled (Axis2's client entry reaches C2 a few seconds after
     * settling, on each side in a different iteration). Judged again this way, five of six same-CPU
     * gate runs of reports/ had rounds straying less (pooled, 0.7% instead of 1.5%, 1.1% instead of
     * 1.4%, 4.8% instead of 6.9%), the sixth alike (3.7%, 3.6%); on a CPU each, two vCPUs are two
     * machines from second to second, and each fork's faster half strayed less in 50 of 62 runs
     * ({@link #roundDifference}).
     */
    static double pairDifference(MeasuredFork base, MeasuredFork next) {
        if (!base.sharedEveryIterationWith(next)) {
            return roundDifference(base.iterations(), next.iterations());
        }
        List<Double> b = base.iterations();
        List<Double> n = next.iterations();
        double[] logs = new double[b.size()];
        for (int j = 0; j < logs.length; j++) {
            logs[j] = Math.log(n.get(j) / b.get(j));
        }
        return new Median().evaluate(logs);
    }

    /** From this many iterations on, a duet of unlike work is judged on its quiet quarter ({@link #unlikePairDifference}). */
    static final int QUIET_QUARTER_FROM = 8;

    /**
     * One duet's log ratio, next over base, where the two are different configurations (a mode beside its
     * plain twin, FI beside XML, one stack beside another: {@link StackDuets}). Where they shared one CPU
     * every iteration, from {@link #QUIET_QUARTER_FROM} iterations on: the median of log(next_j / base_j)
     * over the quarter of moments in which the pair ran fastest (each fork's log time over its own median,
     * summed). A neighbour's burst falls on both forks but not alike on unlike work (parsing and allocation
     * slow more than big-number arithmetic), so it does not cancel in their ratio as it does between a
     * configuration and itself; the moments it left the CPU alone do. Judged again this way, CXF's cost duets
     * on small beside noise on a quiet host strayed 3.9% a duet instead of 6.8% and came 2.4% from the quiet
     * run's ratios instead of 4.0%, quiet the two readings agree within 0.4%, and a mode beside plain strayed
     * less in 8 of 9 cost runs beside a neighbour or on a busy host; the gate's rounds strayed more in 7 of 7
     * (reports/sample-cost-quiet-quarter-2026-12-07). Otherwise, and always for the gate's pairs of one
     * configuration, {@link #pairDifference}.
     */
    static double unlikePairDifference(MeasuredFork base, MeasuredFork next) {
        int n = base.iterations().size();
        if (n < QUIET_QUARTER_FROM || !base.sharedEveryIterationWith(next)) {
            return pairDifference(base, next);
        }
        double[] b = base.iterations().stream().mapToDouble(Math::log).toArray();
        double[] x = next.iterations().stream().mapToDouble(Math::log).toArray();
        double bMedian = new Median().evaluate(b);
        double xMedian = new Median().evaluate(x);
        Integer[] moments = new Integer[n];
        for (int j = 0; j < n; j++) {
            moments[j] = j;
        }
        java.util.Arrays.sort(moments, java.util.Comparator.comparingDouble(j -> b[j] - bMedian + x[j] - xMedian));
        double[] quiet = new double[n / 4];
        for (int k = 0; k < quiet.length; k++) {
            quiet[k] = x[moments[k]] - b[moments[k]];
        }
        return new Median().evaluate(quiet);
    }

    /**
     * One round's log ratio, new over base: of the means of each fork's lower half of iterations (the
     * faster half, the middle one too when odd). What disturbs a fork of fixed code only adds time: a
     * neighbour on the core or its cache, a late recompilation that runs worse code for a second or two,
     * on one side only. Such stretches land in the upper half, while a real change moves every
     * iteration. Judged again this way, the gate's runs of reports/sample-gate-2026-11-25 had
     * a median spread of their rounds of 2.0% instead of 2.6% in a quiet A/A of seven rounds, and 1.3%
     * instead of 3.4% beside a noisy neighbour, against the median of the aligned iterations' ratios
     * (and 1.6% instead of 1.2% in a short quiet run of four rounds).
     */
    static double roundDifference(List<Double> base, List<Double> next) {
        return Math.log(lowerHalfMean(next)) - Math.log(lowerHalfMean(base));
    }

    /** The mean of the smaller half of the values, the middle one included when their count is odd. */
    public static double lowerHalfMean(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int half = (sorted.length + 1) / 2;
        double sum = 0;
        for (int i = 0; i < half; i++) {
            sum += sorted[i];
        }
        return sum / half;
    }

    /**
     * One result's own fork-to-fork spread, as a pair's variance: the sample variance of its forks' log
     * means with n - 1 degrees of freedom. Fitted across a run's results, these give the prior that
     * moderates the run's ratios ({@link Interval#ofRatio(JmhResult, JmhResult, double, VarianceModeration)}).
     */
    public static LogDifference spread(JmhResult r) {
        double[] means = forkMeans(r);
        int df = means.length - 1;
        double squares = squaresLog(means, meanLog(means));
        return new LogDifference(0, df > 0 ? squares / df : Double.NaN, df, 1, means.length, means.length, df > 0);
    }

    /** Each fork's time per call: its iterations (JMH's rawData) weighted by the calls each held ({@link PerCall}). */
    public static double[] forkMeans(JmhResult r) {
        return PerCall.forkMeans(r.raw(), r.callsPerIteration());
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
