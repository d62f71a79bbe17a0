package org.soapbench.report;

import static org.soapbench.report.Cells.size;
import static org.soapbench.report.Cells.time;
import static org.soapbench.report.Cells.times;

import java.util.ArrayList;
import java.util.List;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.results.Configuration;
import org.soapbench.results.Interval;
import org.soapbench.results.JmhResult;

/**
 * The run's findings worth a reader's attention, each found by a rule over the results and stated
 * with its numbers. A time rule fires only when the 99.9% intervals separate, so noise alone finds
 * nothing; the wire rule reads byte counts, which have no noise.
 */
final class NotableFindings {

    /** A secured mode is pointed out when it costs more than this many times plain plus its crypto floor. */
    static final double MODE_FACTOR = 3;
    /** Fast Infoset is expected to shrink a response by at least this share; less is pointed out. */
    static final double FI_SHRINK = 0.10;

    private NotableFindings() {
    }

    /** One line per rule that found something: what it looks for, then each finding with its numbers. */
    static List<String> all(RunResults results) {
        List<String> lines = new ArrayList<>();
        add(lines, "FI slower than XML (FI time against XML time)", fiSlowerThanXml(results), "");
        add(lines, "The FI floor slower than the XML floor (plain JAXB, no SOAP)", fiFloorSlowerThanXmlFloor(results),
                " Part of FI's cost in every stack is then the binding's, not the stack's.");
        List<String> shrink = fiDoesNotShrinkResponse(results);
        add(lines, "FI shrinking a response by less than " + Math.round(FI_SHRINK * 100) + "% (bytes per response, FI against XML)",
                shrink, shrink.stream().anyMatch(f -> f.contains(SecurityMode.SIGN_ENCRYPT.id()))
                        ? " With signencr the Body is ciphertext, which FI cannot compact." : "");
        add(lines, "A security mode costing more than " + factor() + " its plain time plus its crypto floor (its time against "
                + "plain's, + the crypto floor's when it signs)",
                modeFarAbovePlain(results), "");
        return lines;
    }

    private static void add(List<String> lines, String rule, List<String> found, String why) {
        if (!found.isEmpty()) {
            lines.add(rule + ": " + String.join("; ", found) + "." + why);
        }
    }

    /** What the rules look for, for a run where none fired. */
    static String rules() {
        return "Fast Infoset slower than XML (for a stack, or for the JAXB floor); Fast Infoset shrinking a response by less "
                + "than " + Math.round(FI_SHRINK * 100) + "%; a security mode costing more than " + factor()
                + " its plain time plus its crypto floor";
    }

    private static String factor() {
        return String.format(java.util.Locale.ROOT, "%.0f×", MODE_FACTOR);
    }

    /** A stack's configuration whose FI time is above its XML time, intervals apart. */
    static List<String> fiSlowerThanXml(RunResults results) {
        List<String> found = new ArrayList<>();
        for (JmhResult xml : RunResults.sorted(queries(results, "xml"))) {
            JmhResult fi = results.find(xml, c -> c.withEncoding("fi"));
            if (fi != null && slower(results, fi, xml)) {
                found.add(results.label(xml) + " " + xml.configuration().security() + " on " + xml.method() + ", " + time(fi.score()) + " against "
                        + time(xml.score()) + " (" + results.ratio(fi, xml).ratioText() + ")");
            }
        }
        return found;
    }

    /** The JAXB floor itself slower with FI than with XML: part of FI's cost is then the binding's, not the stack's. */
    static List<String> fiFloorSlowerThanXmlFloor(RunResults results) {
        List<String> found = new ArrayList<>();
        for (JmhResult xml : RunResults.sorted(results.select(r -> r.shortName().matches("Floor\\.(small|large)")
                && r.configuration().encoding().equals("xml")))) {
            JmhResult fi = results.findFloor(xml.run(), xml.method(), "fi");
            if (fi != null && slower(results, fi, xml)) {
                found.add(xml.method() + ", " + time(fi.score()) + " against " + time(xml.score()) + " ("
                        + results.ratio(fi, xml).ratioText() + ")");
            }
        }
        return found;
    }

    /** A response Fast Infoset leaves almost as large as XML: with the Body encrypted, FI has only ciphertext to encode. */
    static List<String> fiDoesNotShrinkResponse(RunResults results) {
        List<String> found = new ArrayList<>();
        for (JmhResult xml : RunResults.sorted(queries(results, "xml"))) {
            JmhResult fi = results.find(xml, c -> c.withEncoding("fi"));
            double[] x = RunResults.bytes(xml);
            double[] f = fi == null ? null : RunResults.bytes(fi);
            if (x != null && f != null && f[1] > (1 - FI_SHRINK) * x[1]) {
                found.add(results.label(xml) + " " + xml.configuration().security() + " on " + xml.method() + ", " + size(f[1]) + " against "
                        + size(x[1]) + " (" + times(f[1] / x[1]) + ")");
            }
        }
        return found;
    }

    /**
     * A mode whose time, even at its interval's low end, is more than {@link #MODE_FACTOR} times the
     * high ends of the same stack's plain time plus the mode's crypto floor (none for username).
     */
    static List<String> modeFarAbovePlain(RunResults results) {
        List<String> found = new ArrayList<>();
        for (JmhResult mode : RunResults.sorted(results.select(r -> isQuery(r) && !r.configuration().security().equals("plain")))) {
            Configuration config = mode.configuration();
            JmhResult plain = results.find(mode, o -> o.withSecurity("plain"));
            boolean signs = config.signs();
            JmhResult crypto = signs ? results.findCryptoFloor(mode.run(), mode.method(), config.security()) : null;
            if (plain == null || (signs && crypto == null)) {
                continue;
            }
            Interval m = results.score(mode);
            Interval p = results.score(plain);
            Interval c = crypto == null ? null : results.score(crypto);
            if (!m.known() || !p.known() || (c != null && !c.known())) {
                continue;
            }
            double expected = p.high() + (c == null ? 0 : c.high());
            if (m.low() > MODE_FACTOR * expected) {
                double floor = plain.score() + (crypto == null ? 0 : crypto.score());
                found.add(results.label(mode) + " " + config.security() + "/" + config.encoding() + " on " + mode.method()
                        + ", " + time(mode.score()) + " against " + (crypto == null ? time(plain.score())
                                : time(plain.score()) + " + " + time(crypto.score())) + " (" + times(mode.score() / floor) + ")");
            }
        }
        return found;
    }

    /** Whether a's interval lies wholly above b's: a / b with its interval above 1. */
    private static boolean slower(RunResults results, JmhResult a, JmhResult b) {
        Interval ratio = results.ratio(a, b);
        return ratio.known() && ratio.low() > 1;
    }

    private static boolean isQuery(JmhResult r) {
        return (r.shortName().equals("SeismicQuery.small") || r.shortName().equals("SeismicQuery.large")) && r.threads() == 1;
    }

    private static List<JmhResult> queries(RunResults results, String encoding) {
        return results.select(r -> isQuery(r) && r.configuration().encoding().equals(encoding));
    }
}
