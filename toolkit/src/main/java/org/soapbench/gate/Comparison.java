package org.soapbench.gate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.RealDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.soapbench.results.JmhResult;
import org.soapbench.results.LogDifference;
import org.soapbench.results.RatioTest;
import org.soapbench.results.Units;
import org.soapbench.results.VarianceModeration;

/**
 * Two runs of the same benchmarks, paired by name, mode and every parameter, each pair with its
 * ratio new/base, a confidence interval for it, and a verdict. See {@link LogDifference} and
 * {@link VarianceModeration} for the statistics, and docs/gate.md for why.
 */
public final class Comparison {

    /**
     * @param threshold  the smallest change in time per operation that counts, e.g. 0.05
     * @param confidence e.g. 0.99: the confidence of each interval, so an A/A comparison calls at most
     *                   1% of its pairs significant, and fewer still beyond the threshold
     * @param baseSelect parameters a base result must have (e.g. stack=cxf-4.1); left out of the pairing
     * @param newSelect  parameters a new result must have (e.g. stack=cxf); the same names as baseSelect
     * @param allowMissing patterns (regexes, found anywhere in "Benchmark.method name=value ...") of base
     *                   configurations that may be missing in new without failing the gate
     * @param allowDifferentSettings compare results even when they were not measured alike ({@link MeasuredAlike})
     * @param paired     consider pairing fork i of base with fork i of new (forks run side by side, as the
     *                   interleaved gate runs them): used when its intervals are narrower than unpaired ones
     * @param runtimes   the sides' runtimes are what is compared: their JDKs may differ, and so may these
     *                   JVM options (each side's own); null when the sides share a runtime
     * @param suiteThreshold the smallest change of the suite's geometric mean that counts: by default the
     *                   pairs' threshold; lower for a change that moves every configuration a little, which
     *                   the suite's narrower interval can tell (e.g. 0.02)
     */
    public record Settings(double threshold, double confidence, Map<String, String> baseSelect,
                    Map<String, String> newSelect, List<Pattern> allowMissing, boolean allowDifferentSettings,
                    boolean paired, Set<String> runtimes, double suiteThreshold) {

        public Settings {
            baseSelect = Map.copyOf(baseSelect);
            newSelect = Map.copyOf(newSelect);
            allowMissing = List.copyOf(allowMissing);
            runtimes = runtimes == null ? null : Set.copyOf(runtimes);
        }

        /** The sides share a runtime. */
        public Settings(double threshold, double confidence, Map<String, String> baseSelect, Map<String, String> newSelect,
                        List<Pattern> allowMissing, boolean allowDifferentSettings, boolean paired) {
            this(threshold, confidence, baseSelect, newSelect, allowMissing, allowDifferentSettings, paired, null, threshold);
        }

        /** The same, comparing the sides' runtimes: a JDK each, and each side's own JVM options. */
        public Settings allowingRuntimes(Set<String> sideOptions) {
            return new Settings(threshold, confidence, baseSelect, newSelect, allowMissing, allowDifferentSettings,
                    paired, sideOptions, suiteThreshold);
        }

        /** The same, judging the suite as a whole by its own threshold. */
        public Settings withSuiteThreshold(double suite) {
            return new Settings(threshold, confidence, baseSelect, newSelect, allowMissing, allowDifferentSettings,
                    paired, runtimes, suite);
        }

        /** Two separate runs: unpaired, no configuration allowed to go missing, settings checked. */
        public Settings(double threshold, double confidence, Map<String, String> baseSelect, Map<String, String> newSelect) {
            this(threshold, confidence, baseSelect, newSelect, List.of(), false, false);
        }

        boolean missingAllowed(JmhResult base) {
            String text = base.shortName() + " " + base.configuration().text();
            return allowMissing.stream().anyMatch(p -> p.matcher(text).find());
        }
    }

    /** A base result, a new one, or both (then with a test). */
    public record Pair(JmhResult base, JmhResult next, RatioTest test, Verdict verdict) {

        public JmhResult any() {
            return base != null ? base : next;
        }
    }

    /**
     * The suite as a whole: the geometric mean of the tested pairs' ratios, with its interval, for a
     * change that moves every configuration a little, each too little to tell alone. The pairs are
     * measured at different times, so their errors are independent: the mean's variance is the sum of
     * the pairs' (moderated) variances over the count squared, with Welch-Satterthwaite's degrees of
     * freedom. Judged by the same rule as a pair, with the suite's threshold; null with fewer than two
     * tested pairs.
     */
    public record Suite(double ratio, double low, double high, double df, int pairs, Verdict verdict) {
    }

    /** What pairs a base result with a new one: name, mode and every parameter, in any order. */
    private record Key(String benchmark, String mode, Map<String, String> params) {

        static Key of(JmhResult r) {
            return new Key(r.configuration().benchmark(), r.mode(), r.configuration().params());
        }
    }

    private final Settings settings;
    private final List<Pair> pairs;
    private final VarianceModeration moderation;
    private final boolean paired;
    private final double pairedWidth;
    private final double unpairedWidth;
    private final Suite suite;

    private Comparison(Settings settings, List<Pair> pairs, VarianceModeration moderation, boolean paired,
                       double pairedWidth, double unpairedWidth) {
        this.settings = settings;
        this.pairs = List.copyOf(pairs);
        this.moderation = moderation;
        this.paired = paired;
        this.pairedWidth = pairedWidth;
        this.unpairedWidth = unpairedWidth;
        this.suite = suite(pairs, moderation, settings);
    }

    private static Suite suite(List<Pair> pairs, VarianceModeration moderation, Settings settings) {
        List<Pair> tested = pairs.stream().filter(p -> p.test() != null && p.test().testable()).toList();
        if (tested.size() < 2) {
            return null;
        }
        double mean = 0;
        double variance = 0;
        double dfDenominator = 0;
        for (Pair p : tested) {
            LogDifference d = p.test().samples();
            double v = moderation.variance(d) * d.scale() * d.scale() / tested.size() / tested.size();
            mean += d.difference() / tested.size();
            variance += v;
            double df = moderation.df(d);
            dfDenominator += Double.isInfinite(df) ? 0 : v * v / df;
        }
        double df = dfDenominator == 0 ? Double.POSITIVE_INFINITY : variance * variance / dfDenominator;
        // Student's t, or the normal distribution it tends to when the degrees of freedom are unbounded.
        RealDistribution t = df > 1e6
                ? new NormalDistribution(null, 0, 1)
                : new TDistribution(null, df);
        double q = t.inverseCumulativeProbability(1 - (1 - settings.confidence()) / 2);
        double se = Math.sqrt(variance);
        double low = Math.exp(mean - q * se);
        double high = Math.exp(mean + q * se);
        return new Suite(Math.exp(mean), low, high, df, tested.size(),
                verdict(tested.get(0).base().unit(), Math.exp(mean), low, high, settings.suiteThreshold()));
    }

    /** The suite-level verdict, or null with fewer than two tested pairs. */
    public Suite suite() {
        return suite;
    }

    /**
     * The median half-width, on the log scale, of the pairs' intervals tested pairwise (NaN when pairing
     * was not asked for or not possible) and tested unpaired: what decided {@link #paired()}.
     */
    public double pairedWidth() {
        return pairedWidth;
    }

    public double unpairedWidth() {
        return unpairedWidth;
    }

    public static Comparison of(List<JmhResult> base, List<JmhResult> next, Settings settings, String baseName,
                         String newName) {
        if (!settings.baseSelect().keySet().equals(settings.newSelect().keySet())) {
            throw new IllegalArgumentException("--base-param and --new-param must name the same parameters, but they name "
                    + settings.baseSelect().keySet() + " and " + settings.newSelect().keySet() + ".");
        }
        Map<Key, JmhResult> bases = index(select(usable(base, baseName), settings.baseSelect(), baseName), baseName);
        Map<Key, JmhResult> news = index(select(usable(next, newName), settings.newSelect(), newName), newName);

        List<JmhResult[]> matched = new ArrayList<>();
        for (Map.Entry<Key, JmhResult> b : bases.entrySet()) {
            JmhResult n = news.get(b.getKey());
            matched.add(new JmhResult[] {b.getValue(), n == null ? null : inUnitOf(b.getValue(), n, newName)});
        }
        for (Map.Entry<Key, JmhResult> n : news.entrySet()) {
            if (!bases.containsKey(n.getKey())) {
                matched.add(new JmhResult[] {null, n.getValue()});
            }
        }
        if (matched.stream().noneMatch(m -> m[0] != null && m[1] != null)) {
            throw new IllegalArgumentException(baseName + " and " + newName + " have no benchmark in common"
                    + " (same name, mode and parameters" + (settings.baseSelect().isEmpty() ? "" : " besides "
                    + String.join(", ", settings.baseSelect().keySet())) + "); expected two runs of the same benchmarks.");
        }

        List<JmhResult[]> both = matched.stream().filter(m -> m[0] != null && m[1] != null).toList();
        if (!settings.allowDifferentSettings()) {
            for (JmhResult[] m : both) {
                String difference = MeasuredAlike.difference(m[0], m[1], baseName, newName, settings.runtimes());
                if (difference != null) {
                    throw new IllegalArgumentException(baseName + " and " + newName + " were not measured alike: "
                            + m[0].shortName() + " ran with " + difference + "; expected both sides run with the same "
                            + "settings and JDK (one profile), or --allow-different-settings to compare them anyway.");
                }
            }
        }
        List<LogDifference> differences = both.stream().map(m -> LogDifference.of(m[0], m[1])).toList();
        VarianceModeration moderation = VarianceModeration.fit(differences);
        double unpairedWidth = medianHalfWidth(differences, moderation, settings.confidence());
        double pairedWidth = Double.NaN;
        boolean paired = false;
        // Pairing needs the same number of forks, at least 2, in every pair: then all pairs are tested alike.
        if (settings.paired() && both.stream().allMatch(m -> m[0].raw().size() >= 2
                && m[0].raw().size() == m[1].raw().size())) {
            // Trim the rounds only where the variances can be pooled (the count of pairs alone decides, not
            // their values): alone, a pair's trimmed test keeps too few degrees of freedom (LogDifference#paired).
            boolean trim = both.size() >= VarianceModeration.MIN_PAIRS;
            List<LogDifference> pairedDifferences = both.stream().map(m -> LogDifference.paired(m[0], m[1], trim))
                    .toList();
            VarianceModeration pairedModeration = VarianceModeration.fit(pairedDifferences);
            pairedWidth = medianHalfWidth(pairedDifferences, pairedModeration, settings.confidence());
            // Pair only when it pays: when a drift between rounds outweighs the degrees of freedom pairing
            // costs. Both widths depend on the samples' (co)variances alone, which for normal samples are
            // independent of the mean difference, so choosing by them leaves each test's level intact.
            paired = !(pairedWidth >= unpairedWidth);
            if (paired) {
                differences = pairedDifferences;
                moderation = pairedModeration;
            }
        }
        List<Pair> pairs = new ArrayList<>();
        int i = 0;
        for (JmhResult[] m : matched) {
            if (m[0] == null) {
                pairs.add(new Pair(null, m[1], null, Verdict.ONLY_IN_NEW));
            } else if (m[1] == null) {
                pairs.add(new Pair(m[0], null, null, settings.missingAllowed(m[0]) ? Verdict.ONLY_IN_BASE
                        : Verdict.MISSING_IN_NEW));
            } else {
                RatioTest test = RatioTest.of(differences.get(i++), moderation, settings.confidence());
                pairs.add(new Pair(m[0], m[1], test, verdict(m[0], test, settings.threshold())));
            }
        }
        return new Comparison(settings, pairs, moderation, paired, pairedWidth, unpairedWidth);
    }

    /** The median over testable pairs of the half-width of the log ratio's interval (NaN when none is testable). */
    static double medianHalfWidth(List<LogDifference> differences, VarianceModeration moderation,
                                          double confidence) {
        double[] widths = differences.stream().map(d -> RatioTest.of(d, moderation, confidence))
                .filter(RatioTest::testable).mapToDouble(t -> (Math.log(t.high()) - Math.log(t.low())) / 2)
                .toArray();
        return new Median().evaluate(widths); // NaN when empty
    }

    /**
     * Whether each pair was tested on its within-round differences (fork i of base against fork i of new):
     * asked for, possible, and giving narrower intervals than the unpaired test.
     */
    public boolean paired() {
        return paired;
    }

    /** Pairs whose verdict fails the gate: regressions, and configurations missing in new. */
    public long findings() {
        return pairs.stream().filter(p -> p.verdict().finding()).count();
    }

    /** Whether the gate fails: a pair's finding, or the suite slower as a whole. */
    public boolean fails() {
        return findings() > 0 || suiteSlower();
    }

    public boolean suiteSlower() {
        return suite != null && suite.verdict() == Verdict.SLOWER;
    }

    public Settings settings() {
        return settings;
    }

    public List<Pair> pairs() {
        return pairs;
    }

    public VarianceModeration moderation() {
        return moderation;
    }

    public long count(Verdict verdict) {
        return pairs.stream().filter(p -> p.verdict() == verdict).count();
    }

    public long untestable() {
        return pairs.stream().filter(p -> p.test() != null && !p.test().testable()).count();
    }

    /** A change counts when its interval excludes 1 and the time per operation moved by more than the threshold. */
    static Verdict verdict(JmhResult base, RatioTest test, double threshold) {
        return test.testable() ? verdict(base.unit(), test.ratio(), test.low(), test.high(), threshold) : Verdict.NO_CHANGE;
    }

    /** The rule for a ratio new/base in {@code unit} with its interval [low, high]: a pair's, or the suite's. */
    private static Verdict verdict(String unit, double ratio, double low, double high, double threshold) {
        // For throughput (ops/time) the time per operation is the inverse of the score; times and bytes per
        // operation are better lower.
        boolean higherIsBetter = unit.startsWith("ops/");
        double timeRatio = higherIsBetter ? 1 / ratio : ratio;
        boolean significantlyUp = higherIsBetter ? high < 1 : low > 1;
        boolean significantlyDown = higherIsBetter ? low > 1 : high < 1;
        if (significantlyUp && timeRatio > 1 + threshold) {
            return Verdict.SLOWER;
        }
        if (significantlyDown && timeRatio < 1 / (1 + threshold)) {
            return Verdict.FASTER;
        }
        return Verdict.NO_CHANGE;
    }

    private static List<JmhResult> select(List<JmhResult> results, Map<String, String> select, String name) {
        if (select.isEmpty()) {
            return results;
        }
        List<JmhResult> selected = results.stream()
                .filter(r -> select.entrySet().stream().allMatch(e -> e.getValue().equals(r.params().get(e.getKey()))))
                .map(r -> without(r, select.keySet())).toList();
        if (selected.isEmpty()) {
            throw new IllegalArgumentException("No result in " + name + " has " + describe(select)
                    + "; expected a run that measured it (e.g. -p stack=...).");
        }
        return selected;
    }

    private static Map<Key, JmhResult> index(List<JmhResult> results, String name) {
        Map<Key, JmhResult> index = new LinkedHashMap<>();
        for (JmhResult r : results) {
            if (index.put(Key.of(r), r) != null) {
                throw new IllegalArgumentException(name + " has " + r.shortName() + " (" + r.mode() + ") with "
                        + (r.params().isEmpty() ? "no parameters" : describe(r.params()))
                        + " twice; expected each benchmark and parameter set once.");
            }
        }
        return index;
    }

    /** Every result needs its per-iteration scores, all positive: they are the samples, on a log scale. */
    private static List<JmhResult> usable(List<JmhResult> results, String name) {
        for (JmhResult r : results) {
            boolean ok = !r.raw().isEmpty() && r.raw().stream().allMatch(f -> !f.isEmpty()
                    && f.stream().allMatch(v -> v > 0 && !v.isInfinite()));
            if (!ok) {
                throw new IllegalArgumentException(name + " has no usable per-iteration scores for "
                        + r.shortName() + " (" + r.mode() + "); expected positive numbers in primaryMetric.rawData,"
                        + " as JMH writes them with -rf json in modes thrpt, avgt and ss.");
            }
        }
        return results;
    }

    /** The result without some parameters (those its side was selected by), so it pairs on the others. */
    private static JmhResult without(JmhResult r, Set<String> names) {
        Map<String, String> kept = new TreeMap<>(r.params());
        kept.keySet().removeAll(names);
        return new JmhResult(r.run(), r.benchmark(), r.mode(), kept, r.score(), r.error(), r.unit(), r.threads(),
                r.forks(), r.raw(), r.secondary(), r.source());
    }

    private static String describe(Map<String, String> params) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    /** The new result in the base's unit (ops/s against ops/ms, say: times are all us/op already); else unusable. */
    private static JmhResult inUnitOf(JmhResult base, JmhResult next, String newName) {
        if (base.unit().equals(next.unit())) {
            return next;
        }
        OptionalDouble factor = Units.factor(next.unit(), base.unit());
        if (factor.isEmpty()) {
            throw new IllegalArgumentException(newName + " measures " + next.shortName() + " in " + next.unit()
                    + " but the base in " + base.unit() + "; expected the same kind of unit on both sides.");
        }
        double f = factor.getAsDouble();
        List<List<Double>> raw = next.raw().stream().map(fork -> fork.stream().map(v -> v * f).toList()).toList();
        return new JmhResult(next.run(), next.benchmark(), next.mode(), next.params(), next.score() * f,
                next.error() * f, base.unit(), next.threads(), next.forks(), raw, next.secondary(), next.source());
    }
}
