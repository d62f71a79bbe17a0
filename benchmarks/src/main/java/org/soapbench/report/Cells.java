package org.soapbench.report;

import java.util.Locale;
import org.soapbench.results.Interval;
import org.soapbench.results.JmhResult;
import org.soapbench.results.Steadiness;

/** How the report writes a figure: scores with their flags, intervals, ratios, numbers. */
final class Cells {

    /** A time whose interval is wider than this, relative to it, is flagged. */
    static final double NOISY = 0.10;

    private Cells() {
    }

    static String score(JmhResult r) {
        return flag(r) + fmt(r.score());
    }

    /** The score in a table's unit, with its flags. */
    static String score(JmhResult r, DisplayUnit unit) {
        return flag(r) + unit.fmt(r.score());
    }

    /** The interval's half-width in a table's unit, as {@link #error}. */
    static String error(JmhResult r, DisplayUnit unit) {
        return errorIn(r, 1 / unit.divisor());
    }

    static String flag(JmhResult r) {
        Interval i = Interval.ofScore(r, Interval.REPORT_CONFIDENCE);
        return (Steadiness.of(r).steady() ? "" : "◷ ")
                + (!i.known() ? "⚠ (error unknown) " : i.relativeHalfWidth() > NOISY ? "⚠ " : "");
    }

    /** The score's interval as "± half-width (percent)", * when it comes from one fork's iterations. */
    static String error(JmhResult r) {
        return errorIn(r, 1);
    }

    /** As {@link #error}, the half-width scaled into the unit shown (× 1000: µs shown as ns). */
    static String errorIn(JmhResult r, double scale) {
        Interval i = Interval.ofScore(r, Interval.REPORT_CONFIDENCE);
        if (!i.known()) {
            return "?";
        }
        return fmt(i.relativeHalfWidth() * r.score() * scale)
                + String.format(Locale.ROOT, " (%.0f%%)%s", 100 * i.relativeHalfWidth(), i.tooNarrow() ? "*" : "");
    }

    /** The interval's half-width relative to the score: "15%", * when it comes from one fork's iterations. */
    static String errorPercent(JmhResult r) {
        Interval i = Interval.ofScore(r, Interval.REPORT_CONFIDENCE);
        return !i.known() ? "?" : String.format(Locale.ROOT, "%.0f%%%s", 100 * i.relativeHalfWidth(), i.tooNarrow() ? "*" : "");
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
