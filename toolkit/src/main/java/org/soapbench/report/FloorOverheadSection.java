package org.soapbench.report;

import static org.soapbench.report.Cells.score;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.Configuration;
import org.soapbench.results.JmhResult;
import org.soapbench.results.Metric;

/** Measured time against the whole floor (the JAXB floor plus, when signing, the crypto floor), per workload. */
final class FloorOverheadSection implements Section {

    @Override
    public boolean judges() {
        return true;
    }

    /** The series of the floor chart that draws the whole floor, beside each stack's overhead. */
    static final String WHOLE_FLOOR = "whole floor (JAXB + crypto)";

    /** One row: a result and the floors it stands on. */
    private record Row(JmhResult result, JmhResult jaxb, JmhResult crypto) {
        double floor() {
            return jaxb.score() + (crypto == null ? 0 : crypto.score());
        }

        double overhead() {
            return result.score() - floor();
        }
    }

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        boolean headed = false;
        for (String workload : List.of(RunResults.SMALL, RunResults.LARGE)) {
            List<Row> rows = new ArrayList<>();
            for (JmhResult r : RunResults.sorted(results.select(q -> q.shortName().equals("SeismicQuery." + workload)))) {
                Configuration c = r.configuration();
                JmhResult jaxb = results.findFloor(r.run(), workload, c.encoding());
                boolean signs = c.signs();
                JmhResult crypto = signs ? results.findCryptoFloor(r.run(), workload, c.security()) : null;
                if (jaxb != null && (!signs || crypto != null)) {
                    rows.add(new Row(r, jaxb, crypto));
                }
            }
            if (rows.isEmpty()) {
                continue;
            }
            if (!headed) {
                doc.heading(2, "Overhead above the whole floor");
                doc.paragraph("Each configuration's " + metric(results) + " against its whole floor (defined at the top: the "
                        + "JAXB floor of its encoding plus, for sign and signencr, the crypto floor of its mode)"
                        + (results.judged() == Metric.CPU ? ", both in CPU time" : "") + ". What lies above the whole floor "
                        + "is the stack's own overhead.");
                headed = true;
            }
            doc.heading(3, workload);
            DisplayUnit u = DisplayUnit.timeOf(rows.stream().map(Row::result).toList());
            String unit = " (" + u.name() + ")";
            Table t = new Table("stack", "security", "encoding", metric(results) + unit, "JAXB floor" + unit, "crypto floor" + unit,
                    "whole floor" + unit, "overhead above whole floor" + unit, "× whole floor");
            // One chart per encoding, its columns the security modes: eight "mode/encoding" labels did not fit side by side.
            Map<String, Map<String, Map<String, Double>>> bars = new LinkedHashMap<>();
            for (Row row : rows) {
                JmhResult r = row.result();
                Configuration c = r.configuration();
                Map<String, Map<String, Double>> chart = bars.computeIfAbsent(c.encoding(), k -> new LinkedHashMap<>());
                String mode = c.security();
                t.row(c.stack(), c.security(), c.encoding(), score(results, r, u), u.fmt(row.jaxb().score()),
                        row.crypto() == null ? "0" : u.fmt(row.crypto().score()), u.fmt(row.floor()), u.fmt(row.overhead()),
                        String.format(Locale.ROOT, "%.2f", r.score() / row.floor()));
                chart.computeIfAbsent(WHOLE_FLOOR, k -> new LinkedHashMap<>()).put(mode, u.of(row.floor()));
                chart.computeIfAbsent(results.label(r) + " overhead", k -> new LinkedHashMap<>()).put(mode, u.of(row.overhead()));
            }
            doc.table(t);
            for (Map.Entry<String, Map<String, Map<String, Double>>> chart : bars.entrySet()) {
                String encoding = chart.getKey();
                doc.image(charts.bars("floor-" + workload + "-" + encoding, "Whole floor and each stack's overhead above it, "
                        + workload + ", " + encoding + " (" + metric(results) + ")", u.name() + ofCpu(results)
                        + " per request", chart.getValue()),
                        "Per security mode on " + workload + " with " + encoding + ": the whole floor (JAXB + crypto) in grey, "
                                + "and beside it each stack's time above that floor");
            }
        }
    }

    /** What the section's times are: CPU time where the report judges it. */
    static String metric(RunResults results) {
        return results.judged() == Metric.CPU ? "CPU time" : "time";
    }

    /** " of CPU" after a unit where the report judges CPU time ("µs of CPU per request"), else nothing. */
    static String ofCpu(RunResults results) {
        return results.judged() == Metric.CPU ? " of CPU" : "";
    }
}
