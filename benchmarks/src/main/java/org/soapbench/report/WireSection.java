package org.soapbench.report;

import static org.soapbench.report.Cells.fmtInt;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.JmhResult;

/** Mean bytes per request and per response, from the pipe's own counters. */
final class WireSection implements Section {

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        List<JmhResult> rows = results.select(r -> r.secondary().containsKey("wireExchanges") && r.secondary().get("wireExchanges") > 0
                && (r.shortName().equals("SeismicQuery.small") || r.shortName().equals("SeismicQuery.large")));
        if (rows.isEmpty()) {
            return;
        }
        doc.heading(2, "Bytes on the wire");
        doc.paragraph("Mean bytes per request and per response over the measured iterations, from the pipe's own counters.");
        Table t = new Table("stack", "workload", "security", "request xml", "request fi", "response xml", "response fi", "fi / xml (response)");
        for (JmhResult r : RunResults.sorted(rows)) {
            if (!r.param("encoding").equals("xml")) {
                continue;
            }
            JmhResult f = results.find(r.run(), r.shortName(), r.param("stack"), r.param("security"), "fi");
            double[] x = RunResults.bytes(r);
            double[] fb = f == null ? null : RunResults.bytes(f);
            if (x == null) {
                continue;
            }
            t.row(r.param("stack"), r.method(), r.param("security"), fmtInt(x[0]), fb == null ? "" : fmtInt(fb[0]),
                    fmtInt(x[1]), fb == null ? "" : fmtInt(fb[1]),
                    fb == null ? "" : String.format(Locale.ROOT, "%.2f", fb[1] / x[1]));
        }
        doc.table(t);
        for (String workload : List.of(RunResults.SMALL, RunResults.LARGE)) {
            List<JmhResult> wl = rows.stream().filter(r -> r.method().equals(workload)).toList();
            if (!wl.isEmpty()) {
                Map<String, Map<String, Double>> s = new LinkedHashMap<>();
                for (JmhResult r : RunResults.sorted(wl)) {
                    double[] b = RunResults.bytes(r);
                    if (b != null) {
                        s.computeIfAbsent(results.label(r) + " " + r.param("encoding"), k -> new LinkedHashMap<>())
                                .put(r.param("security"), b[1]);
                    }
                }
                doc.image(charts.bars("wire-" + workload, "Response bytes, " + workload, "bytes per response", s),
                        "Bytes per response on " + workload + ", per stack, encoding and security mode");
            }
        }
    }
}
