package org.soapbench.results;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * JMH's score units: a time per operation ({@code us/op}) or operations per time ({@code ops/ms}).
 * The one place units are converted: results are read in microseconds per operation, and
 * {@code compare} puts a new result into its base's unit.
 */
public final class Units {

    /** The unit every time per operation is read in. */
    public static final String MICROS_PER_OP = "us/op";

    private static final Map<String, Double> NANOS = Map.of("ns", 1.0, "us", 1e3, "ms", 1e6, "s", 1e9,
            "min", 60e9, "hr", 3600e9, "day", 86400e9);

    private Units() {
    }

    /** The factor that turns a score in {@code from} into one in {@code to}; empty when they are not of one kind. */
    public static OptionalDouble factor(String from, String to) {
        if (!kind(from).equals(kind(to)) || kind(from).isEmpty()) {
            return OptionalDouble.empty();
        }
        double ratio = NANOS.get(time(from)) / NANOS.get(time(to));
        return OptionalDouble.of(kind(from).equals("time") ? ratio : 1 / ratio);
    }

    /** Whether the unit is a time per operation. */
    public static boolean isTime(String unit) {
        return kind(unit).equals("time");
    }

    private static String kind(String unit) {
        if (unit.endsWith("/op") && NANOS.containsKey(time(unit))) {
            return "time";
        }
        if (unit.startsWith("ops/") && NANOS.containsKey(time(unit))) {
            return "rate";
        }
        return "";
    }

    private static String time(String unit) {
        if (unit.startsWith("ops/")) {
            return unit.substring(4);
        }
        return unit.endsWith("/op") ? unit.substring(0, unit.length() - 3) : unit;
    }
}
