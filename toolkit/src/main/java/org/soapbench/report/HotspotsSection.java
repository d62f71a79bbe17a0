package org.soapbench.report;

import static org.soapbench.report.Cells.time;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.soapbench.hotspots.Hotspots;
import org.soapbench.hotspots.TimeSplit;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.JmhResult;

/**
 * Where the time goes: the run's JFR recordings broken down by component, as the hotspots command
 * does; each recorded configuration's time per call split by component; and, for the configurations
 * that cost far more than their neighbour (a security mode against plain, a stack against CXF, signing
 * alone against signing and encrypting), the components that account for the difference ({@link Causes}).
 */
final class HotspotsSection implements Section {

    /** A configuration costing this many times its neighbour gets a cause line ("twice" in the text). */
    static final double NOTABLE = 2;

    /** The directory of recordings, or null: then the section is left out. */
    private final Path jfr;

    HotspotsSection(Path jfr) {
        this.jfr = jfr;
    }

    /** The split is of the judged metric: JFR samples threads that run, so CPU time where the run has it. */
    @Override
    public boolean judges() {
        return true;
    }

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        if (jfr == null) {
            if (results.all().stream().anyMatch(r -> r.shortName().startsWith("SeismicQuery."))) {
                doc.heading(2, "Where the time goes");
                doc.paragraph("This run recorded no JFR. For each configuration's time split by component and the "
                        + "cause of each configuration that costs twice its neighbour, add --profile jfr to the run "
                        + "(java -jar benchmarks.jar --profile quick --profile jfr): the report then reads the recordings "
                        + "itself: each fork recorded from its JVM's start, and only its measured iterations read. "
                        + "Recording costs a few percent of CPU time, so the main job does not record; see docs/report.md.");
            }
            return;
        }
        Hotspots.Components components = Hotspots.Components.load();
        List<Hotspots.Breakdown> all = Hotspots.analyze(Hotspots.recordings(List.of(jfr)), components);
        doc.heading(2, "Where the time goes (JFR)");
        List<TimeSplit> splits = TimeSplit.match(RunResults.sorted(results.all()), all, components.names());
        if (!splits.isEmpty()) {
            doc.paragraph("Each recorded configuration's time per call split by component, in proportion to its JFR "
                    + "execution samples (JDK work charged to the component that called it); the parts add up to the time.");
            List<String> used = components.names().stream()
                    .filter(c -> splits.stream().anyMatch(s -> s.micros(c) > 0)).toList();
            List<String> headers = new ArrayList<>(List.of("configuration", "time per call", "samples"));
            headers.addAll(used);
            Table t = new Table(headers.toArray(String[]::new));
            for (TimeSplit s : splits) {
                List<String> row = new ArrayList<>(List.of(name(s.result()), time(s.total()),
                        Long.toString(s.recording().samples())));
                used.forEach(c -> row.add(s.micros(c) > 0 ? time(s.micros(c)) : ""));
                t.row(row.toArray(String[]::new));
            }
            doc.table(t);
            List<String> steps = components.stepNames().stream()
                    .filter(step -> splits.stream().anyMatch(s -> s.recording().stepPercent(step) > 0)).toList();
            if (!steps.isEmpty()) {
                doc.paragraph("Steps worth a line of their own: the time per call spent in a method and all it calls "
                        + "(hotspot-steps.txt). Steps may nest, and their time is also in the components above.");
                List<String> stepHeaders = new ArrayList<>(List.of("configuration", "time per call"));
                stepHeaders.addAll(steps);
                Table st = new Table(stepHeaders.toArray(String[]::new));
                for (TimeSplit s : splits) {
                    List<String> row = new ArrayList<>(List.of(name(s.result()), time(s.total())));
                    steps.forEach(step -> row.add(s.stepMicros(step) > 0 ? time(s.stepMicros(step)) : ""));
                    st.row(row.toArray(String[]::new));
                }
                doc.table(st);
            }
            List<String> causes = causes(splits, steps);
            if (!causes.isEmpty()) {
                doc.paragraph("Why the configurations that cost twice their neighbour or more do (a security mode "
                        + "against plain, a stack against CXF), and why signing alone costs more than signing and "
                        + "encrypting where it does:");
                doc.list(causes);
            }
        }
        doc.paragraph("Execution samples by component: self (top frame), attributed (innermost frame outside the JDK core) "
                + "and inclusive (anywhere on the stack), in % of samples; the chart stacks attributed time.");
        for (Hotspots.Breakdown b : all) {
            doc.heading(3, b.label() + " (" + b.samples() + " samples)");
            doc.tableEvenEmpty(Hotspots.table(b, components.names()));
        }
        Map<String, Map<String, double[]>> series = Hotspots.attributedSeries(all, components.names());
        doc.image(charts.stacked("hotspots", "Time by component (% of samples, JDK work charged to its caller)", "% of samples", series),
                "Share of profiling samples by component, per recording");
    }

    /** One cause line per notable difference between two recorded configurations of the same run. */
    static List<String> causes(List<TimeSplit> splits, List<String> steps) {
        List<String> out = new ArrayList<>();
        for (TimeSplit s : splits) {
            var c = s.result().configuration();
            if (!c.security().equals("plain")) {
                TimeSplit plain = find(splits, s, c.withSecurity("plain"));
                if (plain != null && s.total() >= NOTABLE * plain.total()) {
                    out.add(name(s.result()) + ": " + Causes.line(s, plain, "plain", steps));
                }
            }
            if (!c.stack().equals(RunResults.CXF)) {
                TimeSplit cxf = find(splits, s, c.withStack(RunResults.CXF));
                if (cxf != null && s.total() >= NOTABLE * cxf.total()) {
                    out.add(name(s.result()) + ": " + Causes.line(s, cxf, "cxf", steps));
                }
            }
            if (c.security().equals("sign")) {
                TimeSplit both = find(splits, s, c.withSecurity("signencr"));
                if (both != null && s.total() > both.total()) {
                    out.add(name(s.result()) + ": " + Causes.line(s, both, "signencr", steps));
                }
            }
        }
        return out;
    }

    private static TimeSplit find(List<TimeSplit> splits, TimeSplit of, org.soapbench.results.Configuration c) {
        return splits.stream().filter(o -> o.result().run().equals(of.result().run()) && o.result().threads() == of.result().threads()
                && Objects.equals(o.result().configuration(), c)).findFirst().orElse(null);
    }

    /** "axis2 username/xml large". */
    static String name(JmhResult r) {
        var c = r.configuration();
        return c.stack() + " " + c.security() + "/" + c.encoding() + " " + c.workload();
    }
}
