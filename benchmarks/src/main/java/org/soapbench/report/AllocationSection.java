package org.soapbench.report;

import java.util.List;
import java.util.Locale;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.Configuration;
import org.soapbench.results.JmhResult;

/** Bytes allocated per round trip, from JMH's -prof gc, per workload. */
final class AllocationSection implements Section {

    private static final String METRIC = "gc.alloc.rate.norm";

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        List<JmhResult> rows = results.select(r -> r.secondary().containsKey(METRIC) && r.shortName().startsWith("SeismicQuery."));
        if (rows.isEmpty()) {
            return;
        }
        doc.heading(2, "Allocation per call");
        doc.paragraph("Memory allocated per round trip (client and server together), from JMH's -prof gc "
                + "(KB = 1,024 bytes, MB = 1,024 KB).");
        for (String workload : List.of(RunResults.SMALL, RunResults.LARGE)) {
            List<JmhResult> wl = RunResults.sorted(rows.stream().filter(r -> r.method().equals(workload)).toList());
            if (wl.isEmpty()) {
                continue;
            }
            doc.heading(3, workload);
            DisplayUnit u = DisplayUnit.bytes(wl.stream().map(r -> r.secondary().get(METRIC)).toList());
            Table t = new Table("stack", "security", "encoding", "allocated per call (" + u.name() + ")", "× CXF");
            for (JmhResult r : wl) {
                JmhResult cxf = results.find(r, o -> o.withStack(RunResults.CXF));
                double v = r.secondary().get(METRIC);
                Configuration c = r.configuration();
                t.row(c.stack(), c.security(), c.encoding(), u.fmt(v),
                        cxf == null || !cxf.secondary().containsKey(METRIC) ? ""
                                : String.format(Locale.ROOT, "%.2f", v / cxf.secondary().get(METRIC)));
            }
            doc.table(t);
            doc.image(charts.bars("alloc-" + workload, "Allocation per call, " + workload, u.name() + " per call",
                    results.seriesByStackAndEncoding(wl, r -> u.of(r.secondary().get(METRIC)))),
                    u.name() + " allocated per call on " + workload + ", per stack, encoding and security mode");
        }
    }
}
