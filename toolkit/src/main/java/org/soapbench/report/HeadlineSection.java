package org.soapbench.report;

import static org.soapbench.report.Cells.times;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.Configuration;
import org.soapbench.results.Interval;
import org.soapbench.results.JmhResult;
import org.soapbench.results.StackDuets;

/**
 * The report's first screen: which stack is fastest in each configuration and by how much (only
 * where the intervals separate), what each security mode and Fast Infoset cost, and the findings
 * the rules of {@link NotableFindings} point out, each with its numbers.
 */
final class HeadlineSection implements Section {

    @Override
    public boolean judges() {
        return true;
    }

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        List<JmhResult> rows = results.select(r -> r.shortName().equals("SeismicQuery.small") || r.shortName().equals("SeismicQuery.large"));
        if (rows.isEmpty()) {
            return;
        }
        doc.heading(2, "At a glance");
        String runtimes = RuntimesSection.headline(results);
        if (runtimes != null) {
            doc.paragraph(runtimes + " (Runtimes, below, has every configuration.)");
        }
        doc.paragraph("Fastest stack in each configuration: named, with how much faster it is than the next, only where the "
                + "99.9% interval of their ratio excludes 1; otherwise the stacks it cannot be told from are listed."
                + duetsSentence(results.duets()));
        doc.table(fastest(results, rows));
        doc.paragraph("Cost of security: each mode's time divided by the same stack's plain time, per encoding. "
                + "Cost of Fast Infoset: FI time divided by XML time (below 1: FI is faster). Each ratio carries the "
                + "half-width of its 99.9% interval; ≈ marks a ratio whose interval includes 1: not distinguishable "
                + "from no cost. A ratio of unlike work also follows how busy the host was (on a busy host a plain call "
                + "slows more than a signing one), so compare it only with a ratio measured in the same sitting or at a "
                + "like speed probe.");
        doc.table(securityCost(results, rows));
        doc.table(fastInfosetCost(results, rows));
        List<String> findings = NotableFindings.all(results);
        if (findings.isEmpty()) {
            doc.paragraph("Notable findings: none. The rules look for: " + NotableFindings.rules() + ".");
        } else {
            doc.paragraph("Notable findings (each from a rule over this run's numbers; time rules fire only where intervals separate):");
            doc.list(findings);
        }
    }

    /**
     * How the stacks were compared, when the run measured them in duets; empty otherwise. It says
     * whether the duets ran at the same moment or one fork after the other (--design interleaved): the
     * same arithmetic serves both, but only the first cancels what the machine did.
     */
    static String duetsSentence(StackDuets duets) {
        if (duets.groups() == 0) {
            return "";
        }
        String together = "in duets, one JVM pinned to each CPU";
        String count = String.format(Locale.ROOT, "%d duets", duets.duets());
        String how;
        if (duets.oneCpu() == duets.duets()) {
            how = "in duets, both JVMs of a duet pinned to one CPU they shared, a duet on each CPU at once (run --design "
                    + "same-cpu, " + count + ")";
        } else if (duets.inStep() == duets.duets()) {
            how = together + " (" + count + ")";
        } else if (duets.inStep() == 0) {
            how = "in duets run one fork after the other (run --design interleaved), each fork pinned to one CPU ("
                    + count + ")";
        } else {
            how = together + " (" + count + ", " + (duets.duets() - duets.inStep()) + " of them not in step throughout: "
                    + "one fork went on alone)";
        }
        return String.format(Locale.ROOT, " The configurations were measured %s: a ratio of two configurations that "
                + "duets join, directly or through others (two stacks, a mode and its plain twin, FI and XML), comes from "
                + "the duets by least squares%s%s.", how, duets.oneCpu() == duets.duets() ? ", each duet read on the quarter "
                + "of its moments in which both forks ran fastest (from eight iterations a fork: a neighbour does not slow "
                + "unlike work alike)" : "", duets.df() > 0
                ? String.format(Locale.ROOT, ", its interval from how far the duets disagree across the run (one duet's "
                        + "log ratio strays by ±%.1f%%, %d degrees of freedom)", 100 * duets.spread(), duets.df()) : "");
    }

    private static Table fastest(RunResults results, List<JmhResult> rows) {
        List<String> encodings = RunResults.encodings(rows);
        List<String> header = new ArrayList<>(List.of("workload", "security"));
        encodings.forEach(e -> header.add("fastest with " + e));
        Table t = new Table(header.toArray(String[]::new));
        for (WorkloadAndMode wm : workloadsAndModes(rows)) {
            List<String> cells = new ArrayList<>(List.of(wm.workload(), wm.security()));
            for (String encoding : encodings) {
                List<JmhResult> config = rows.stream().filter(r -> r.run().equals(wm.run()) && r.method().equals(wm.workload())
                        && r.configuration().security().equals(wm.security()) && r.configuration().encoding().equals(encoding))
                        .sorted(Comparator.comparingDouble(JmhResult::score)).toList();
                cells.add(fastestText(results, config));
            }
            t.row(cells.toArray(String[]::new));
        }
        return t;
    }

    /** "metro, 1.82× faster than cxf [1.21, 2.60]*", or the stacks not distinguishable from the fastest. */
    static String fastestText(RunResults results, List<JmhResult> byTime) {
        if (byTime.isEmpty()) {
            return "";
        }
        JmhResult first = byTime.get(0);
        if (byTime.size() == 1) {
            return results.label(first) + " (alone)";
        }
        List<JmhResult> tied = byTime.stream().skip(1).filter(r -> {
            Interval i = results.ratio(r, first);
            return !(i.known() && i.low() > 1);
        }).toList();
        if (!tied.isEmpty()) {
            return "not distinguishable: " + results.label(first) + ", "
                    + tied.stream().map(results::label).collect(Collectors.joining(", "));
        }
        JmhResult next = byTime.get(1);
        Interval i = results.ratio(next, first);
        return results.label(first) + ", " + times(i.value()) + " faster than " + results.label(next)
                + i.ratioText().substring(i.ratioText().indexOf(' '));
    }

    private static Table securityCost(RunResults results, List<JmhResult> rows) {
        List<String> stacks = stacks(rows);
        List<String> encodings = RunResults.encodings(rows);
        List<String> header = new ArrayList<>(List.of("workload", "security"));
        stacks.forEach(s -> encodings.forEach(e -> header.add(s + " " + e + " (× plain)")));
        Table t = new Table(header.toArray(String[]::new));
        for (WorkloadAndMode wm : workloadsAndModes(rows)) {
            if (wm.security().equals("plain")) {
                continue;
            }
            List<String> cells = new ArrayList<>(List.of(wm.workload(), wm.security()));
            for (String stack : stacks) {
                for (String encoding : encodings) {
                    Configuration c = wm.first().configuration().withStack(stack).withEncoding(encoding);
                    JmhResult mode = results.find(wm.run(), c);
                    JmhResult plain = results.find(wm.run(), c.withSecurity("plain"));
                    cells.add(mode == null || plain == null ? "" : ratioCell(results.ratio(mode, plain)));
                }
            }
            t.row(cells.toArray(String[]::new));
        }
        return t;
    }

    private static Table fastInfosetCost(RunResults results, List<JmhResult> rows) {
        List<String> stacks = stacks(rows);
        List<String> header = new ArrayList<>(List.of("workload", "security"));
        stacks.forEach(s -> header.add(s + " (FI / XML)"));
        Table t = new Table(header.toArray(String[]::new));
        for (WorkloadAndMode wm : workloadsAndModes(rows)) {
            List<String> cells = new ArrayList<>(List.of(wm.workload(), wm.security()));
            boolean any = false;
            for (String stack : stacks) {
                Configuration c = wm.first().configuration().withStack(stack);
                JmhResult fi = results.find(wm.run(), c.withEncoding("fi"));
                JmhResult xml = results.find(wm.run(), c.withEncoding("xml"));
                any |= fi != null && xml != null;
                cells.add(fi == null || xml == null ? "" : ratioCell(results.ratio(fi, xml)));
            }
            if (any) {
                t.row(cells.toArray(String[]::new));
            }
        }
        return t;
    }

    /**
     * "1.67× ±2.4%" (the interval's half-width, relative), or "≈ 1.06× ±9.1%" when the interval includes 1;
     * * when it comes from one fork.
     */
    private static String ratioCell(Interval i) {
        boolean apart = i.known() && (i.low() > 1 || i.high() < 1);
        String width = !i.known() ? "" : i.relativeHalfWidth() > 1 ? " ±>100%"
                : String.format(Locale.ROOT, i.relativeHalfWidth() < 0.1 ? " ±%.1f%%" : " ±%.0f%%", 100 * i.relativeHalfWidth());
        return (apart ? "" : "≈ ") + times(i.value()) + width + (i.tooNarrow() ? "*" : "");
    }

    /** A workload of a run in one security mode, with the first of its results in the report's order. */
    private record WorkloadAndMode(JmhResult first) {

        String workload() {
            return first.method();
        }

        String run() {
            return first.run();
        }

        String security() {
            return first.configuration().security();
        }

        boolean sameAs(JmhResult r) {
            return workload().equals(r.method()) && run().equals(r.run()) && security().equals(r.configuration().security());
        }
    }

    /** Each workload, run and security mode in the report's order: small before large, modes from plain up. */
    private static List<WorkloadAndMode> workloadsAndModes(List<JmhResult> rows) {
        List<WorkloadAndMode> out = new ArrayList<>();
        for (JmhResult r : RunResults.sorted(rows)) {
            if (out.stream().noneMatch(o -> o.sameAs(r))) {
                out.add(new WorkloadAndMode(r));
            }
        }
        List<String> modes = Arrays.stream(SecurityMode.values()).map(SecurityMode::id).toList();
        out.sort(Comparator.comparing(WorkloadAndMode::run).thenComparing(o -> o.workload().equals(RunResults.SMALL) ? 0 : 1)
                .thenComparing(o -> modes.indexOf(o.security())));
        return out;
    }

    /** The stacks, the reference first. */
    private static List<String> stacks(List<JmhResult> rows) {
        return RunResults.sorted(rows).stream().map(r -> r.configuration().stack()).distinct().toList();
    }
}
