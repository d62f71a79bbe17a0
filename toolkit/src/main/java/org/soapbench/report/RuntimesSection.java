package org.soapbench.report;

import static org.soapbench.report.Cells.time;
import static org.soapbench.report.Cells.times;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.soapbench.bench.fork.SameMomentProfiler;
import org.soapbench.gate.Comparison;
import org.soapbench.gate.Verdict;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.Configuration;
import org.soapbench.results.Interval;
import org.soapbench.results.JmhResult;
import org.soapbench.results.Metric;
import org.soapbench.results.RatioTest;

/**
 * The same configurations on two or more runtimes, when the report is given the results of runs that
 * differ in JDK or collector (such as a gate's {@code base.json} and {@code head.json} after
 * {@code gate --head-jdk 25}): each configuration's time on every runtime and its ratio to the first
 * runtime's, the cost of security on each, and which stack is fastest on each. A run's runtime is read
 * from what JMH recorded in its results (JDK version, VM, the collector its JVM arguments chose), never
 * from a file name. The ratios are judged as {@code compare} judges two runs ({@link Comparison}), so
 * the report of a gate's two sides says what the gate said: round by round where the sides ran at the
 * same moment, each interval's variance moderated across the configurations, and a suite-level ratio.
 */
final class RuntimesSection implements Section {

    /** A run's runtime as its results recorded it. */
    record JavaRuntime(String jdk, String vm, String collector) {

        static JavaRuntime of(JmhResult r) {
            String collector = r.jvmArgs().stream().filter(a -> a.matches("-XX:\\+Use\\w+GC"))
                    .reduce((a, b) -> b).map(a -> a.substring("-XX:+Use".length(), a.length() - "GC".length()))
                    .orElse("");
            return new JavaRuntime(r.source().path("jdkVersion").asText("?"), r.source().path("vmName").asText(""),
                    collector);
        }

        /** "JDK 25.0.1" or "JDK 17.0.15, G1" (the collector named as in -XX:+Use...GC). */
        String label() {
            return "JDK " + jdk + (collector.isEmpty() ? "" : ", " + collector);
        }
    }

    @Override
    public boolean judges() {
        return true;
    }

    /** The comparison's table, and how each later runtime's configurations came out against the first's. */
    private record Outcome(Table table, String summary) {
    }

    /** What changed between the runtimes, for the report's first screen; null when the results have one runtime. */
    static String headline(RunResults results) {
        Outcome o = outcome(results);
        return o == null ? null : o.summary();
    }

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        Outcome outcome = outcome(results);
        if (outcome == null) {
            return;
        }
        Map<String, JavaRuntime> runtimes = runtimes(results);
        List<String> runs = List.copyOf(runtimes.keySet());
        List<JmhResult> rows = RunResults.sorted(results.select(r -> r.run().equals(runs.get(0))));
        doc.heading(2, "Runtimes");
        doc.paragraph(outcome.summary() + " Times are " + Metric.auto(results.all()).description() + ". Each ratio is judged "
                + "as compare judges two runs: on the forks' times (round by round where the runs are the two sides of one "
                + "same-moment gate and that gives the narrower intervals), with the variance of each configuration's ratio moderated across the configurations "
                + "(one configuration's two or three rounds alone say little about their spread); ≈ marks a ratio whose "
                + Math.round(Interval.REPORT_CONFIDENCE * 1000) / 10.0 + "% interval includes 1. Each "
                + "run's runtime is read from its results: " + runs.stream().map(r -> runtimes.get(r).label() + " (" + r
                + ")").collect(Collectors.joining(", ")) + ".");
        doc.table(outcome.table());
        doc.paragraph("Cost of security on each runtime: each mode's time divided by the same stack's plain time, with "
                + "the interval the report gives every such ratio.");
        doc.table(securityCost(results, runs, runtimes, rows));
        doc.paragraph("Fastest stack on each runtime, by time per call (only the order; the intervals are in the tables above).");
        doc.table(ranking(results, runs, runtimes, rows));
    }

    private static Outcome outcome(RunResults results) {
        Map<String, JavaRuntime> runtimes = runtimes(results);
        if (runtimes.values().stream().distinct().count() < 2) {
            return null;
        }
        List<String> runs = List.copyOf(runtimes.keySet());
        String first = runs.get(0);
        List<JmhResult> rows = RunResults.sorted(results.select(r -> r.run().equals(first)));
        List<String> header = new ArrayList<>(List.of("configuration"));
        runs.forEach(run -> header.add(runtimes.get(run).label()));
        runs.subList(1, runs.size()).forEach(run -> header.add(runtimes.get(run).label() + " / " + runtimes.get(first).label()));
        Table t = new Table(header.toArray(String[]::new));
        List<Comparison> comparisons = runs.subList(1, runs.size()).stream().map(run -> compared(results, first, run)).toList();
        for (JmhResult base : rows) {
            List<JmhResult> sides = runs.stream().map(run -> twin(results, run, base)).toList();
            if (sides.contains(null)) {
                continue;
            }
            List<String> cells = new ArrayList<>(List.of(name(base)));
            sides.forEach(r -> cells.add(time(r.score())));
            for (Comparison c : comparisons) {
                Comparison.Pair pair = c.pairs().stream().filter(p -> p.base() != null && p.next() != null
                        && p.base().benchmark().equals(base.benchmark())
                        && p.base().configuration().equals(base.configuration())).findFirst().orElseThrow();
                cells.add(ratioText(pair.test(), c.paired()));
            }
            t.row(cells.toArray(String[]::new));
        }
        List<String> sentences = new ArrayList<>();
        for (int k = 0; k < comparisons.size(); k++) {
            sentences.add(summary(runtimes.get(first), runtimes.get(runs.get(k + 1)), comparisons.get(k)));
        }
        return new Outcome(t, String.join(" ", sentences));
    }

    /**
     * A later runtime's configurations against the first's, judged as {@code compare} judges two runs:
     * each pair's fork-to-fork variance moderated across the configurations, round by round where the
     * two runs are the sides of one same-moment gate, and a suite-level ratio. No threshold: a ratio
     * counts as a change when its interval excludes 1.
     */
    private static Comparison compared(RunResults results, String first, String later) {
        List<JmhResult> base = results.select(r -> r.run().equals(first));
        List<JmhResult> next = results.select(r -> r.run().equals(later));
        boolean inStep = base.stream().map(b -> twin(results, later, b)).filter(Objects::nonNull).findFirst()
                .map(n -> inStep(n, twin(results, first, n))).orElse(false);
        return Comparison.of(base, next, new Comparison.Settings(0, Interval.REPORT_CONFIDENCE, Map.of(), Map.of(),
                List.of(), true, inStep), first, later);
    }

    /** "0.85 [0.83, 0.87]", with * when the samples were one fork's iterations, ≈ when the interval includes 1. */
    private static String ratioText(RatioTest test, boolean paired) {
        Interval i = new Interval(test.ratio(), test.low(), test.high(), !paired && !test.samples().forks());
        return i.ratioText() + (i.known() && i.low() <= 1 && i.high() >= 1 ? " ≈" : "");
    }

    /** What changed between the first runtime and a later one, in one or two sentences. */
    static String summary(JavaRuntime first, JavaRuntime second, Comparison c) {
        long faster = c.count(Verdict.FASTER);
        long slower = c.count(Verdict.SLOWER);
        long same = c.count(Verdict.NO_CHANGE);
        double[] changes = c.pairs().stream().filter(p -> p.verdict() == Verdict.FASTER || p.verdict() == Verdict.SLOWER)
                .mapToDouble(p -> p.test().ratio()).toArray();
        String pairs = c.paired() ? "rounds run at the same moment, compared round by round" : "runs compared as two samples";
        String suite = c.suite() == null ? "" : " Over all " + c.suite().pairs() + ": " + times(c.suite().ratio()) + " ["
                + times(c.suite().low()) + ", " + times(c.suite().high()) + "] (geometric mean, " + pairs + ").";
        if (faster + slower == 0) {
            return "No configuration's time on " + second.label() + " can be told from its time on " + first.label()
                    + " (" + same + " compared)." + suite;
        }
        return "On " + second.label() + " against " + first.label() + ": " + faster + " configuration(s) faster, "
                + slower + " slower, " + same + " not distinguishable (the distinguishable ratios run from "
                + times(Arrays.stream(changes).min().orElse(1)) + " to "
                + times(Arrays.stream(changes).max().orElse(1)) + ")." + suite;
    }

    /** Each run's runtime, in the order the runs came. */
    static Map<String, JavaRuntime> runtimes(RunResults results) {
        Map<String, JavaRuntime> out = new LinkedHashMap<>();
        for (JmhResult r : results.all()) {
            if (r.source() != null) {
                out.putIfAbsent(r.run(), JavaRuntime.of(r));
            }
        }
        return out;
    }

    /** The result of {@code run} with the same benchmark, configuration and threads as {@code r}, or null. */
    private static JmhResult twin(RunResults results, String run, JmhResult r) {
        return results.all().stream().filter(o -> o.run().equals(run) && o.benchmark().equals(r.benchmark())
                && o.threads() == r.threads() && o.configuration().equals(r.configuration())).findFirst().orElse(null);
    }

    /**
     * Whether two results are forks of the two sides of one same-moment gate, run round by round
     * together: both aligned, and met in the same place. Results of two gates (JDK 21 against 17 and 25
     * against 17, in one report) both ran at the same moment, but not with each other: their rounds
     * share the moment's directory only within one gate (each merged result keeps its first round's, in
     * its JVM arguments).
     */
    static boolean inStep(JmhResult other, JmhResult base) {
        String moment = moment(base);
        return other.raw().size() >= 2 && other.raw().size() == base.raw().size()
                && other.secondary().containsKey(SameMomentProfiler.ALIGNED) && base.secondary().containsKey(SameMomentProfiler.ALIGNED)
                && moment != null && moment.equals(moment(other));
    }

    /** The directory a same-moment fork met its twin in, or null. */
    private static String moment(JmhResult r) {
        String prefix = "-D" + SameMomentProfiler.PROPERTY + "=";
        return r.jvmArgs().stream().filter(a -> a.startsWith(prefix)).map(a -> a.substring(prefix.length()))
                .findFirst().orElse(null);
    }

    private static Table securityCost(RunResults results, List<String> runs, Map<String, JavaRuntime> runtimes,
                                      List<JmhResult> rows) {
        List<String> header = new ArrayList<>(List.of("configuration"));
        runs.forEach(run -> header.add("cost on " + runtimes.get(run).label()));
        Table t = new Table(header.toArray(String[]::new));
        for (JmhResult base : rows) {
            Configuration c = base.configuration();
            if (c.security().isEmpty() || c.security().equals("plain")) {
                continue;
            }
            List<String> cells = new ArrayList<>(List.of(name(base)));
            for (String run : runs) {
                JmhResult mode = twin(results, run, base);
                JmhResult plain = mode == null ? null : results.find(mode, o -> o.withSecurity("plain"));
                cells.add(mode == null || plain == null ? "" : results.ratio(mode, plain).ratioText());
            }
            t.row(cells.toArray(String[]::new));
        }
        return t;
    }

    private static Table ranking(RunResults results, List<String> runs, Map<String, JavaRuntime> runtimes,
                                 List<JmhResult> rows) {
        List<String> header = new ArrayList<>(List.of("workload", "security", "encoding"));
        runs.forEach(run -> header.add("fastest first on " + runtimes.get(run).label()));
        header.add("order changed");
        Table t = new Table(header.toArray(String[]::new));
        Map<String, List<JmhResult>> cells = new LinkedHashMap<>();
        for (JmhResult r : rows) {
            Configuration c = r.configuration();
            if (!c.stack().isEmpty() && !c.security().isEmpty()) {
                cells.computeIfAbsent(c.workload() + "|" + c.security() + "|" + c.encoding(), k -> new ArrayList<>()).add(r);
            }
        }
        for (Map.Entry<String, List<JmhResult>> cell : cells.entrySet()) {
            if (cell.getValue().size() < 2) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(cell.getKey().split("\\|")));
            List<String> orders = new ArrayList<>();
            for (String run : runs) {
                orders.add(cell.getValue().stream().map(r -> twin(results, run, r)).filter(Objects::nonNull)
                        .sorted(java.util.Comparator.comparingDouble(JmhResult::score))
                        .map(r -> r.configuration().stack()).collect(Collectors.joining(" < ")));
            }
            row.addAll(orders);
            row.add(orders.stream().distinct().count() > 1 ? "yes" : "");
            t.row(row.toArray(String[]::new));
        }
        return t;
    }

    /** "SeismicQuery.small axis2 username/xml", or the benchmark and its parameters where it has no stack. */
    static String name(JmhResult r) {
        Configuration c = r.configuration();
        return c.stack().isEmpty() ? r.shortName() + " " + c.text()
                : r.shortName() + " " + c.stack() + " " + c.security() + "/" + c.encoding();
    }
}
