package org.soapbench.report;

import java.util.Locale;
import org.soapbench.results.Interval;
import org.soapbench.results.JmhResult;

/** How the report writes a figure: scores with their flags, intervals, ratios, numbers. */
final class Cells {

    /** A time whose interval is wider than this, relative to it, is flagged. */
    static final double NOISY = 0.10;

    private Cells() {
    }

    /** The score in a table's unit, with its flags. */
    static String score(RunResults results, JmhResult r, DisplayUnit unit) {
        return flag(results, r) + unit.fmt(r.score());
    }

    /** The interval's half-width in a table's unit, as {@link #errorIn}. */
    static String error(RunResults results, JmhResult r, DisplayUnit unit) {
        return errorIn(results, r, 1 / unit.divisor());
    }

    static String flag(RunResults results, JmhResult r) {
        Interval i = results.score(r);
        return (results.steadiness(r).steady() ? "" : "◷ ")
                + (!i.known() ? "⚠ (error unknown) " : i.relativeHalfWidth() > NOISY ? "⚠ " : "");
    }

    /**
     * The score's interval ({@link RunResults#score}) as "± half-width (percent)", scaled into the unit
     * shown (× 1000: µs shown as ns), * when it comes from one fork's iterations.
     */
    static String errorIn(RunResults results, JmhResult r, double scale) {
        Interval i = results.score(r);
        if (!i.known()) {
            return "?";
        }
        if (i.relativeHalfWidth() > 1) {
            // Two forks far apart leave one degree of freedom: a half-width of 10^30 % says no more than this.
            return "> " + fmt(r.score() * scale) + " (> 100%)";
        }
        return fmt(i.relativeHalfWidth() * r.score() * scale)
                + String.format(Locale.ROOT, " (%.0f%%)%s", 100 * i.relativeHalfWidth(), i.tooNarrow() ? "*" : "");
    }

    /** The interval's half-width relative to the score: "15%", * when it comes from one fork's iterations. */
    static String errorPercent(RunResults results, JmhResult r) {
        Interval i = results.score(r);
        return !i.known() ? "?" : i.relativeHalfWidth() > 1 ? "> 100%"
                : String.format(Locale.ROOT, "%.0f%%%s", 100 * i.relativeHalfWidth(), i.tooNarrow() ? "*" : "");
    }

    static String ratio(RunResults results, JmhResult a, JmhResult b) {
        return results.ratio(a, b).ratioText();
    }

    static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "?";
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%,.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f", v);
    }

    /** A ratio as a reader says it: "1.82×", "11.4×", "204×". */
    static String times(double ratio) {
        return String.format(Locale.ROOT, ratio >= 100 ? "%.0f×" : ratio >= 10 ? "%.1f×" : "%.2f×", ratio);
    }

    /** One time in running text, with its own unit: "37.8 µs", "5.68 ms". */
    static String time(double micros) {
        return micros >= 1_000 ? fmt(micros / 1_000) + " ms" : fmt(micros) + " µs";
    }

    /** One size in running text, with its own unit: "330 bytes", "403 KB". */
    static String size(double bytes) {
        DisplayUnit u = DisplayUnit.bytes(java.util.List.of(bytes));
        return u.fmt(bytes) + " " + u.name();
    }

    static String fmtInt(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }
}
