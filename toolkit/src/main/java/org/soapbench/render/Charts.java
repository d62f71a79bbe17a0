package org.soapbench.render;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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

    /** One colour per stack in every chart; a Fast Infoset series is the lighter shade of its stack's. */
    private static final Map<String, Color> STACK_COLOURS = Map.of(
            "cxf", new Color(0x1f77b4), "metro", new Color(0xff7f0e), "axis2", new Color(0x2ca02c),
            "cxf-4.1", new Color(0x9467bd), "jaxb-floor", new Color(0x7f7f7f),
            // the floor chart's whole floor (JAXB + crypto), drawn beside the stacks' overheads
            "whole", new Color(0xb0b0b0));
    private static final Color[] OTHER_COLOURS = {new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf),
        new Color(0xbcbd22), new Color(0xd62728), new Color(0x393b79), new Color(0x637939), new Color(0x843c39)};

    private final Path dir;
    private final Map<String, List<ChartPoint>> plotted = new LinkedHashMap<>();

    public Charts(Path dir) {
        this.dir = dir;
        System.setProperty("java.awt.headless", "true");
    }

    /** Every interval chart drawn so far: file name to its points, in the order drawn. */
    public Map<String, List<ChartPoint>> plotted() {
        return plotted;
    }

    /**
     * Values with their intervals: one column per category (security mode), a dot per series (stack)
     * with a line from the interval's low to its high, exactly as the tables give them (asymmetric
     * about the value, since intervals are computed on the log scale). A point without an interval,
     * such as a reference, is a dot alone. Dots, not bars: on a log axis a bar's length means nothing.
     * A linear axis starts at zero.
     */
    public String dots(String name, String title, String yTitle, boolean logarithmic, List<ChartPoint> points) {
        return dots(name, title, yTitle, logarithmic, points, List.of(), null);
    }

    /**
     * As {@link #dots(String, String, String, boolean, List)}, with a second value per point drawn beside
     * it as a hollow diamond of its series' colour, without interval (e.g. wall time beside the CPU time
     * judged), named once in the legend as {@code besideName}. charts.json keeps the judged points.
     */
    public String dots(String name, String title, String yTitle, boolean logarithmic, List<ChartPoint> points,
                       List<ChartPoint> beside, String besideName) {
        if (points.isEmpty()) {
            return null;
        }
        List<String> categories = points.stream().map(ChartPoint::category).distinct().toList();
        List<String> series = points.stream().map(ChartPoint::series).distinct().toList();
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setYAxisLogarithmic(logarithmic);
        if (!logarithmic) {
            chart.getStyler().setYAxisMin(0.0);
        }
        chart.getStyler().setYAxisDecimalPattern("#,##0.###");
        // Category names under whole x positions; elsewhere blanks, each of its own length, because
        // XChart drops every label when two are equal. Two invisible points half a column beyond the
        // first and last category keep the outer dots off the frame.
        chart.setCustomXAxisTickLabelsFormatter(x -> {
            long i = Math.round(x);
            return Math.abs(x - i) < 1e-6 && i >= 0 && i < categories.size()
                    ? categories.get((int) i) : " ".repeat(1 + Math.floorMod((int) Math.round(x * 8), 64));
        });
        double anyValue = points.get(0).value();
        XYSeries margins = chart.addSeries(" ", new double[] {-0.5, categories.size() - 0.5}, new double[] {anyValue, anyValue});
        margins.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        margins.setMarker(SeriesMarkers.NONE);
        margins.setShowInLegend(false);
        // Series side by side within a category, as bars would be.
        double width = 0.6;
        for (int s = 0; s < series.size(); s++) {
            String name1 = series.get(s);
            double offset = -width / 2 + width * (s + 0.5) / series.size();
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            Color colour = colour(name1);
            for (ChartPoint p : points) {
                if (!p.series().equals(name1)) {
                    continue;
                }
                double at = categories.indexOf(p.category()) + offset;
                x.add(at);
                y.add(p.value());
                if (p.hasInterval()) {
                    // Two forks give a t of 637 at 99.9%, and an interval that can reach 0: on a log axis
                    // it is drawn to a tenth and ten times the value (the table gives it whole).
                    double low = logarithmic ? Math.max(p.low(), p.value() / 10) : p.low();
                    double high = logarithmic ? Math.min(p.high(), p.value() * 10) : p.high();
                    XYSeries interval = chart.addSeries(name1 + " " + p.category() + " interval",
                            new double[] {at, at}, new double[] {low, high});
                    interval.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                    interval.setMarker(SeriesMarkers.NONE);
                    interval.setLineColor(colour);
                    interval.setLineStyle(new BasicStroke(2f));
                    interval.setShowInLegend(false);
                }
            }
            XYSeries dots = chart.addSeries(name1, x, y);
            dots.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            dots.setMarker(SeriesMarkers.CIRCLE);
            dots.setMarkerColor(colour);
            List<Double> bx = new ArrayList<>();
            List<Double> by = new ArrayList<>();
            for (ChartPoint p : beside) {
                if (p.series().equals(name1) && categories.contains(p.category())) {
                    bx.add(categories.indexOf(p.category()) + offset);
                    by.add(p.value());
                }
            }
            if (!bx.isEmpty()) {
                XYSeries other = chart.addSeries(name1 + " " + besideName, bx, by);
                other.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                other.setMarker(new HollowDiamond());
                other.setMarkerColor(colour);
                other.setShowInLegend(false);
            }
        }
        if (!beside.isEmpty() && besideName != null) {
            // One legend entry for every series' hollow diamonds, placed off the drawn columns.
            XYSeries key = chart.addSeries(besideName, new double[] {-0.5}, new double[] {anyValue});
            key.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            key.setMarker(new HollowDiamond());
            key.setMarkerColor(Color.GRAY);
        }
        String file = save(chart, name);
        plotted.put(file, List.copyOf(points));
        return file;
    }

    /**
     * Ratios to a reference as a grid (rows: series, columns: categories), each cell coloured by its
     * distance from 1 where its interval excludes 1, with its value written in it (see {@link HeatMap}).
     */
    public String heatMap(String name, String title, List<ChartPoint> points) {
        if (points.isEmpty()) {
            return null;
        }
        String file = fileName(name);
        try {
            javax.imageio.ImageIO.write(HeatMap.draw(title, points, WIDTH), "png", dir.resolve(file).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write chart " + file, e);
        }
        plotted.put(file, List.copyOf(points));
        return file;
    }

    /** A diamond drawn as its outline, so that a value beside a dot does not read as a second dot. */
    private static final class HollowDiamond extends org.knowm.xchart.style.markers.Marker {
        @Override
        public void paint(java.awt.Graphics2D g, double x, double y, int size) {
            g.setStroke(new BasicStroke(1.5f));
            double half = size / 2.0 + 1;
            java.awt.geom.Path2D.Double d = new java.awt.geom.Path2D.Double();
            d.moveTo(x, y - half);
            d.lineTo(x + half, y);
            d.lineTo(x, y + half);
            d.lineTo(x - half, y);
            d.closePath();
            g.draw(d);
        }
    }

    /** The series' stack colour (its first word names the stack), lighter for Fast Infoset. */
    static Color colour(String series) {
        String[] words = series.split(" ");
        Color c = STACK_COLOURS.getOrDefault(words[0], OTHER_COLOURS[Math.floorMod(words[0].hashCode(), OTHER_COLOURS.length)]);
        boolean fi = List.of(words).contains("fi");
        return fi ? new Color((c.getRed() + 255) / 2, (c.getGreen() + 255) / 2, (c.getBlue() + 255) / 2) : c;
    }

    /**
     * A grouped bar chart from zero on a linear axis: one group per category (security mode), one bar
     * per series. {@code data}: series name to category to value. Returns the file name.
     */
    public String bars(String name, String title, String yTitle, Map<String, Map<String, Double>> data) {
        if (data.isEmpty()) {
            return null;
        }
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setYAxisDecimalPattern("#,##0.###");
        Set<String> categories = new LinkedHashSet<>();
        data.values().forEach(m -> categories.addAll(m.keySet()));
        List<String> x = new ArrayList<>(categories);
        for (Map.Entry<String, Map<String, Double>> s : data.entrySet()) {
            // A category a series lacks is NaN, which XChart draws as no bar; the tables say why it is missing.
            List<Double> y = x.stream().map(c -> s.getValue().getOrDefault(c, Double.NaN)).toList();
            chart.addSeries(s.getKey(), x, y).setFillColor(colour(s.getKey()));
        }
        return save(chart, name);
    }

    /** A stacked bar per category; {@code data}: series (component) to category (recording) to {value, 0}. */
    public String stacked(String name, String title, String yTitle, Map<String, Map<String, double[]>> data) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT + 150).title(title).yAxisTitle(yTitle).build();
        chart.getStyler().setStacked(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
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
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        int index = 0;
        for (Map.Entry<String, double[][]> s : data.entrySet()) {
            // XChart assigns default colours only when it paints, so the fit would not match its points: set both.
            Color colour = OTHER_COLOURS[index++ % OTHER_COLOURS.length];
            XYSeries points = chart.addSeries(s.getKey() + " measured", s.getValue()[0], s.getValue()[1]);
            points.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            points.setMarkerColor(colour);
            XYSeries line = chart.addSeries(s.getKey() + " fit", s.getValue()[0], s.getValue()[2]);
            line.setMarker(SeriesMarkers.NONE);
            line.setLineColor(colour);
        }
        return save(chart, name);
    }

    private static String fileName(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_") + ".png";
    }

    private String save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, String name) {
        String file = fileName(name);
        try {
            BitmapEncoder.saveBitmap(chart, dir.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write chart " + file, e);
        }
        return file;
    }
}
