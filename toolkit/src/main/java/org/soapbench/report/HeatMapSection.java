package org.soapbench.report;

import java.util.ArrayList;
import java.util.List;
import org.soapbench.render.ChartPoint;
import org.soapbench.render.Charts;
import org.soapbench.results.Interval;
import org.soapbench.results.JmhResult;

/** The whole matrix as one picture per workload: every stack × configuration, as a multiple of CXF's time. */
final class HeatMapSection implements Section {

    @Override
    public boolean judges() {
        return true;
    }

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        List<String[]> maps = new ArrayList<>();
        for (String workload : List.of(RunResults.SMALL, RunResults.LARGE)) {
            List<JmhResult> rows = results.select(r -> r.shortName().equals("SeismicQuery." + workload));
            List<ChartPoint> points = new ArrayList<>();
            for (JmhResult r : RunResults.sorted(rows)) {
                JmhResult cxf = results.find(r, o -> o.withStack(RunResults.CXF));
                if (cxf != null) {
                    Interval i = results.ratio(r, cxf);
                    String config = r.configuration().security() + "/" + r.configuration().encoding();
                    points.add(i.isReference() ? ChartPoint.alone(results.label(r), config, 1)
                            : new ChartPoint(results.label(r), config, i.value(), i.low(), i.high()));
                }
            }
            if (points.stream().map(ChartPoint::series).distinct().count() > 1) {
                maps.add(new String[] {charts.heatMap("heatmap-" + workload, metric(results) + " / CXF's, " + workload, points), workload});
            }
        }
        if (maps.isEmpty()) {
            return;
        }
        doc.heading(2, "The whole matrix");
        doc.paragraph("Each stack's " + metric(results).toLowerCase(java.util.Locale.ROOT).replace("cpu", "CPU")
                + " in each configuration divided by CXF's in the same configuration (the × CXF "
                + "column of the time tables): blue is faster than CXF, red slower, full colour at 4× either way. A cell whose "
                + "99.9% interval includes 1 is left white and marked ≈.");
        for (String[] map : maps) {
            doc.image(map[0], "Heat map of every stack's time divided by CXF's on " + map[1] + ", per security mode and encoding");
        }
    }

    private static String metric(RunResults results) {
        return results.judged() == org.soapbench.results.Metric.CPU ? "CPU time" : "Time";
    }
}
