package org.soapbench.report;

import static org.soapbench.report.Cells.fmt;

import java.util.List;
import java.util.Locale;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.JmhResult;

/** Bytes allocated per round trip, from JMH's -prof gc. */
final class AllocationSection implements Section {

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        String metric = "gc.alloc.rate.norm";
        List<JmhResult> rows = results.select(r -> r.secondary().containsKey(metric) && r.shortName().startsWith("SeismicQuery."));
        if (rows.isEmpty()) {
            return;
        }
        doc.heading(2, "Allocation per call");
        doc.paragraph("Bytes allocated per round trip (client and server together), from JMH's -prof gc.");
        Table t = new Table("stack", "workload", "security", "encoding", "KB allocated per call", "× CXF");
        for (JmhResult r : RunResults.sorted(rows)) {
            JmhResult cxf = results.find(r.run(), r.shortName(), RunResults.CXF, r.param("security"), r.param("encoding"));
            double v = r.secondary().get(metric);
            t.row(r.param("stack"), r.method(), r.param("security"), r.param("encoding"), fmt(v / 1024),
                    cxf == null || !cxf.secondary().containsKey(metric) ? ""
                            : String.format(Locale.ROOT, "%.2f", v / cxf.secondary().get(metric)));
        }
        doc.table(t);
        for (String workload : List.of(RunResults.SMALL, RunResults.LARGE)) {
            List<JmhResult> wl = rows.stream().filter(r -> r.method().equals(workload)).toList();
            if (!wl.isEmpty()) {
                doc.image(charts.bars("alloc-" + workload, "Allocation per call, " + workload, "KB per call",
                        results.seriesByStackAndEncoding(wl, r -> r.secondary().get(metric) / 1024)),
                        "Kilobytes allocated per call on " + workload + ", per stack, encoding and security mode");
            }
        }
    }
}
