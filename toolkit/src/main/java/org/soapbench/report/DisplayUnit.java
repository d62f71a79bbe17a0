package org.soapbench.report;

import java.util.Collection;
import java.util.Objects;
import org.soapbench.render.ChartPoint;
import org.soapbench.results.JmhResult;

/**
 * The unit one table (or one chart) shows a kind of figure in, chosen from the figures themselves so
 * that they read naturally: ms when even the smallest time is a millisecond or more, else µs; bytes,
 * KB or MB likewise. One unit per column set, so a column never mixes units.
 *
 * @param name    what the header says, e.g. "ms"
 * @param divisor what a figure in the base unit (µs, bytes) is divided by to be shown in this one
 */
record DisplayUnit(String name, double divisor) {

    static final DisplayUnit NANOS = new DisplayUnit("ns", 0.001);
    static final DisplayUnit MICROS = new DisplayUnit("µs", 1);
    static final DisplayUnit MILLIS = new DisplayUnit("ms", 1_000);
    static final DisplayUnit BYTES = new DisplayUnit("bytes", 1);
    static final DisplayUnit KB = new DisplayUnit("KB", 1_024);
    static final DisplayUnit MB = new DisplayUnit("MB", 1_024 * 1_024);

    /** For times in µs: ms when the smallest is 1,000 µs or more. */
    static DisplayUnit time(Collection<Double> micros) {
        return smallest(micros) >= 1_000 ? MILLIS : MICROS;
    }

    /** For sizes in bytes: MB when the smallest is a megabyte or more, KB when it is a kilobyte, else bytes. */
    static DisplayUnit bytes(Collection<Double> bytes) {
        double least = smallest(bytes);
        return least >= MB.divisor ? MB : least >= KB.divisor ? KB : BYTES;
    }

    /** The unit for the scores (µs) of these results. */
    static DisplayUnit timeOf(Collection<JmhResult> results) {
        return time(results.stream().map(JmhResult::score).toList());
    }

    /** A chart point in this unit. */
    ChartPoint of(ChartPoint p) {
        return new ChartPoint(p.series(), p.category(), of(p.value()), of(p.low()), of(p.high()));
    }

    /** A figure in the base unit, written in this one (without the unit: the header carries it). */
    String fmt(double base) {
        return Cells.fmt(base / divisor);
    }

    double of(double base) {
        return base / divisor;
    }

    private static double smallest(Collection<Double> values) {
        return values.stream().filter(Objects::nonNull).filter(v -> !Double.isNaN(v)).mapToDouble(Math::abs).min().orElse(0);
    }
}
