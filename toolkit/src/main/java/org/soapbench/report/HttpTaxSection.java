package org.soapbench.report;

import static org.soapbench.report.Cells.ratio;
import static org.soapbench.report.Cells.score;

import java.util.List;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.Configuration;
import org.soapbench.results.JmhResult;

/**
 * What a real HTTP round trip on 127.0.0.1 adds to the in-memory pipe: every {@code http} result
 * beside its {@code pipe} twin of the same run (same benchmark, configuration and threads), as a
 * difference and as a ratio with its interval. The other sections show the pipe alone.
 */
final class HttpTaxSection implements Section {

    @Override
    public boolean everyTransportAndThreadCount() {
        return true;
    }

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        List<JmhResult> http = results.select(r -> r.shortName().startsWith("SeismicQuery.") && RunResults.overHttp(r));
        if (http.isEmpty()) {
            return;
        }
        doc.heading(2, "HTTP tax");
        doc.paragraph("Each stack's own HTTP client and server on 127.0.0.1 (-p transport=http) against the in-memory pipe: "
                + "the same round trip, with the HTTP layers, a socket and the server's threads added. Only results measured "
                + "over both in one run are paired; every other section shows the pipe alone.");
        List<JmhResult> both = new java.util.ArrayList<>(http);
        http.stream().map(results::twinOverPipe).filter(java.util.Objects::nonNull).forEach(both::add);
        DisplayUnit u = DisplayUnit.timeOf(both);
        String unit = " (" + u.name() + ")";
        Table t = new Table("stack", "workload", "security", "encoding", "threads", "pipe" + unit, "http" + unit,
                "http − pipe" + unit, "http / pipe");
        for (JmhResult h : RunResults.sorted(http)) {
            JmhResult pipe = results.twinOverPipe(h);
            Configuration c = h.configuration();
            t.row(c.stack(), h.method(), c.security(), c.encoding(), Integer.toString(c.threads()),
                    pipe == null ? "" : score(results, pipe, u), score(results, h, u), pipe == null ? "" : u.fmt(h.score() - pipe.score()),
                    pipe == null ? "no pipe result in this run" : ratio(results, h, pipe));
        }
        doc.table(t);
    }
}
