package org.soapbench.report;

import java.util.List;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.Configuration;
import org.soapbench.results.JmhResult;

/** The JAXB floor, the crypto floor and the pipe's own cost, as measured. */
final class FloorAndPipeSection implements Section {

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        List<JmhResult> rows = results.select(r -> r.shortName().startsWith("Floor.") || r.shortName().startsWith("CryptoFloor.")
                || r.shortName().startsWith("PipeCost."));
        if (rows.isEmpty()) {
            return;
        }
        doc.heading(2, "Floors and pipe");
        doc.paragraph("The JAXB floor (Floor) and the crypto floor (CryptoFloor) as measured (both defined at the top), and "
                + "the pipe (PipeCost): the in-memory transport alone, with its byte counters. Each row in its own unit.");
        Table t = new Table("benchmark", "encoding", "security", "quakes", "time per call", "± error");
        for (JmhResult r : RunResults.sorted(rows)) {
            boolean pipe = r.shortName().startsWith("PipeCost.");
            DisplayUnit u = pipe ? DisplayUnit.NANOS : DisplayUnit.time(List.of(r.score()));
            Configuration c = r.configuration();
            t.row(r.shortName(), c.encoding(), c.security(), c.quakes(), Cells.score(results, r, u) + " " + u.name(),
                    Cells.error(results, r, u).replaceFirst(" \\(", " " + u.name() + " ("));
        }
        doc.table(t);
    }
}
