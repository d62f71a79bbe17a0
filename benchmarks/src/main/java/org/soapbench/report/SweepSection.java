package org.soapbench.report;

import static org.soapbench.report.Cells.fmt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.BenchmarkNames;
import org.soapbench.results.JmhResult;

/** Fixed and per-quake cost: a least-squares line through the size sweep of each stack and configuration. */
final class SweepSection implements Section {

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        List<JmhResult> rows = results.select(r -> (r.shortName().equals("SizeSweep.query") || r.shortName().equals("Floor.sweep"))
                && !r.param("quakes").isEmpty());
        if (rows.isEmpty()) {
            return;
        }
        doc.heading(2, "Fixed and per-quake cost (size sweep)");
        doc.paragraph("A least-squares line through µs per request against quakes per response: the intercept is the fixed "
                + "cost of a request, the slope the cost of each quake; R² says how straight the points lie (with two sizes, as in the main job, "
                + "any two points lie on a line: no R²).");
        // The reference stack first, then by name, the floor last; modes from plain up, xml before fi.
        Map<String, List<JmhResult>> byConfig = new TreeMap<>(Comparator.comparing((String k) -> k.split("\\|")[0])
                .thenComparing(k -> stackOrder(k.split("\\|")[1]))
                .thenComparing(k -> RunResults.modeOrder(k.split("\\|")[2].split("/")[0]))
                .thenComparing(k -> k.endsWith("/xml") ? 0 : 1).thenComparing(k -> k));
        for (JmhResult r : rows) {
            String stack = r.shortName().equals("Floor.sweep") ? BenchmarkNames.FLOOR_STACK : r.param("stack");
            String security = r.shortName().equals("Floor.sweep") ? "plain" : r.param("security");
            byConfig.computeIfAbsent(r.run() + "|" + stack + "|" + security + "/" + r.param("encoding"), k -> new ArrayList<>()).add(r);
        }
        Table t = new Table("stack", "configuration", "fixed µs/request", "ns/quake", "R²", "points");
        Map<String, Map<String, double[][]>> perStack = new TreeMap<>(Comparator.comparing(SweepSection::stackOrder));
        for (Map.Entry<String, List<JmhResult>> e : byConfig.entrySet()) {
            String[] key = e.getKey().split("\\|");
            List<JmhResult> points = e.getValue().stream()
                    .sorted(Comparator.comparingInt(r -> Integer.parseInt(r.param("quakes")))).toList();
            double[] x = points.stream().mapToDouble(r -> Integer.parseInt(r.param("quakes"))).toArray();
            double[] y = points.stream().mapToDouble(JmhResult::score).toArray();
            if (points.size() < 2) {
                t.row(key[1], key[2], "", "", "", points.size() + " (a line needs 2)");
                continue;
            }
            LinearFit fit = LinearFit.of(x, y);
            t.row(key[1], key[2], fmt(fit.fixedMicros()), fmt(fit.perQuakeNanos()),
                    fit.points() < 3 ? "—" : String.format(Locale.ROOT, "%.4f", fit.rSquared()),
                    Integer.toString(fit.points()));
            double[] line = Arrays.stream(x).map(fit::at).toArray();
            perStack.computeIfAbsent(key[1], k -> new LinkedHashMap<>()).put(key[2], new double[][] {x, y, line});
        }
        doc.table(t);
        for (Map.Entry<String, Map<String, double[][]>> e : perStack.entrySet()) {
            doc.image(charts.lines("sweep-" + e.getKey(), "Size sweep: " + e.getKey() + " (points measured, lines fitted)",
                    "quakes per response", "µs per request", e.getValue()),
                    "µs per request against quakes per response for " + e.getKey() + ", measured points and fitted lines");
        }
    }

    private static String stackOrder(String stack) {
        return stack.equals(RunResults.CXF) ? "" : stack.equals(BenchmarkNames.FLOOR_STACK) ? "~" : stack;
    }
}
