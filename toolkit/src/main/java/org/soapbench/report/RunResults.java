package org.soapbench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.soapbench.core.spi.Encoding;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.render.ChartPoint;
import org.soapbench.results.Configuration;
import org.soapbench.results.ForkAgreement;
import org.soapbench.results.Interval;
import org.soapbench.results.JmhResult;
import org.soapbench.results.LogDifference;
import org.soapbench.results.Metric;
import org.soapbench.results.StackDuets;
import org.soapbench.results.SteadyVerdict;
import org.soapbench.results.VarianceModeration;

/**
 * The results a report is made of, and the lookups its sections share: selecting, finding the
 * reference a result is divided by (CXF, the floor), the order rows are shown in, chart series.
 */
final class RunResults {

    static final String CXF = "cxf";
    static final String SMALL = "small";
    static final String LARGE = "large";

    private final List<JmhResult> results;
    private StackDuets duets;
    private VarianceModeration forkSpread;
    private ForkAgreement judgedForkSpread;
    private final Map<JmhResult, SteadyVerdict> steadiness = new java.util.IdentityHashMap<>();

    RunResults(List<JmhResult> results) {
        this.results = List.copyOf(results);
    }

    /** The stacks compared within duets, for a run made with {@code run --design}; none otherwise. */
    StackDuets duets() {
        if (duets == null) {
            duets = StackDuets.of(results);
        }
        return duets;
    }

    /**
     * numerator / denominator with the report's interval: from the duets they met in, where a run paired
     * them; otherwise as two samples, the forks' means. A run made in duets has two forks a
     * configuration, which alone give a ratio 2 degrees of freedom (a t of 31.6 at 99.9%), so there the
     * fork-to-fork variance is moderated across the run's results, as {@code compare} moderates its pairs.
     */
    Interval ratio(JmhResult numerator, JmhResult denominator) {
        if (duets().compares(numerator, denominator)) {
            return duets().ratio(numerator, denominator, Interval.REPORT_CONFIDENCE);
        }
        if (!StackDuets.measuredInDuets(numerator) || !StackDuets.measuredInDuets(denominator)) {
            return Interval.ofRatio(numerator, denominator, Interval.REPORT_CONFIDENCE);
        }
        return Interval.ofRatio(numerator, denominator, Interval.REPORT_CONFIDENCE, forkSpread());
    }

    /**
     * A result's score with the report's interval: over its forks, their spread moderated across the run's
     * results where the run was made in duets (two forks a configuration), as {@link #ratio} does.
     */
    Interval score(JmhResult r) {
        return StackDuets.measuredInDuets(r) ? Interval.ofScore(r, Interval.REPORT_CONFIDENCE, forkSpread())
                : Interval.ofScore(r, Interval.REPORT_CONFIDENCE);
    }

    /** How far forks of one configuration stray, pooled over the results measured in duets. */
    private VarianceModeration forkSpread() {
        if (forkSpread == null) {
            forkSpread = VarianceModeration.fit(results.stream().filter(StackDuets::measuredInDuets)
                    .map(LogDifference::spread).toList());
        }
        return forkSpread;
    }

    /** The metric this report judges: CPU time where every result carries it, wall time otherwise. */
    Metric judged() {
        return Metric.auto(results);
    }

    /**
     * Whether a result was measured in steady state, on the metric the report judges, its forks held
     * against the spread of the forks of these results (on that metric too).
     */
    SteadyVerdict steadiness(JmhResult r) {
        return steadiness.computeIfAbsent(r, k -> {
            if (judgedForkSpread == null) {
                Metric m = judged();
                judgedForkSpread = ForkAgreement.of(results.stream().filter(o -> o.raw().size() > 1)
                        .map(o -> LogDifference.spread(m.of(o, o.run()))).toList());
            }
            return SteadyVerdict.of(k, judged(), judgedForkSpread);
        });
    }

    /** Whether a result was measured over http; a run made before there was a transport parameter was not. */
    static boolean overHttp(JmhResult r) {
        return r.configuration().overHttp();
    }

    /** The results measured over the in-memory pipe by one thread: what every table but a few compares. */
    RunResults overPipeInOneThread() {
        return new RunResults(select(r -> !overHttp(r) && r.threads() == 1));
    }

    /** The pipe result of the same run, benchmark, other parameters and threads as {@code r}, or null. */
    JmhResult twinOverPipe(JmhResult r) {
        return results.stream().filter(o -> o.run().equals(r.run()) && o.benchmark().equals(r.benchmark())
                && o.threads() == r.threads() && !overHttp(o)
                && o.configuration().sameBesidesTransport(r.configuration())).findFirst().orElse(null);
    }

    List<JmhResult> all() {
        return results;
    }

    /** The same results with {@code metric} as their score and samples. */
    RunResults on(Metric metric) {
        return new RunResults(results.stream().map(r -> metric.of(r, r.run())).toList());
    }

    List<JmhResult> select(Predicate<JmhResult> p) {
        return results.stream().filter(p).toList();
    }

    /**
     * The one-thread result of a run with the benchmark, stack, security mode and encoding of {@code c}
     * (built from a result's configuration, e.g. {@code r.configuration().withStack(CXF)}), or null.
     */
    JmhResult find(String run, Configuration c) {
        return results.stream().filter(r -> r.run().equals(run) && r.threads() == 1 && sameCell(r.configuration(), c))
                .findFirst().orElse(null);
    }

    /** The result of the same run as {@code r} in {@code r}'s configuration changed by {@code change}, or null. */
    JmhResult find(JmhResult r, UnaryOperator<Configuration> change) {
        return find(r.run(), change.apply(r.configuration()));
    }

    private static boolean sameCell(Configuration a, Configuration b) {
        return a.shortName().equals(b.shortName()) && a.stack().equals(b.stack()) && a.security().equals(b.security())
                && a.encoding().equals(b.encoding());
    }

    JmhResult findFloor(String run, String workload, String encoding) {
        return results.stream().filter(r -> r.run().equals(run) && r.shortName().equals("Floor." + workload)
                && r.configuration().encoding().equals(encoding)).findFirst().orElse(null);
    }

    /** The crypto floor of a workload and signing mode in a run, or null. */
    JmhResult findCryptoFloor(String run, String workload, String security) {
        return results.stream().filter(c -> c.run().equals(run) && c.shortName().equals("CryptoFloor." + workload)
                && c.configuration().security().equals(security)).findFirst().orElse(null);
    }

    /** The distinct values of one known parameter ({@code Configuration::stack}, ...), in the results' order. */
    static Set<String> values(List<JmhResult> rs, Function<Configuration, String> param) {
        return rs.stream().map(r -> param.apply(r.configuration())).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    static List<String> encodings(List<JmhResult> rows) {
        return Arrays.stream(Encoding.values()).map(Encoding::id)
                .filter(e -> rows.stream().anyMatch(r -> r.configuration().encoding().equals(e))).toList();
    }

    static List<JmhResult> sorted(List<JmhResult> rows) {
        // The reference stack first, the others by name; small before large.
        return rows.stream().sorted(Comparator.comparing(JmhResult::run)
                .thenComparing(r -> r.method().equals(SMALL) ? 0 : r.method().equals(LARGE) ? 1 : 2).thenComparing(JmhResult::method)
                .thenComparing(r -> r.configuration().stack().equals(CXF) ? "" : r.configuration().stack())
                .thenComparing(r -> modeOrder(r.configuration()))
                .thenComparing(r -> r.configuration().encoding().equals("xml") ? 0 : 1)).toList();
    }

    /** Security modes from plain up; a mode the tools do not know last. */
    static int modeOrder(Configuration c) {
        return modeOrder(c.securityMode());
    }

    /** The same order for a mode's id. */
    static int modeOrder(String id) {
        return modeOrder(Configuration.securityMode(id));
    }

    private static int modeOrder(SecurityMode mode) {
        return mode == null ? 99 : mode.ordinal();
    }

    /**
     * One chart point per result with an interval ({@code null}: not drawn), in the series of its stack
     * (with the run when several) and the category of its security mode; a reference is drawn alone.
     */
    List<ChartPoint> points(List<JmhResult> rows, Function<JmhResult, Interval> interval) {
        List<ChartPoint> p = new ArrayList<>();
        for (JmhResult r : sorted(rows)) {
            Interval i = interval.apply(r);
            if (i != null) {
                p.add(i.known() && !i.isReference()
                        ? new ChartPoint(label(r), r.configuration().security(), i.value(), i.low(), i.high())
                        : ChartPoint.alone(label(r), r.configuration().security(), i.value()));
            }
        }
        return p;
    }

    /** Series name (stack and encoding) to category (security mode) to value. */
    Map<String, Map<String, Double>> seriesByStackAndEncoding(List<JmhResult> rows, Function<JmhResult, Double> value) {
        Map<String, Map<String, Double>> s = new LinkedHashMap<>();
        for (JmhResult r : sorted(rows)) {
            s.computeIfAbsent(label(r) + " " + r.configuration().encoding(), k -> new LinkedHashMap<>())
                    .put(r.configuration().security(), value.apply(r));
        }
        return s;
    }

    String label(JmhResult r) {
        boolean severalRuns = results.stream().map(JmhResult::run).distinct().count() > 1;
        return r.configuration().stack() + (severalRuns ? " (" + r.run() + ")" : "");
    }

    /**
     * Mean {request, response} bytes, or null when the result has no wire counters (JMH names them
     * after {@code WireCounters}' methods, so they are text here: no constant carries a method's name).
     */
    static double[] bytes(JmhResult r) {
        Double n = r.secondary().get("wireExchanges");
        if (n == null || n == 0) {
            return null;
        }
        return new double[] {r.secondary().get("wireRequestBytes") / n, r.secondary().get("wireResponseBytes") / n};
    }
}
