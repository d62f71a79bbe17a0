package org.soapbench.gate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.soapbench.results.ForkAgreement;
import org.soapbench.results.JmhResult;
import org.soapbench.results.LogDifference;
import org.soapbench.results.Metric;
import org.soapbench.results.RatioTest;
import org.soapbench.results.SteadyVerdict;
import org.soapbench.results.VarianceModeration;

/** A {@link Comparison} as a console table, as Markdown for a CI job summary, and as JSON. */
final class CompareReport {

    private final Comparison comparison;
    private final Metric metric;
    private final String baseName;
    private final String newName;

    private final List<String> runNotes;
    private final Map<JmhResult, SteadyVerdict> steadiness = new java.util.IdentityHashMap<>();
    private ForkAgreement forkAgreement;

    CompareReport(Comparison comparison, String baseName, String newName) {
        this(comparison, Metric.WALL, baseName, newName, List.of());
    }

    /**
     * @param metric   what was judged
     * @param runNotes what is known of the runs beyond their results (e.g. a run that did not finish)
     */
    CompareReport(Comparison comparison, Metric metric, String baseName, String newName, List<String> runNotes) {
        this.comparison = comparison;
        this.metric = metric;
        this.baseName = baseName;
        this.newName = newName;
        this.runNotes = List.copyOf(runNotes);
    }

    void console(PrintWriter out) {
        out.println("compare: " + baseName + side(comparison.settings().baseSelect()) + " -> " + newName
                + side(comparison.settings().newSelect()) + ", threshold " + thresholds() + ", confidence "
                + percent(confidence()));
        out.println("metric: " + metricText());
        out.println("method: " + method());
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"benchmark", "params", "base", "new", "new/base [" + percent(confidence()) + " CI]",
                "verdict"});
        for (Comparison.Pair p : comparison.pairs()) {
            rows.add(new String[] {p.any().shortName(), p.any().configuration().text(), shown(p.base()), shown(p.next()), ratio(p),
                    p.verdict().label()});
        }
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                boolean numeric = i == 2 || i == 3;
                String cell = numeric ? " ".repeat(widths[i] - row[i].length()) + row[i]
                        : row[i] + " ".repeat(widths[i] - row[i].length());
                line.append(i == 0 ? "" : "  ").append(cell);
            }
            out.println(line.toString().stripTrailing());
        }
        if (comparison.suite() != null) {
            out.println("suite: " + suiteText());
        }
        notes().forEach(n -> out.println("note: " + n));
        out.println(summary() + ".");
    }

    void writeMarkdown(Path file) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("### soapbench compare: ").append(outcome()).append("\n\n");
        md.append('`').append(baseName).append('`').append(side(comparison.settings().baseSelect())).append(" → `")
                .append(newName).append('`').append(side(comparison.settings().newSelect())).append(": threshold ")
                .append(thresholds()).append(", confidence ").append(percent(confidence())).append(", metric: ")
                .append(metricText()).append(". ").append(summary()).append(".\n\n");
        if (comparison.suite() != null) {
            md.append("Suite: ").append(comparison.suiteSlower() ? "**" + suiteText() + "**" : suiteText()).append(".\n\n");
        }
        md.append("| benchmark | params | base | new | new/base (").append(percent(confidence()))
                .append(" CI) | verdict |\n|---|---|--:|--:|---|---|\n");
        for (Comparison.Pair p : comparison.pairs()) {
            String verdict = p.verdict().finding() ? "**" + p.verdict().label() + "**" : p.verdict().label();
            md.append("| ").append(p.any().shortName()).append(" | ").append(p.any().configuration().text()).append(" | ")
                    .append(shown(p.base())).append(" | ").append(shown(p.next())).append(" | ").append(ratio(p))
                    .append(" | ").append(verdict).append(" |\n");
        }
        md.append("\nMethod: ").append(method()).append(".\n");
        notes().forEach(n -> md.append("\nNote: ").append(n).append('\n'));
        Files.writeString(file, md, StandardCharsets.UTF_8);
    }

    void writeJson(Path file) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("base", baseName);
        root.put("new", newName);
        comparison.settings().baseSelect().forEach(root.putObject("baseParams")::put);
        comparison.settings().newSelect().forEach(root.putObject("newParams")::put);
        root.put("threshold", threshold());
        root.put("suiteThreshold", comparison.settings().suiteThreshold());
        root.put("confidence", confidence());
        root.put("metric", metric.id());
        root.put("method", method());
        Comparison.Suite suite = comparison.suite();
        if (suite != null) {
            ObjectNode node = root.putObject("suite");
            node.put("geometricMeanRatio", suite.ratio());
            number(node, "ratioLow", suite.low());
            number(node, "ratioHigh", suite.high());
            node.put("pairs", suite.pairs());
            node.put("verdict", suite.verdict().label());
        }
        VarianceModeration m = comparison.moderation();
        if (m.active()) {
            ObjectNode moderation = root.putObject("moderation");
            moderation.put("pairs", m.pairs());
            if (Double.isInfinite(m.priorDf())) {
                moderation.put("priorDf", "Infinity"); // JSON numbers cannot be infinite
            } else {
                moderation.put("priorDf", m.priorDf());
            }
            moderation.put("priorSd", m.priorSd());
        }
        ObjectNode counts = root.putObject("counts");
        for (Verdict v : Verdict.values()) {
            counts.put(v.label(), comparison.count(v));
        }
        root.put("regressions", comparison.count(Verdict.SLOWER));
        root.put("missingInNew", comparison.count(Verdict.MISSING_IN_NEW));
        root.put("findings", comparison.findings());
        root.put("paired", comparison.paired());
        number(root, "pairedMedianHalfWidth", Math.expm1(comparison.pairedWidth()));
        number(root, "unpairedMedianHalfWidth", Math.expm1(comparison.unpairedWidth()));
        ArrayNode pairs = root.putArray("pairs");
        for (Comparison.Pair p : comparison.pairs()) {
            ObjectNode pair = pairs.addObject();
            pair.put("benchmark", p.any().benchmark());
            pair.put("mode", p.any().mode());
            p.any().params().forEach(pair.putObject("params")::put);
            pair.put("unit", p.any().unit());
            side(pair, "base", p.base());
            side(pair, "new", p.next());
            RatioTest t = p.test();
            if (t != null) {
                pair.put("ratio", t.ratio());
                number(pair, "ratioLow", t.low());
                number(pair, "ratioHigh", t.high());
                number(pair, "pValue", t.pValue());
                pair.put("df", t.df());
                pair.put("samples", t.samples().forks() ? "forks" : "iterations");
            }
            pair.put("verdict", p.verdict().label());
        }
        mapper.writeValue(file.toFile(), root);
    }

    private void side(ObjectNode pair, String name, JmhResult r) {
        if (r == null) {
            pair.putNull(name);
            return;
        }
        ObjectNode side = pair.putObject(name);
        side.put("score", r.score());
        number(side, "error", r.error());
        side.put("forks", r.raw().size());
        side.put("iterations", r.raw().stream().mapToInt(List::size).sum());
        SteadyVerdict steadiness = steadiness(r);
        if (steadiness.known() || !steadiness.steady()) {
            side.put("steady", steadiness.steady());
        } else {
            side.putNull("steady");
        }
        steadiness.reasons().forEach(side.putArray("notSteady")::add);
    }

    /** JSON has no NaN: an unknown number is null. */
    private static void number(ObjectNode node, String field, double value) {
        if (Double.isNaN(value)) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }

    String metricText() {
        return metric.id() + " (" + metric.description() + ")";
    }

    /** "geometric mean of 12 ratios 1.031 [1.012, 1.050]: slower". */
    String suiteText() {
        Comparison.Suite s = comparison.suite();
        return String.format(Locale.ROOT, "geometric mean of %d ratios %.3f [%.3f, %.3f]: %s", s.pairs(), s.ratio(),
                s.low(), s.high(), s.verdict().label());
    }

    String method() {
        VarianceModeration m = comparison.moderation();
        String base = comparison.paired()
                ? "paired t-test on the log ratio of the forks of each round (fork i of base against fork i of new, run "
                        + "side by side; each fork's faster half of iterations, or, where the two shared one CPU, the median of their "
                        + "iterations' ratios; from five rounds on, with five pairs or more "
                        + "to pool over, trimmed, Yuen's test, a fifth of the rounds set aside at each end; base and new "
                        + "show each side's median fork by that faster half, so that a stray slow iteration moves neither "
                        + "them nor the ratio)"
                : "Student's t-test on the log of each fork's mean score (iterations when a side ran one fork)";
        if (!Double.isNaN(comparison.pairedWidth())) {
            base += String.format(Locale.ROOT, " (median interval half-width %.1f%% paired, %.1f%% unpaired: the "
                    + "narrower is used)", 100 * Math.expm1(comparison.pairedWidth()),
                    100 * Math.expm1(comparison.unpairedWidth()));
        }
        if (!m.active()) {
            return base + ", each pair on its own (fewer than " + VarianceModeration.MIN_PAIRS
                    + " pairs measured with forks to pool variances over)";
        }
        String df = Double.isInfinite(m.priorDf()) ? "inf" : String.format(Locale.ROOT, "%.1f", m.priorDf());
        return base + ", variances moderated across " + m.pairs() + " pairs (empirical Bayes: prior of " + df
                + " df around " + String.format(Locale.ROOT, "%.1f%%", 100 * m.priorSd()) + " noise per sample)";
    }

    private String summary() {
        String counts = List.of(Verdict.values()).stream().map(v -> comparison.count(v) + " " + v.label())
                .collect(Collectors.joining(", "));
        return counts + ": " + outcome();
    }

    /** "no regression", or what fails the gate: regressions, configurations missing in new, a slower suite. */
    String outcome() {
        long regressions = comparison.count(Verdict.SLOWER);
        long missing = comparison.count(Verdict.MISSING_IN_NEW);
        if (regressions + missing == 0 && !comparison.suiteSlower()) {
            return "no regression";
        }
        List<String> parts = new ArrayList<>();
        if (comparison.suiteSlower()) {
            parts.add("the suite as a whole slower");
        }
        if (regressions > 0) {
            parts.add(regressions + (regressions == 1 ? " regression" : " regressions"));
        }
        if (missing > 0) {
            parts.add(missing + " configuration" + (missing == 1 ? "" : "s") + " of base failed or missing in new");
        }
        return String.join(", ", parts);
    }

    private List<String> notes() {
        List<String> notes = new ArrayList<>(runNotes);
        if (comparison.settings().paired() && Double.isNaN(comparison.pairedWidth())) {
            notes.add("pairing was asked for, but not every pair has the same number of forks (at least 2) a side, "
                    + "so the sides were tested unpaired.");
        }
        long untestable = comparison.untestable();
        if (untestable > 0) {
            notes.add(untestable + " pair(s) have one sample a side and cannot be tested (shown as no change); "
                    + "run at least 2 forks, or 2 iterations with one fork.");
        }
        long iterations = comparison.pairs().stream().filter(p -> p.test() != null && !p.test().samples().forks()).count();
        if (iterations > 0) {
            notes.add(iterations + " pair(s) marked * ran one fork a side: their iterations are taken as the samples, "
                    + "which ignores fork-to-fork variation, so their intervals are too narrow; run at least 2 forks.");
        }
        for (Comparison.Pair p : comparison.pairs()) {
            for (JmhResult r : new JmhResult[] {p.base(), p.next()}) {
                SteadyVerdict steadiness = r == null ? null : steadiness(r);
                if (steadiness != null && !steadiness.steady()) {
                    notes.add("◷ " + (r == p.base() ? "base " : "new ") + r.shortName() + " " + r.configuration().text()
                            + " was not measured in steady state: " + String.join("; ", steadiness.reasons()) + ".");
                }
            }
        }
        return notes;
    }

    /** "5%", or "5% (suite 2%)" when the suite has a threshold of its own. */
    private String thresholds() {
        double suite = comparison.settings().suiteThreshold();
        return suite == threshold() ? percent(threshold()) : percent(threshold()) + " (suite " + percent(suite) + ")";
    }

    private double threshold() {
        return comparison.settings().threshold();
    }

    private double confidence() {
        return comparison.settings().confidence();
    }

    private static String side(Map<String, String> select) {
        return select.isEmpty() ? "" : " [" + select.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" ")) + "]";
    }

    private static String percent(double fraction) {
        double p = fraction * 100;
        return (Math.abs(p - Math.rint(p)) < 1e-9 ? Long.toString(Math.round(p)) : String.format(Locale.ROOT, "%.1f", p))
                + "%";
    }

    /**
     * A side's time as the test judged it: with pairs, the median over its forks of each fork's faster half
     * of iterations (JMH's score, the mean of every iteration, can sit on the other side of the ratio when
     * one iteration stood apart, as one of 654 µs among ~50 did in a noisy gate); else JMH's score.
     */
    private String shown(JmhResult r) {
        if (r == null || !comparison.paired() || r.raw().isEmpty()) {
            return score(r);
        }
        double[] halves = r.raw().stream().mapToDouble(LogDifference::lowerHalfMean).toArray();
        return formatted(r, new Median().evaluate(halves), Double.NaN);
    }

    String score(JmhResult r) {
        return r == null ? "-" : formatted(r, r.score(), r.error());
    }

    /** A time of {@code r} as JMH prints one, with its error when known, marked ◷ when r was not steady. */
    private String formatted(JmhResult r, double value, double error) {
        int decimals = decimals(value);
        String text = String.format(Locale.ROOT, "%." + decimals + "f", value);
        String plusMinus = Double.isNaN(error) ? "" : String.format(Locale.ROOT, " ± %." + decimals + "f", error);
        return (steadiness(r).steady() ? "" : "◷ ") + text + plusMinus + " " + r.unit();
    }

    /**
     * Whether a side's result was measured in steady state, on the judged metric, its forks held against
     * the spread of every side's forks in this comparison.
     */
    private SteadyVerdict steadiness(JmhResult r) {
        return steadiness.computeIfAbsent(r, k -> {
            if (forkAgreement == null) {
                forkAgreement = ForkAgreement.of(comparison.pairs().stream()
                        .flatMap(p -> java.util.stream.Stream.of(p.base(), p.next())).filter(o -> o != null && o.raw().size() > 1)
                        .map(o -> LogDifference.spread(metric.carriedBy(o) ? metric.of(o, o.run()) : o)).toList());
            }
            return SteadyVerdict.of(k, metric, forkAgreement);
        });
    }

    /** About four significant digits, as JMH prints. */
    private static int decimals(double v) {
        if (!(Math.abs(v) > 0) || Double.isInfinite(v)) {
            return 3;
        }
        return (int) Math.max(0, Math.min(6, 3 - Math.floor(Math.log10(Math.abs(v)))));
    }

    static String ratio(Comparison.Pair p) {
        RatioTest t = p.test();
        if (t == null) {
            return "-";
        }
        String mark = t.samples().forks() ? "" : "*";
        if (!t.testable()) {
            return String.format(Locale.ROOT, "%.3f [n/a]", t.ratio()) + mark;
        }
        return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", t.ratio(), t.low(), t.high()) + mark;
    }
}
