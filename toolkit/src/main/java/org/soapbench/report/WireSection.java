package org.soapbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.JmhResult;

/** Mean bytes per request and per response, from the pipe's own counters, per workload. */
final class WireSection implements Section {

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        List<JmhResult> rows = results.select(r -> RunResults.bytes(r) != null
                && (r.shortName().equals("SeismicQuery.small") || r.shortName().equals("SeismicQuery.large")));
        if (rows.isEmpty()) {
            return;
        }
        doc.heading(2, "Bytes on the wire");
        doc.paragraph("Mean bytes per request and per response over the measured iterations, from the pipe's own counters "
                + "(KB = 1,024 bytes).");
        for (String workload : List.of(RunResults.SMALL, RunResults.LARGE)) {
            List<JmhResult> wl = RunResults.sorted(rows.stream().filter(r -> r.method().equals(workload)).toList());
            if (wl.isEmpty()) {
                continue;
            }
            doc.heading(3, workload);
            DisplayUnit request = DisplayUnit.bytes(wl.stream().map(r -> RunResults.bytes(r)[0]).toList());
            DisplayUnit response = DisplayUnit.bytes(wl.stream().map(r -> RunResults.bytes(r)[1]).toList());
            Table t = new Table("stack", "security", "request xml (" + request.name() + ")", "request fi (" + request.name() + ")",
                    "response xml (" + response.name() + ")", "response fi (" + response.name() + ")", "response fi / xml");
            for (JmhResult r : wl) {
                if (!r.configuration().encoding().equals("xml")) {
                    continue;
                }
                JmhResult f = results.find(r, o -> o.withEncoding("fi"));
                double[] x = RunResults.bytes(r);
                double[] fb = f == null ? null : RunResults.bytes(f);
                t.row(r.configuration().stack(), r.configuration().security(), request.fmt(x[0]), fb == null ? "" : request.fmt(fb[0]),
                        response.fmt(x[1]), fb == null ? "" : response.fmt(fb[1]),
                        fb == null ? "" : String.format(Locale.ROOT, "%.2f", fb[1] / x[1]));
            }
            doc.table(t);
            Map<String, Map<String, Double>> s = new LinkedHashMap<>();
            for (JmhResult r : wl) {
                s.computeIfAbsent(results.label(r) + " " + r.configuration().encoding(), k -> new LinkedHashMap<>())
                        .put(r.configuration().security(), response.of(RunResults.bytes(r)[1]));
            }
            doc.image(charts.bars("wire-" + workload, "Response size, " + workload, response.name() + " per response", s),
                    response.name() + " per response on " + workload + ", per stack, encoding and security mode");
        }
    }
}
