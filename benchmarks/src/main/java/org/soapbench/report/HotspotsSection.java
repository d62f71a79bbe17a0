package org.soapbench.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.soapbench.hotspots.Hotspots;
import org.soapbench.render.Charts;

/** Where the time goes: the JFR recordings of a run broken down by component, as the hotspots command does. */
final class HotspotsSection implements Section {

    /** The directory of recordings, or null: then the section is left out. */
    private final Path jfr;

    HotspotsSection(Path jfr) {
        this.jfr = jfr;
    }

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        if (jfr == null) {
            return;
        }
        Hotspots.Components components = Hotspots.Components.load();
        List<Hotspots.Breakdown> all = Hotspots.recordings(List.of(jfr)).stream().map(f -> Hotspots.analyze(f, components)).toList();
        doc.heading(2, "Where the time goes (JFR)");
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
}
