package org.soapbench.report;

import static org.soapbench.report.Cells.fmt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.soapbench.bench.Floor;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.JmhResult;
import org.soapbench.results.Metric;

/**
 * Fixed and per-quake cost: a least-squares line through the size sweep of each stack and
 * configuration, or, in a run without a sweep (the main job), through its small and large workloads.
 */
final class SweepSection implements Section {

    @Override
    public boolean judges() {
        return true;
    }

    /** The workloads whose mean response sizes stand in for a sweep when the run has none. */
    private static final Set<String> WORKLOADS = Set.of("SeismicQuery.small", "SeismicQuery.large", "Floor.small", "Floor.large");

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        List<JmhResult> rows = results.select(r -> (r.shortName().equals("SizeSweep.query") || r.shortName().equals("Floor.sweep"))
                && !r.configuration().quakes().isEmpty());
        boolean fromWorkloads = rows.isEmpty();
        if (fromWorkloads) {
            rows = results.select(r -> WORKLOADS.contains(r.shortName()));
        }
        if (rows.isEmpty()) {
            return;
        }
        if (fromWorkloads) {
            doc.heading(2, "Fixed and per-quake cost (from small and large)");
            doc.paragraph(String.format(Locale.ROOT, "A straight line through µs" + FloorOverheadSection.ofCpu(results)
                    + " per request against quakes per response, "
                    + "through the run's two workloads: small averages %.3f quakes per response, large %.2f, so the intercept "
                    + "is the fixed cost of a request and the slope the cost of each quake, if cost grows linearly with quakes "
                    + "(averaging over a workload then keeps the line). Two points always lie on a line, so there is no R²: "
                    + "the size sweep (SizeSweep, in the full profile) tests the straightness over six sizes.",
                    QuerySet.MEAN_QUAKES.get("small"), QuerySet.MEAN_QUAKES.get("large")));
        } else {
            doc.heading(2, "Fixed and per-quake cost (size sweep)");
            doc.paragraph("A least-squares line through µs" + FloorOverheadSection.ofCpu(results) + " per request against "
                    + "quakes per response: the intercept is the fixed "
                    + "cost of a request, the slope the cost of each quake; R² says how straight the points lie (any two points "
                    + "lie on a line: no R² below three sizes).");
        }
        // The reference stack first, then by name, the floor last; modes from plain up, xml before fi.
        Map<String, List<JmhResult>> byConfig = new TreeMap<>(Comparator.comparing((String k) -> k.split("\\|")[0])
                .thenComparing(k -> stackOrder(k.split("\\|")[1]))
                .thenComparing(k -> RunResults.modeOrder(k.split("\\|")[2].split("/")[0]))
                .thenComparing(k -> k.endsWith("/xml") ? 0 : 1).thenComparing(k -> k));
        for (JmhResult r : rows) {
            boolean floor = r.shortName().startsWith("Floor.");
            String stack = floor ? Floor.STACK : r.configuration().stack();
            String security = floor ? "plain" : r.configuration().security();
            byConfig.computeIfAbsent(r.run() + "|" + stack + "|" + security + "/" + r.configuration().encoding(),
                    k -> new ArrayList<>()).add(r);
        }
        Table t = new Table("stack", "configuration", "fixed µs/request", "ns/quake", "R²", "points");
        Map<String, Map<String, double[][]>> perStack = new TreeMap<>(Comparator.comparing(SweepSection::stackOrder));
        for (Map.Entry<String, List<JmhResult>> e : byConfig.entrySet()) {
            String[] key = e.getKey().split("\\|");
            List<JmhResult> points = e.getValue().stream().sorted(Comparator.comparingDouble(SweepSection::quakes)).toList();
            double[] x = points.stream().mapToDouble(SweepSection::quakes).toArray();
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
            String unit = "µs" + FloorOverheadSection.ofCpu(results) + " per request";
            doc.image(charts.lines("sweep-" + e.getKey(), "Cost per quake: " + e.getKey() + " (" + (results.judged() == Metric.CPU
                    ? "CPU time; " : "") + "points measured, lines fitted)", "quakes per response", unit, e.getValue()),
                    unit + " against quakes per response for " + e.getKey() + ", measured points and fitted lines");
        }
    }

    /** Quakes per response of a result: the sweep's parameter, or a workload's mean. */
    private static double quakes(JmhResult r) {
        String quakes = r.configuration().quakes();
        return quakes.isEmpty() ? QuerySet.MEAN_QUAKES.get(r.method()) : Integer.parseInt(quakes);
    }

    private static String stackOrder(String stack) {
        return stack.equals(RunResults.CXF) ? "" : stack.equals(Floor.STACK) ? "~" : stack;
    }
}
