package org.soapbench.hotspots;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.soapbench.results.JmhResult;

/** A result's time split by its recording: found by JMH's trial name, parts that add up to the whole. */
class TimeSplitTest {

    static final List<String> COMPONENTS = List.of("WS-Security", "XML parsing and writing", "stack engine", "JDK core",
            "other");

    static JmhResult result(String stack, String security, double micros) {
        return new JmhResult("run.json", "org.soapbench.bench.SeismicQuery.large", "avgt", Map.of("stack", stack,
                "security", security, "encoding", "xml", "transport", "pipe"), micros, 0, "us/op", 1, 1,
                List.of(List.of(micros)), Map.of(), null);
    }

    static Hotspots.Breakdown recording(String label, Map<String, Long> attributed) {
        long samples = attributed.values().stream().mapToLong(Long::longValue).sum();
        return new Hotspots.Breakdown(label, samples, attributed, attributed, attributed);
    }

    @Test
    void aResultIsFoundByJmhsNameForItsTrialAndItsPartsAddUpToItsTime() {
        JmhResult username = result("axis2", "username", 44_700);
        assertEquals("org.soapbench.bench.SeismicQuery.large-AverageTime-encoding-xml-security-username-stack-axis2-"
                + "transport-pipe", TimeSplit.trial(username));
        Hotspots.Breakdown recorded = recording(Hotspots.label(TimeSplit.trial(username)),
                Map.of("stack engine", 20L, "XML parsing and writing", 70L, "WS-Security", 7L, "JDK core", 3L));
        Hotspots.Breakdown other = recording("SeismicQuery.large-encoding-xml-security-plain-stack-cxf-transport-pipe",
                Map.of("stack engine", 1L));
        List<TimeSplit> splits = TimeSplit.match(List.of(username, result("metro", "plain", 1)), List.of(other, recorded),
                COMPONENTS);
        assertEquals(1, splits.size(), splits.toString());
        TimeSplit split = splits.get(0);
        assertEquals(44_700, split.total(), 1e-6, "the parts add up to the time per call");
        assertEquals(0.70 * 44_700, split.micros("XML parsing and writing"), 1e-6);
        assertEquals(0, split.micros("other"));
    }
}
