package org.soapbench.report;

import static org.soapbench.report.Cells.error;
import static org.soapbench.report.Cells.ratio;
import static org.soapbench.report.Cells.score;

import java.util.List;
import org.soapbench.render.ChartPoint;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.Configuration;
import org.soapbench.results.Interval;
import org.soapbench.results.JmhResult;
import org.soapbench.results.Metric;

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
        DisplayUnit unit = DisplayUnit.timeOf(rows);
        // CPU time beside wall time where the run recorded it: on a shared machine the two part by what steal and
        // neighbours took, which a reader should see next to the figure.
        boolean cpu = rows.stream().allMatch(Metric.CPU::carriedBy);
        List<String> header = new java.util.ArrayList<>(List.of("stack", "security", "encoding", "time (" + unit.name() + ")",
                "± error (" + unit.name() + ")"));
        if (cpu) {
            header.addAll(List.of("CPU time (" + unit.name() + ")", "± error (" + unit.name() + ")"));
        }
        header.addAll(List.of("× CXF", "× JAXB floor"));
        Table t = new Table(header.toArray(String[]::new));
        for (JmhResult r : RunResults.sorted(rows)) {
            Configuration c = r.configuration();
            JmhResult cxf = results.find(r, o -> o.withStack(RunResults.CXF));
            JmhResult floor = results.findFloor(r.run(), workload, c.encoding());
            List<String> cells = new java.util.ArrayList<>(List.of(c.stack(), c.security(), c.encoding(),
                    score(r, unit), error(r, unit)));
            if (cpu) {
                JmhResult onCpu = Metric.CPU.of(r, r.run());
                cells.addAll(List.of(score(onCpu, unit), error(onCpu, unit)));
            }
            cells.addAll(List.of(cxf == null ? "" : ratio(results, r, cxf), floor == null ? "" : ratio(results, r, floor)));
            t.row(cells.toArray(String[]::new));
        }
        doc.table(t);
        for (String encoding : RunResults.encodings(rows)) {
            List<JmhResult> enc = rows.stream().filter(r -> r.configuration().encoding().equals(encoding)).toList();
            doc.image(charts.dots("time-" + workload + "-" + encoding,
                    "Time per request, " + workload + ", " + encoding + " (log scale; lines: 99.9% intervals)",
                    unit.name() + " per request", true,
                    results.points(enc, r -> Interval.ofScore(r, Interval.REPORT_CONFIDENCE)).stream().map(unit::of).toList()),
                    "Time per request on " + workload + " with " + encoding + ", per stack and security mode, with intervals");
            List<ChartPoint> normalized = results.points(enc, r -> {
                JmhResult cxf = results.find(r, o -> o.withStack(RunResults.CXF));
                return cxf == null ? null : results.ratio(r, cxf);
            });
            if (normalized.stream().map(ChartPoint::series).distinct().count() > 1) {
                doc.image(charts.dots("cxf-normalized-" + workload + "-" + encoding,
                        "Normalized to CXF, " + workload + ", " + encoding + " (CXF is 1, without interval; lines: 99.9% intervals)",
                        "time / CXF's time", false, normalized),
                        "Each stack's time on " + workload + " with " + encoding + " divided by CXF's, per security mode, with intervals");
            }
        }
    }
}
