package org.soapbench.render;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The report's charts, drawn by XChart and written as PNG files beside index.html. */
public final class Charts {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 450;

    private final Path dir;

    public Charts(Path dir) {
        this.dir = dir;
        System.setProperty("java.awt.headless", "true");
    }

    /**
     * A grouped bar chart: one group per category (security mode), one bar per series, with error bars.
     * {@code data}: series name to category to {value, error}. Returns the file name.
     */
    public String bars(String name, String title, String yTitle, boolean logarithmic, Map<String, Map<String, double[]>> data) {
        if (data.isEmpty()) {
            return null;
        }
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yTitle).build();
        Styler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setYAxisLogarithmic(logarithmic);
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        Set<String> categories = new LinkedHashSet<>();
        data.values().forEach(m -> categories.addAll(m.keySet()));
        List<String> x = new ArrayList<>(categories);
        if (logarithmic) {
            // Bars start at the axis minimum, which a log axis needs above zero: a decade below the lowest bar.
            double lowest = data.values().stream().flatMap(m -> m.values().stream()).mapToDouble(v -> v[0] - Math.min(v[1], 0.95 * v[0]))
                    .filter(v -> v > 0).min().orElse(1);
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(lowest))));
            chart.getStyler().setYAxisDecimalPattern("#,##0.###");
        }
        for (Map.Entry<String, Map<String, double[]>> s : data.entrySet()) {
            // A category a series lacks is NaN, which XChart draws as no bar (null breaks its error
            // bars); the report's tables say why it is missing.
            List<Double> y = new ArrayList<>();
            List<Double> err = new ArrayList<>();
            for (String c : x) {
                double[] v = s.getValue().get(c);
                y.add(v == null ? Double.NaN : v[0]);
                // On a log axis a bar cannot reach zero: an error larger than the value is clipped
                // there (the report's tables give every error in full).
                err.add(v == null ? 0.0 : logarithmic ? Math.min(v[1], 0.95 * v[0]) : v[1]);
            }
            chart.addSeries(s.getKey(), x, y, err);
        }
        return save(chart, name);
    }

    /** A stacked bar per category; {@code data}: series (component) to category (recording) to {value, 0}. */
    public String stacked(String name, String title, String yTitle, Map<String, Map<String, double[]>> data) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT + 150).title(title).yAxisTitle(yTitle).build();
        chart.getStyler().setStacked(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        chart.getStyler().setXAxisLabelRotation(60);
        for (Map.Entry<String, Map<String, double[]>> s : data.entrySet()) {
            List<String> x = new ArrayList<>(s.getValue().keySet());
            List<Double> y = s.getValue().values().stream().map(v -> v[0]).toList();
            chart.addSeries(s.getKey(), x, y);
        }
        return save(chart, name);
    }

    /** Measured points and fitted lines: series name to {x, measured y, fitted y}. */
    public String lines(String name, String title, String xTitle, String yTitle, Map<String, double[][]> data) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        for (Map.Entry<String, double[][]> s : data.entrySet()) {
            XYSeries points = chart.addSeries(s.getKey() + " measured", s.getValue()[0], s.getValue()[1]);
            points.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            XYSeries line = chart.addSeries(s.getKey() + " fit", s.getValue()[0], s.getValue()[2]);
            line.setMarker(SeriesMarkers.NONE);
            line.setLineColor(points.getFillColor());
        }
        return save(chart, name);
    }

    private String save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, String name) {
        String file = name.replaceAll("[^A-Za-z0-9._-]", "_") + ".png";
        try {
            BitmapEncoder.saveBitmap(chart, dir.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write chart " + file, e);
        }
        return file;
    }
}
