package org.soapbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.soapbench.hotspots.Hotspots;
import org.soapbench.hotspots.TimeSplit;
import org.soapbench.results.JmhResult;

/** A cause line is computed from two time splits: the extra time, and the components that grew most. */
class CausesTest {

    private static final List<String> COMPONENTS = List.of("WS-Security", "XML parsing and writing", "stack engine",
            "JDK core", "other");

    private static TimeSplit split(String stack, String security, double micros, Map<String, Long> attributed) {
        JmhResult r = new JmhResult("run.json", "org.soapbench.bench.SeismicQuery.large", "avgt", Map.of("stack", stack,
                "security", security, "encoding", "xml", "transport", "pipe"), micros, 0, "us/op", 1, 1,
                List.of(List.of(micros)), Map.of(), null);
        long samples = attributed.values().stream().mapToLong(Long::longValue).sum();
        return TimeSplit.of(r, new Hotspots.Breakdown(stack + "-" + security, samples, attributed, attributed, attributed),
                COMPONENTS);
    }

    @Test
    void theExtraTimeIsSplitAmongTheComponentsThatGrewMost() {
        // plain 4 ms: 3 in the engine, 1 in XML; username 40 ms: 4 engine, 30 XML, 4 WS-Security, 2 JDK core
        TimeSplit plain = split("axis2", "plain", 4_000, Map.of("stack engine", 75L, "XML parsing and writing", 25L));
        TimeSplit username = split("axis2", "username", 40_000, Map.of("stack engine", 10L, "XML parsing and writing", 75L,
                "WS-Security", 10L, "JDK core", 5L));
        // +36 ms: XML +29, WS-Security +4, JDK core +2, engine +1; 80% of 36 is 28.8, so XML alone covers it
        assertEquals("+36.0 ms over plain (40.0 ms against 4.00 ms), of which XML parsing and writing +29.0 ms",
                Causes.line(username, plain, "plain"));
        TimeSplit spread = split("axis2", "sign", 40_000, Map.of("stack engine", 30L, "XML parsing and writing", 30L,
                "WS-Security", 30L, "JDK core", 10L));
        // +36 ms: WS-Security +12, XML +11, engine +9 (32 ms, past 80%), JDK core +4 left out
        assertEquals("+36.0 ms over plain (40.0 ms against 4.00 ms), of which WS-Security +12.0 ms, "
                + "XML parsing and writing +11.0 ms, stack engine +9.00 ms", Causes.line(spread, plain, "plain"));
        assertEquals("−36.0 ms over username (4.00 ms against 40.0 ms)", Causes.line(plain, username, "username"));
    }

    @Test
    void aStepThatGrewIsNamedAfterTheComponents() {
        JmhResult plain = new JmhResult("run.json", "org.soapbench.bench.SeismicQuery.large", "avgt", Map.of("stack",
                "axis2", "security", "plain", "encoding", "xml"), 4_000, 0, "us/op", 1, 1, List.of(List.of(4_000.0)),
                Map.of(), null);
        JmhResult username = new JmhResult("run.json", "org.soapbench.bench.SeismicQuery.large", "avgt", Map.of("stack",
                "axis2", "security", "username", "encoding", "xml"), 40_000, 0, "us/op", 1, 1, List.of(List.of(40_000.0)),
                Map.of(), null);
        Map<String, Long> engine = Map.of("stack engine", 100L);
        Map<String, Long> xml = Map.of("XML parsing and writing", 100L);
        String toDom = "Rampart: message to DOM (DOOM)";
        TimeSplit p = TimeSplit.of(plain, new Hotspots.Breakdown("p", 100, engine, engine, engine, Map.of()), COMPONENTS);
        TimeSplit u = TimeSplit.of(username, new Hotspots.Breakdown("u", 100, xml, xml, xml, Map.of(toDom, 50L,
                "a step that took little", 1L)), COMPONENTS);
        assertEquals("+36.0 ms over plain (40.0 ms against 4.00 ms), of which XML parsing and writing +40.0 ms; in steps: "
                + "Rampart: message to DOM (DOOM) +20.0 ms", Causes.line(u, p, "plain", List.of(toDom, "a step that took little")));
    }

    @Test
    void onlyNotableDifferencesGetACause() {
        TimeSplit plain = split("axis2", "plain", 4_000, Map.of("stack engine", 100L));
        TimeSplit username = split("axis2", "username", 40_000, Map.of("XML parsing and writing", 100L));
        TimeSplit cxf = split("cxf", "username", 30_000, Map.of("WS-Security", 100L));
        TimeSplit sign = split("axis2", "sign", 90_000, Map.of("XML parsing and writing", 100L));
        TimeSplit signencr = split("axis2", "signencr", 60_000, Map.of("XML parsing and writing", 100L));
        List<String> causes = HotspotsSection.causes(List.of(plain, username, cxf, sign, signencr), List.of());
        assertEquals(List.of(
                "axis2 username/xml large: +36.0 ms over plain (40.0 ms against 4.00 ms), of which XML parsing and writing +40.0 ms",
                "axis2 sign/xml large: +86.0 ms over plain (90.0 ms against 4.00 ms), of which XML parsing and writing +90.0 ms",
                "axis2 sign/xml large: +30.0 ms over signencr (90.0 ms against 60.0 ms), of which XML parsing and writing +30.0 ms",
                "axis2 signencr/xml large: +56.0 ms over plain (60.0 ms against 4.00 ms), of which XML parsing and writing +60.0 ms"),
                causes, "axis2 username is under twice cxf's, so no line against cxf");
    }
}
