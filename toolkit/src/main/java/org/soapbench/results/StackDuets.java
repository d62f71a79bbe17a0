package org.soapbench.results;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.soapbench.bench.fork.SameMomentProfiler;

/**
 * Configurations compared within duets, for a run made with {@code run --design}: each fork ran beside
 * another (its {@code ·moment.id} names the pair). A duet's log ratio is the median over its
 * iterations of log(a/b) (at the same moment, iteration j of both saw one machine), over its quiet
 * quarter where the two shared one CPU ({@link LogDifference#unlikePairDifference}). Configurations of
 * one benchmark that duets join, directly or through others (stacks beside stacks, a security mode
 * beside its plain twin, FI beside XML: whatever the plan paired), get log times by least squares over
 * those duets, and the leftovers of every such set are pooled across the run into one variance of a
 * duet's log ratio: every duet was measured alike, in the same run. A ratio of two configurations is
 * then the difference of their fitted log times, with a Student's t interval from that variance and
 * the duets that join them: a ratio measured in several duets, or along several paths, is the
 * narrower. Configurations no duet joins to the other are not compared here.
 */
public final class StackDuets {

    /** The fit of one joined set: its configurations' log times relative to the first, and how far its duets disagree. */
    private record Fit(List<JmhResult> members, double[] effects, RealMatrix unitCovariance, LogDifference leftover) {
    }

    private final Map<JmhResult, Fit> fits = new IdentityHashMap<>();
    private final double variance;
    private final int df;
    private final int duets;
    private final int groups;
    private final int inStep;
    private final int oneCpu;

    private StackDuets(List<Fit> all, int duets, int inStep, int oneCpu) {
        for (Fit f : all) {
            f.members().forEach(m -> fits.put(m, f));
        }
        double squares = 0;
        int degrees = 0;
        for (Fit f : all) {
            if (f.leftover().df() > 0) {
                squares += f.leftover().variance() * f.leftover().df();
                degrees += f.leftover().df();
            }
        }
        this.variance = degrees > 0 ? squares / degrees : Double.NaN;
        this.df = degrees;
        this.duets = duets;
        this.groups = all.size();
        this.inStep = inStep;
        this.oneCpu = oneCpu;
    }

    /** The duets among these results (already scored in the metric to compare), fitted set by joined set. */
    public static StackDuets of(List<JmhResult> results) {
        Map<String, List<MeasuredFork>> byMoment = new LinkedHashMap<>();
        for (JmhResult r : results) {
            List<List<Double>> ids = r.secondaryRaw(SameMomentProfiler.ID);
            for (int f = 0; f < ids.size() && f < r.raw().size(); f++) {
                if (!ids.get(f).isEmpty()) {
                    byMoment.computeIfAbsent(r.run() + " " + ids.get(f).get(0).longValue(), k -> new ArrayList<>())
                            .add(new MeasuredFork(r, f));
                }
            }
        }
        List<Duet> all = new ArrayList<>();
        int inStep = 0;
        int oneCpu = 0;
        for (List<MeasuredFork> pair : byMoment.values()) {
            if (pair.size() != 2 || pair.get(0).result() == pair.get(1).result()) {
                continue; // a configuration beside itself, or an id shared by chance: nothing to compare
            }
            JmhResult a = pair.get(0).result();
            JmhResult b = pair.get(1).result();
            if (!benchmarkOf(a).equals(benchmarkOf(b))) {
                continue;
            }
            double logRatio = LogDifference.unlikePairDifference(pair.get(1), pair.get(0));
            all.add(new Duet(a, b, logRatio));
            if (pair.get(0).aligned() && pair.get(1).aligned()) {
                inStep++;
                if (pair.get(0).sharedCpuWith(pair.get(1))) {
                    oneCpu++;
                }
            }
        }
        List<Fit> fits = new ArrayList<>();
        for (List<Duet> joined : joinedSets(all)) {
            Fit f = fit(joined);
            if (f != null) {
                fits.add(f);
            }
        }
        return new StackDuets(fits, all.size(), inStep, oneCpu);
    }

    /** The duets split into sets whose configurations duets join, directly or through others. */
    private static List<List<Duet>> joinedSets(List<Duet> duets) {
        Map<JmhResult, JmhResult> parent = new IdentityHashMap<>();
        for (Duet d : duets) {
            parent.put(root(parent, d.a()), root(parent, d.b()));
        }
        Map<JmhResult, List<Duet>> sets = new LinkedHashMap<>();
        for (Duet d : duets) {
            sets.computeIfAbsent(root(parent, d.a()), k -> new ArrayList<>()).add(d);
        }
        return new ArrayList<>(sets.values());
    }

    private static JmhResult root(Map<JmhResult, JmhResult> parent, JmhResult r) {
        JmhResult p = parent.getOrDefault(r, r);
        if (p == r) {
            return r;
        }
        JmhResult top = root(parent, p);
        parent.put(r, top);
        return top;
    }

    /** log(a/b) of one duet. */
    private record Duet(JmhResult a, JmhResult b, double logRatio) {
    }

    /** What two results must share to be compared through duets: the run, the benchmark and how it ran. */
    private static String benchmarkOf(JmhResult r) {
        Configuration c = r.configuration();
        return r.run() + " " + r.mode() + " " + r.threads() + " " + r.benchmark() + " " + c.transport() + " " + c.quakes();
    }

    /** Least squares of d = t_a - t_b over a joined set's duets, t of its first member 0. */
    private static Fit fit(List<Duet> duets) {
        List<JmhResult> members = new ArrayList<>();
        for (Duet d : duets) {
            if (!members.contains(d.a())) {
                members.add(d.a());
            }
            if (!members.contains(d.b())) {
                members.add(d.b());
            }
        }
        int k = members.size() - 1;
        int n = duets.size();
        if (k < 1 || n < k) {
            return null;
        }
        double[][] x = new double[n][k];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            int a = members.indexOf(duets.get(i).a()) - 1;
            int b = members.indexOf(duets.get(i).b()) - 1;
            if (a >= 0) {
                x[i][a] += 1;
            }
            if (b >= 0) {
                x[i][b] -= 1;
            }
            y[i] = duets.get(i).logRatio();
        }
        RealMatrix design = new Array2DRowRealMatrix(x, false);
        RealMatrix normal = design.transpose().multiply(design);
        LUDecomposition lu = new LUDecomposition(normal);
        if (!lu.getSolver().isNonSingular()) {
            return null;
        }
        RealMatrix inverse = lu.getSolver().getInverse();
        double[] effects = inverse.operate(design.transpose().operate(y));
        double[] fitted = design.operate(effects);
        double squares = 0;
        for (int i = 0; i < n; i++) {
            squares += (y[i] - fitted[i]) * (y[i] - fitted[i]);
        }
        int df = n - k;
        LogDifference leftover = new LogDifference(0, df > 0 ? squares / df : Double.NaN, df, 1, n, n, true);
        return new Fit(members, effects, inverse, leftover);
    }

    /** Whether a result's forks each ran beside another (they carry {@code ·moment.id}). */
    public static boolean measuredInDuets(JmhResult r) {
        return r.source() != null && r.source().path("secondaryMetrics").has(SameMomentProfiler.ID);
    }

    /** Whether duets join both results, directly or through others. */
    public boolean compares(JmhResult numerator, JmhResult denominator) {
        Fit f = fits.get(numerator);
        return f != null && f == fits.get(denominator) && numerator != denominator;
    }

    /** numerator / denominator from their joined set's fit, with its interval; {@link #compares} must hold. */
    public Interval ratio(JmhResult numerator, JmhResult denominator, double confidence) {
        Fit f = fits.get(numerator);
        int a = f.members().indexOf(numerator) - 1;
        int b = f.members().indexOf(denominator) - 1;
        double estimate = effect(f, a) - effect(f, b);
        double unit = variance(f.unitCovariance(), a, a) + variance(f.unitCovariance(), b, b)
                - 2 * variance(f.unitCovariance(), a, b);
        if (df == 0) {
            return new Interval(Math.exp(estimate), Double.NaN, Double.NaN, false);
        }
        double se = Math.sqrt(variance * unit);
        double q = new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        return new Interval(Math.exp(estimate), Math.exp(estimate - q * se), Math.exp(estimate + q * se), false);
    }

    private static double effect(Fit f, int i) {
        return i < 0 ? 0 : f.effects()[i];
    }

    private static double variance(RealMatrix m, int i, int j) {
        return i < 0 || j < 0 ? 0 : m.getEntry(i, j);
    }

    /** How many duets compared two configurations. */
    public int duets() {
        return duets;
    }

    /** How many of the {@link #duets} ran their two forks at the same moment, in step throughout. */
    public int inStep() {
        return inStep;
    }

    /** How many of the duets in step ran on one CPU, which both forks shared (run --design same-cpu). */
    public int oneCpu() {
        return oneCpu;
    }

    /** How many sets of configurations joined by duets were fitted. */
    public int groups() {
        return groups;
    }

    /** How far one duet's log ratio strays from the fit: the pooled standard deviation. */
    public double spread() {
        return Math.sqrt(variance);
    }

    /** The degrees of freedom of {@link #spread}: every group's leftover together. */
    public int df() {
        return df;
    }
}
