package org.soapbench.report;

import static org.soapbench.report.Cells.error;
import static org.soapbench.report.Cells.errorIn;
import static org.soapbench.report.Cells.flag;
import static org.soapbench.report.Cells.fmt;

import java.util.List;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
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
        doc.paragraph("The floor: the same payloads marshalled and unmarshalled by plain JAXB, with no SOAP processing. "
                + "The crypto floor: the JCA work of one secured round trip. "
                + "The pipe: the in-memory transport alone (with its byte counters), in nanoseconds.");
        Table t = new Table("benchmark", "encoding", "security", "quakes", "score", "unit", "± error");
        for (JmhResult r : rows) {
            boolean pipe = r.shortName().startsWith("PipeCost.");
            t.row(r.shortName(), r.param("encoding"), r.param("security"), r.param("quakes"),
                    flag(r) + fmt(pipe ? r.score() * 1000 : r.score()), pipe ? "ns/op" : "µs/op",
                    pipe ? errorIn(r, 1000) : error(r));
        }
        doc.table(t);
    }
}
