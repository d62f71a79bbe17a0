package org.soapbench.report;

import static org.soapbench.report.Cells.fmt;
import static org.soapbench.report.Cells.score;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.soapbench.core.SecurityMode;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.JmhResult;

/** Measured time against the work no stack can skip: the JAXB floor plus, when signing, the crypto floor. */
final class FloorOverheadSection implements Section {

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        List<JmhResult> rows = results.select(r -> r.shortName().equals("SeismicQuery.small") || r.shortName().equals("SeismicQuery.large"));
        Table t = new Table("stack", "workload", "security", "encoding", "measured µs", "JAXB floor µs", "crypto floor µs",
                "overhead µs", "measured / floor");
        Map<String, Map<String, double[]>> bars = new LinkedHashMap<>();
        for (JmhResult r : RunResults.sorted(rows)) {
            JmhResult jaxb = results.findFloor(r.run(), r.method(), r.param("encoding"));
            boolean signs = SecurityMode.of(r.param("security")).signs();
            JmhResult crypto = !signs ? null : results.findCryptoFloor(r.run(), r.method(), r.param("security"));
            if (jaxb == null || (signs && crypto == null)) {
                continue;
            }
            double floor = jaxb.score() + (crypto == null ? 0 : crypto.score());
            double overhead = r.score() - floor;
            t.row(r.param("stack"), r.method(), r.param("security"), r.param("encoding"), score(r), fmt(jaxb.score()),
                    crypto == null ? "0" : fmt(crypto.score()), fmt(overhead), String.format(Locale.ROOT, "%.2f", r.score() / floor));
            String category = r.param("stack") + " " + r.param("security") + "/" + r.param("encoding");
            bars.computeIfAbsent(r.method() + "|floor", k -> new LinkedHashMap<>()).put(category, new double[] {floor, 0});
            bars.computeIfAbsent(r.method() + "|overhead", k -> new LinkedHashMap<>()).put(category, new double[] {Math.max(0, overhead), 0});
        }
        if (t.isEmpty()) {
            return;
        }
        doc.heading(2, "Overhead above the floor");
        doc.paragraph("The floor of a configuration is the work no stack can skip: the JAXB floor of its encoding, plus, for "
                + "sign and signencr, the crypto floor (the JCA work of one round trip on the same keys and payload sizes). "
                + "Everything above it is the stack's own overhead.");
        doc.table(t);
        for (String workload : List.of(RunResults.SMALL, RunResults.LARGE)) {
            Map<String, Map<String, double[]>> series = new LinkedHashMap<>();
            if (bars.containsKey(workload + "|floor")) {
                series.put("floor (JAXB + crypto)", bars.get(workload + "|floor"));
                series.put("stack overhead", bars.get(workload + "|overhead"));
                doc.image(charts.stacked("floor-" + workload, "Floor and overhead, " + workload, "µs per request", series),
                        "Each configuration's time on " + workload + " split into its floor (JAXB + crypto) and the stack's overhead");
            }
        }
    }
}
