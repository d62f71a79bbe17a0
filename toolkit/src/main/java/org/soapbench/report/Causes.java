package org.soapbench.report;

import static org.soapbench.report.Cells.time;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.soapbench.hotspots.TimeSplit;

/**
 * Why one configuration costs more than another, read from their time splits ({@link TimeSplit}):
 * the extra time per call, and the components whose time grew most, until they account for most of
 * it. Computed from the recordings and the results alone, so a cause is never written by hand.
 */
final class Causes {

    /** Components are named until they account for this share of the extra time... */
    static final double COVERED = 0.8;
    /** ...or this many are named. */
    static final int MOST = 3;

    private Causes() {
    }

    /**
     * For example "+40.4 ms over plain (44.7 ms against 4.25 ms), of which XML parsing and writing
     * +31.2 ms, WS-Security +6.1 ms"; a configuration that costs less says so, without a breakdown.
     */
    static String line(TimeSplit more, TimeSplit less, String against) {
        double extra = more.total() - less.total();
        String head = (extra >= 0 ? "+" : "−") + time(Math.abs(extra)) + " over " + against + " (" + time(more.total())
                + " against " + time(less.total()) + ")";
        if (extra <= 0) {
            return head;
        }
        List<Map.Entry<String, Double>> grown = new ArrayList<>();
        for (String c : more.micros().keySet()) {
            double delta = more.micros(c) - less.micros(c);
            if (delta > 0) {
                grown.add(Map.entry(c, delta));
            }
        }
        grown.sort(Comparator.comparingDouble((Map.Entry<String, Double> e) -> e.getValue()).reversed());
        List<String> named = new ArrayList<>();
        double covered = 0;
        for (Map.Entry<String, Double> e : grown) {
            if (covered >= COVERED * extra || named.size() == MOST) {
                break;
            }
            named.add(e.getKey() + " +" + time(e.getValue()));
            covered += e.getValue();
        }
        return named.isEmpty() ? head : head + ", of which " + String.join(", ", named);
    }

    /**
     * The same, followed by the steps ({@code hotspot-steps.txt}) whose time grew by at least a tenth of
     * the extra time: "; in steps: Rampart: message to DOM (DOOM) +12.0 ms".
     */
    static String line(TimeSplit more, TimeSplit less, String against, List<String> steps) {
        double extra = more.total() - less.total();
        List<String> grown = new ArrayList<>();
        for (String step : steps) {
            double delta = more.stepMicros(step) - less.stepMicros(step);
            if (extra > 0 && delta >= 0.1 * extra) {
                grown.add(step + " +" + time(delta));
            }
        }
        return line(more, less, against) + (grown.isEmpty() ? "" : "; in steps: " + String.join(", ", grown));
    }
}
