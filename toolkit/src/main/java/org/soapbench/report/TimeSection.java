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
        // Stacks and floors are compared on what the report judges (CPU time where every result carries it), as
        // "At a glance" compares them: beside a neighbour, wall time's duet ratios carry which CPU it loaded.
        boolean judgedOnCpu = Metric.auto(results.all()) == Metric.CPU;
        String judged = judgedOnCpu ? " (CPU time)" : "";
        header.addAll(List.of("× CXF" + judged, "× JAXB floor" + judged));
        Table t = new Table(header.toArray(String[]::new));
        // CPU times' intervals moderated among CPU times
        RunResults onCpu = cpu ? new RunResults(results.select(Metric.CPU::carriedBy)).on(Metric.CPU) : null;
        RunResults ratios = judgedOnCpu ? onCpu : results;
        for (JmhResult r : RunResults.sorted(rows)) {
            Configuration c = r.configuration();
            JmhResult compared = ratios.find(r, same -> same);
            JmhResult cxf = ratios.find(r, o -> o.withStack(RunResults.CXF));
            JmhResult floor = ratios.findFloor(r.run(), workload, c.encoding());
            List<String> cells = new java.util.ArrayList<>(List.of(c.stack(), c.security(), c.encoding(),
                    score(results, r, unit), error(results, r, unit)));
            if (cpu) {
                JmhResult rOnCpu = onCpu.find(r, same -> same);
                cells.addAll(List.of(score(onCpu, rOnCpu, unit), error(onCpu, rOnCpu, unit)));
            }
            cells.addAll(List.of(cxf == null ? "" : ratio(ratios, compared, cxf), floor == null ? "" : ratio(ratios, compared, floor)));
            t.row(cells.toArray(String[]::new));
        }
        doc.table(t);
        for (String encoding : RunResults.encodings(rows)) {
            List<JmhResult> enc = rows.stream().filter(r -> r.configuration().encoding().equals(encoding)).toList();
            // Drawn on what the report judges, wall time beside it as a hollow diamond: a compile stall or a
            // neighbour that costs wall time and not CPU time shows as the gap between the two.
            List<ChartPoint> drawn = judgedOnCpu
                    ? onCpu.points(enc.stream().map(r -> onCpu.find(r, same -> same)).toList(), onCpu::score)
                    : results.points(enc, results::score);
            List<ChartPoint> wall = judgedOnCpu ? results.points(enc, r -> new Interval(r.score(), Double.NaN, Double.NaN, false)) : List.of();
            String metric = judgedOnCpu ? "CPU time" : "Time";
            doc.image(charts.dots("time-" + workload + "-" + encoding,
                    metric + " per request, " + workload + ", " + encoding + " (log scale; lines: 99.9% intervals"
                            + (judgedOnCpu ? "; ◇: wall time" : "") + ")",
                    unit.name() + (judgedOnCpu ? " of CPU" : "") + " per request", true,
                    drawn.stream().map(unit::of).toList(), wall.stream().map(unit::of).toList(), "wall time"),
                    metric + " per request on " + workload + " with " + encoding + ", per stack and security mode, with "
                            + "intervals" + (judgedOnCpu ? ", and wall time beside each as a hollow diamond" : ""));
            List<ChartPoint> normalized = results.points(enc, r -> {
                JmhResult cxf = ratios.find(r, o -> o.withStack(RunResults.CXF));
                return cxf == null ? null : ratios.ratio(ratios.find(r, same -> same), cxf);
            });
            if (normalized.stream().map(ChartPoint::series).distinct().count() > 1) {
                doc.image(charts.dots("cxf-normalized-" + workload + "-" + encoding,
                        "Normalized to CXF" + judged + ", " + workload + ", " + encoding
                                + " (CXF is 1, without interval; lines: 99.9% intervals)",
                        (judgedOnCpu ? "CPU time" : "time") + " / CXF's", false, normalized),
                        "Each stack's time on " + workload + " with " + encoding + " divided by CXF's, per security mode, with intervals");
            }
        }
    }
}
