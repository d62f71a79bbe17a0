package org.soapbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.soapbench.bench.fork.SameMomentProfiler;
import org.soapbench.results.JmhResult;
import org.soapbench.results.StackDuets;
import org.soapbench.results.SyntheticResults;

/**
 * The headline's rules fire on synthetic JMH JSON built to trigger them, each with its numbers, and
 * stay silent on JSON built not to; the fastest stack is named only where the intervals separate.
 */
class HeadlineTest {

    @TempDir
    Path dir;

    private static final double TIGHT = 0.01; // 1% error: intervals a few percent wide

    private RunResults results(SyntheticResults s) throws Exception {
        return new RunResults(JmhResult.read(s.write(dir.resolve("r" + System.nanoTime() + ".json"))));
    }

    private static ObjectNode query(SyntheticResults s, String workload, String stack, String security, String encoding, double us) {
        return s.add("SeismicQuery." + workload, us, us * TIGHT, SyntheticResults.config(stack, security, encoding));
    }

    @Test
    void fiSlowerThanXmlFiresOnlyWhenTheIntervalsSeparate() throws Exception {
        SyntheticResults fires = new SyntheticResults();
        query(fires, "large", "cxf", "plain", "xml", 5_000);
        query(fires, "large", "cxf", "plain", "fi", 10_000);
        List<String> found = NotableFindings.fiSlowerThanXml(results(fires));
        assertEquals(1, found.size(), found.toString());
        assertTrue(found.get(0).startsWith("cxf plain on large, 10.0 ms against 5.00 ms (2.00 ["),
                found.get(0));

        SyntheticResults silent = new SyntheticResults();
        query(silent, "large", "cxf", "plain", "xml", 5_000);
        query(silent, "large", "cxf", "plain", "fi", 4_000); // faster
        query(silent, "large", "metro", "plain", "xml", 5_000);
        silent.add("SeismicQuery.large", 5_500, 2_000, SyntheticResults.config("metro", "plain", "fi")); // slower, but noise
        assertEquals(List.of(), NotableFindings.fiSlowerThanXml(results(silent)));
    }

    @Test
    void fiFloorSlowerThanXmlFloorFiresOnlyWhenItIs() throws Exception {
        SyntheticResults fires = new SyntheticResults();
        fires.add("Floor.small", 12, 0.12, Map.of("encoding", "xml"));
        fires.add("Floor.small", 30, 0.3, Map.of("encoding", "fi"));
        List<String> found = NotableFindings.fiFloorSlowerThanXmlFloor(results(fires));
        assertEquals(1, found.size(), found.toString());
        assertTrue(found.get(0).startsWith("small, 30.0 µs against 12.0 µs (2.50 ["), found.get(0));

        SyntheticResults silent = new SyntheticResults();
        silent.add("Floor.small", 12, 0.12, Map.of("encoding", "xml"));
        silent.add("Floor.small", 10, 0.1, Map.of("encoding", "fi"));
        assertEquals(List.of(), NotableFindings.fiFloorSlowerThanXmlFloor(results(silent)));
    }

    @Test
    void fiThatDoesNotShrinkAnEncryptedBodyIsPointedOut() throws Exception {
        SyntheticResults fires = new SyntheticResults();
        SyntheticResults.wire(query(fires, "large", "cxf", "signencr", "xml", 30_000), 10, 65_000, 4_080_000);
        SyntheticResults.wire(query(fires, "large", "cxf", "signencr", "fi", 30_000), 10, 49_000, 4_130_000);
        List<String> found = NotableFindings.fiDoesNotShrinkResponse(results(fires));
        assertEquals(List.of("cxf signencr on large, 403 KB against 398 KB (1.01×)"), found);
        assertTrue(NotableFindings.all(results(fires)).get(0).endsWith("With signencr the Body is ciphertext, which FI cannot compact."));

        SyntheticResults silent = new SyntheticResults();
        SyntheticResults.wire(query(silent, "large", "cxf", "sign", "xml", 30_000), 10, 45_000, 2_920_000);
        SyntheticResults.wire(query(silent, "large", "cxf", "sign", "fi", 30_000), 10, 35_000, 1_200_000);
        assertEquals(List.of(), NotableFindings.fiDoesNotShrinkResponse(results(silent)));
    }

    @Test
    void aModeFarAbovePlainPlusItsCryptoFloorIsPointedOut() throws Exception {
        SyntheticResults fires = new SyntheticResults();
        query(fires, "large", "axis2", "plain", "xml", 5_000);
        query(fires, "large", "axis2", "username", "xml", 38_000);
        query(fires, "large", "axis2", "sign", "xml", 80_000);
        fires.add("CryptoFloor.large", 2_500, 25, Map.of("security", "sign"));
        List<String> found = NotableFindings.modeFarAbovePlain(results(fires));
        assertEquals(List.of(
                "axis2 username/xml on large, 38.0 ms against 5.00 ms (7.60×)",
                "axis2 sign/xml on large, 80.0 ms against 5.00 ms + 2.50 ms (10.7×)"), found);

        // Signing 10× plain on small is the crypto floor's doing, not the stack's: silent.
        SyntheticResults silent = new SyntheticResults();
        query(silent, "small", "cxf", "plain", "xml", 100);
        query(silent, "small", "cxf", "username", "xml", 250);
        query(silent, "small", "cxf", "sign", "xml", 1_000);
        silent.add("CryptoFloor.small", 300, 3, Map.of("security", "sign"));
        assertEquals(List.of(), NotableFindings.modeFarAbovePlain(results(silent)));
    }

    @Test
    void theFastestStackIsNamedOnlyWhereTheIntervalsSeparate() throws Exception {
        SyntheticResults s = new SyntheticResults();
        query(s, "small", "cxf", "plain", "xml", 100);
        query(s, "small", "metro", "plain", "xml", 50);
        query(s, "small", "axis2", "plain", "xml", 120);
        s.add("SeismicQuery.small", 100, 20, SyntheticResults.config("cxf", "plain", "fi"));
        s.add("SeismicQuery.small", 95, 20, SyntheticResults.config("metro", "plain", "fi"));
        RunResults r = results(s);
        List<JmhResult> xml = r.select(x -> x.configuration().encoding().equals("xml")).stream()
                .sorted(java.util.Comparator.comparingDouble(JmhResult::score)).toList();
        assertTrue(HeadlineSection.fastestText(r, xml).startsWith("metro, 2.00× faster than cxf ["), HeadlineSection.fastestText(r, xml));
        List<JmhResult> fi = r.select(x -> x.configuration().encoding().equals("fi")).stream()
                .sorted(java.util.Comparator.comparingDouble(JmhResult::score)).toList();
        assertEquals("not distinguishable: metro, cxf", HeadlineSection.fastestText(r, fi));
    }

    @Test
    void theHeadlineComesFirst() throws Exception {
        SyntheticResults s = new SyntheticResults();
        query(s, "small", "cxf", "plain", "xml", 100);
        query(s, "small", "cxf", "username", "xml", 150);
        query(s, "small", "metro", "plain", "xml", 50);
        Path out = dir.resolve("out");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), s.write(dir.resolve("h.json")).toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        assertEquals(md.indexOf("\n## ") + 1, md.indexOf("## At a glance"), "the first section: " + md);
        assertTrue(md.contains("| small | plain | metro, 2.00× faster than cxf ["), md);
        assertTrue(md.contains("| small | username | 1.50× ±"), "the cost with its interval's half-width: " + md);
        assertTrue(md.contains("Notable findings: none."), md);
    }

    /**
     * Three stacks of one configuration in a cycle of three duets, as a run with a design writes them:
     * each fork names its duet; a duet in step has both forks aligned, one run one fork after the other
     * has its first fork alone. Each fork of a duet also records the CPU of each iteration: swapped, the two
     * alternate between CPUs 0 and 1; shared, both name the duet's one CPU; empty, none is recorded.
     */
    private static StackDuets cycle(boolean... inStep) {
        return cycle("", inStep);
    }

    private static StackDuets cycle(String cpus, boolean... inStep) {
        ObjectMapper json = new ObjectMapper();
        List<String> stacks = List.of("cxf", "metro", "axis2");
        Map<String, ObjectNode> sources = new LinkedHashMap<>();
        Map<String, ArrayNode> ids = new LinkedHashMap<>();
        Map<String, ArrayNode> met = new LinkedHashMap<>();
        Map<String, ArrayNode> onCpu = new LinkedHashMap<>();
        Map<String, List<List<Double>>> raw = new LinkedHashMap<>();
        for (String stack : stacks) {
            ObjectNode source = json.createObjectNode();
            ObjectNode metrics = source.putObject("secondaryMetrics");
            ids.put(stack, metrics.putObject(SameMomentProfiler.ID).putArray("rawData"));
            met.put(stack, metrics.putObject(SameMomentProfiler.ALIGNED).putArray("rawData"));
            if (!cpus.isEmpty()) {
                onCpu.put(stack, metrics.putObject(SameMomentProfiler.CPU).putArray("rawData"));
            }
            sources.put(stack, source);
            raw.put(stack, new ArrayList<>());
        }
        for (int d = 0; d < 3; d++) {
            String[] pair = {stacks.get(d), stacks.get((d + 1) % 3)};
            for (int side = 0; side < 2; side++) {
                double aligned = inStep[d] || side == 1 ? 1 : 0;
                ids.get(pair[side]).addArray().add(100 + d).add(100 + d);
                met.get(pair[side]).addArray().add(aligned).add(aligned);
                if (cpus.equals("shared")) {
                    onCpu.get(pair[side]).addArray().add(d % 2).add(d % 2);
                } else if (cpus.equals("swapped")) {
                    onCpu.get(pair[side]).addArray().add(side).add(1 - side);
                }
                double us = 10 * (1 + stacks.indexOf(pair[side])) * (1 + 0.01 * d * side);
                raw.get(pair[side]).add(List.of(us, us * 1.01));
            }
        }
        List<JmhResult> results = new ArrayList<>();
        for (String stack : stacks) {
            results.add(new JmhResult("run", "org.soapbench.bench.SeismicQuery.small", "avgt", SyntheticResults.config(stack,
                    "plain", "xml"), 10, Double.NaN, "us/op", 1, 2, raw.get(stack), Map.of(), sources.get(stack)));
        }
        return StackDuets.of(results);
    }

    @Test
    void theHeadlineSaysWhetherTheDuetsRanAtTheSameMomentOrOneForkAfterTheOther() {
        assertTrue(HeadlineSection.duetsSentence(cycle(true, true, true)).contains("The configurations were measured in "
                + "duets, one JVM pinned to each CPU (3 duets):"));
        assertTrue(HeadlineSection.duetsSentence(cycle(false, false, false)).contains("The configurations were measured in "
                + "duets run one fork after the other (run --design interleaved), each fork pinned to one CPU (3 duets):"));
        assertTrue(HeadlineSection.duetsSentence(cycle(true, false, true)).contains("one JVM pinned to each CPU (3 duets, 1 "
                + "of them not in step throughout: one fork went on alone):"));
        assertTrue(HeadlineSection.duetsSentence(cycle("swapped", true, true, true)).contains("The configurations were "
                + "measured in duets, one JVM pinned to each CPU (3 duets):"));
        assertTrue(HeadlineSection.duetsSentence(cycle("shared", true, true, true)).contains("The configurations were "
                + "measured in duets, both JVMs of a duet pinned to one CPU they shared, a duet on each CPU at once (run "
                + "--design same-cpu, 3 duets):"));
        assertTrue(HeadlineSection.duetsSentence(cycle("shared", true, true, true)).contains("by least squares, each duet read "
                + "on the quarter of its moments in which both forks ran fastest"));
        assertFalse(HeadlineSection.duetsSentence(cycle(true, true, true)).contains("quarter"));
    }
}
