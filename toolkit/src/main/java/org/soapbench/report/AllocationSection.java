package org.soapbench.report;

import java.util.List;
import java.util.Locale;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.Configuration;
import org.soapbench.results.JmhResult;
import org.soapbench.results.Metric;

/**
 * Bytes allocated per round trip, per workload: from JMH's -prof gc where the run used it, else from
 * the benchmark thread's allocation counter that every run records (over the pipe, client and server
 * both run on that thread, so it is the whole round trip's).
 */
final class AllocationSection implements Section {

    private static final String GC_METRIC = "gc.alloc.rate.norm";

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        List<JmhResult> measured = results.select(r -> r.shortName().startsWith("SeismicQuery."));
        boolean gc = measured.stream().anyMatch(r -> r.secondary().containsKey(GC_METRIC));
        String metric = gc ? GC_METRIC : Metric.ALLOC.secondary();
        List<JmhResult> rows = measured.stream().filter(r -> r.secondary().containsKey(metric)).toList();
        if (rows.isEmpty()) {
            return;
        }
        doc.heading(2, "Allocation per call");
        doc.paragraph("Memory allocated per round trip (client and server together), " + (gc ? "from JMH's -prof gc"
                : "from the benchmark thread's allocation counter, which every run records") + " (KB = 1,024 bytes, MB = 1,024 KB).");
        for (String workload : List.of(RunResults.SMALL, RunResults.LARGE)) {
            List<JmhResult> wl = RunResults.sorted(rows.stream().filter(r -> r.method().equals(workload)).toList());
            if (wl.isEmpty()) {
                continue;
            }
            doc.heading(3, workload);
            DisplayUnit u = DisplayUnit.bytes(wl.stream().map(r -> r.secondary().get(metric)).toList());
            Table t = new Table("stack", "security", "encoding", "allocated per call (" + u.name() + ")", "× CXF");
            for (JmhResult r : wl) {
                JmhResult cxf = results.find(r, o -> o.withStack(RunResults.CXF));
                double v = r.secondary().get(metric);
                Configuration c = r.configuration();
                t.row(c.stack(), c.security(), c.encoding(), u.fmt(v),
                        cxf == null || !cxf.secondary().containsKey(metric) ? ""
                                : String.format(Locale.ROOT, "%.2f", v / cxf.secondary().get(metric)));
            }
            doc.table(t);
            doc.image(charts.bars("alloc-" + workload, "Allocation per call, " + workload, u.name() + " per call",
                    results.seriesByStackAndEncoding(wl, r -> u.of(r.secondary().get(metric)))),
                    u.name() + " allocated per call on " + workload + ", per stack, encoding and security mode");
        }
    }
}
