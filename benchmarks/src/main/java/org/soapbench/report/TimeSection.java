package org.soapbench.report;

import static org.soapbench.report.Cells.error;
import static org.soapbench.report.Cells.ratio;
import static org.soapbench.report.Cells.ratioWithError;
import static org.soapbench.report.Cells.score;

import java.util.List;
import java.util.Map;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.Interval;
import org.soapbench.results.JmhResult;

/** Time per request of one workload: every stack and configuration, normalized to CXF and to the floor, with charts. */
final class TimeSection implements Section {

    private final String workload;

    TimeSection(String workload) {
        this.workload = workload;
    }

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        List<JmhResult> rows = results.select(r -> r.shortName().equals("SeismicQuery." + workload));
        if (rows.isEmpty()) {
            return;
        }
        doc.heading(2, "Time per request: " + workload + (workload.equals(RunResults.SMALL)
                ? " (1,000 queries, 816 quakes in all: per-request cost)" : " (100 queries, 176,745 quakes in all: data volume)"));
        Table t = new Table("stack", "security", "encoding", "µs/request", "± error", "× CXF", "× floor");
        for (JmhResult r : RunResults.sorted(rows)) {
            JmhResult cxf = results.find(r.run(), "SeismicQuery." + workload, RunResults.CXF, r.param("security"), r.param("encoding"));
            JmhResult floor = results.findFloor(r.run(), workload, r.param("encoding"));
            t.row(r.param("stack"), r.param("security"), r.param("encoding"), score(r), error(r),
                    cxf == null ? "" : ratio(r, cxf), floor == null ? "" : ratio(r, floor));
        }
        doc.table(t);
        for (String encoding : RunResults.encodings(rows)) {
            List<JmhResult> enc = rows.stream().filter(r -> r.param("encoding").equals(encoding)).toList();
            doc.image(charts.bars("time-" + workload + "-" + encoding,
                    "Time per request, " + workload + ", " + encoding + " (log scale)", "µs per request", true,
                    results.series(enc, r -> {
                        Interval i = Interval.ofScore(r, Interval.REPORT_CONFIDENCE);
                        return new double[] {r.score(), i.known() ? i.relativeHalfWidth() * r.score() : 0};
                    })));
            Map<String, Map<String, double[]>> normalized = results.series(enc, r -> {
                JmhResult cxf = results.find(r.run(), "SeismicQuery." + workload, RunResults.CXF, r.param("security"), encoding);
                return cxf == null ? null : ratioWithError(r, cxf);
            });
            if (normalized.size() > 1) {
                doc.image(charts.bars("cxf-normalized-" + workload + "-" + encoding,
                        "Normalized to CXF, " + workload + ", " + encoding, "time / CXF's time", false, normalized));
            }
        }
    }
}
