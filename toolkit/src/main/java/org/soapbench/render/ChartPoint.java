package org.soapbench.render;

/**
 * One value a chart draws: its series (a stack), its category (a security mode), the value, and
 * its interval as the tables give it ({@code NaN} bounds: drawn without one, as a reference is).
 * The report writes every chart's points to {@code charts.json}, so what is drawn can be checked
 * against the tables.
 */
public record ChartPoint(String series, String category, double value, double low, double high) {

    /** A point drawn without an interval. */
    public static ChartPoint alone(String series, String category, double value) {
        return new ChartPoint(series, category, value, Double.NaN, Double.NaN);
    }

    public boolean hasInterval() {
        return !Double.isNaN(low);
    }
}
