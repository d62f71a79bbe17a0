package org.soapbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.soapbench.bench.Findings;
import org.soapbench.results.Interval;
import org.soapbench.results.JmhResult;
import org.soapbench.results.SyntheticResults;
import org.soapbench.results.Unfinished;

/** The report of hand-made JMH JSON shows the numbers computed by hand, and every chart it names. */
class ReportTest {

    @TempDir
    Path dir;

    private Path sample() throws Exception {
        SyntheticResults s = new SyntheticResults();
        ObjectNode plainXml = s.add("SeismicQuery.small", 100, 5, SyntheticResults.config("cxf", "plain", "xml"));
        SyntheticResults.wire(plainXml, 10, 4_000, 3_000);
        s.add("SeismicQuery.small", 80, 4, SyntheticResults.config("cxf", "plain", "fi"));
        s.add("SeismicQuery.small", 1_000, 150, SyntheticResults.config("cxf", "sign", "xml")); // 15%: noisy
        s.add("SeismicQuery.small", 120, 6, SyntheticResults.config("other", "plain", "xml"));
        s.add("Floor.small", 20, 1, Map.of("encoding", "xml"));
        s.add("CryptoFloor.small", 300, 10, Map.of("security", "sign"));
        // A sweep on a known line: 50 µs fixed + 0.2 µs (200 ns) per quake.
        for (int q : new int[] {0, 10, 100, 1000}) {
            s.add("SizeSweep.query", 50 + 0.2 * q, 1, Map.of("stack", "cxf", "security", "plain", "encoding", "xml",
                    "quakes", Integer.toString(q)));
        }
        return s.write(dir.resolve("sample.json"));
    }

    /**
     * A run on a busy machine: wall times so noisy that no stack can be told apart, CPU times steady.
     * The report judges on CPU time, says so first, names the winner CPU time separates, shows CPU
     * time beside wall time, and quotes the machine's state.
     */
    @Test
    void aRunThatCarriesCpuTimeIsJudgedOnItAndSaysHowTheMachineWas() throws Exception {
        SyntheticResults s = new SyntheticResults();
        SyntheticResults.cpu(s.add("SeismicQuery.small", 100, 60, SyntheticResults.config("cxf", "plain", "xml")), 40, 0.4,
                2.0, 1_000);
        SyntheticResults.cpu(s.add("SeismicQuery.small", 110, 66, SyntheticResults.config("other", "plain", "xml")), 50, 0.5,
                6.0, 1_300);
        Path out = dir.resolve("cpu");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), s.write(dir.resolve("cpu.json")).toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("Judged on CPU time"), md);
        assertTrue(md.contains("The machine during this run: steal 6.0% of the machine's CPU time (median over results; "
                + "at most 6.0%); a fixed computation (the speed probe, run after every iteration) took 1.00 to 1.30 ms, 30% "
                + "slower at its slowest than at its fastest."), md);
        assertFalse(md.contains("processes outside the run"), "results that did not record them say nothing of them: " + md);
        assertTrue(md.contains("| small | plain | cxf, 1.25× faster than other ["), "CPU time tells the stacks apart: " + md);
        assertTrue(md.contains("| CPU time (µs) |"), md);
        assertTrue(md.contains("| cxf | plain | xml | ⚠ 100 | "), md);
        assertTrue(md.contains("| × CXF (CPU time) | × JAXB floor (CPU time) |"), "the stacks compared as At a glance compares them: " + md);
        assertTrue(md.contains("| other | plain | xml | ⚠ 110 | ") && md.contains("| 1.25 ["), "other / cxf on CPU time, 50 / 40: " + md);
    }

    /** A neighbour inside the guest is told apart from another guest (steal) and from the host (the probe). */
    @Test
    void aRunBesideOtherProcessesSaysHowMuchOfTheMachineTheyUsed() throws Exception {
        SyntheticResults s = new SyntheticResults();
        ObjectNode a = s.add("SeismicQuery.small", 100, 1, SyntheticResults.config("cxf", "plain", "xml"));
        SyntheticResults.cpu(a, 40, 0.4, 0.0, 1_000);
        SyntheticResults.others(a, 17.5);
        ObjectNode b = s.add("SeismicQuery.small", 110, 1, SyntheticResults.config("other", "plain", "xml"));
        SyntheticResults.cpu(b, 50, 0.5, 0.0, 1_100);
        SyntheticResults.others(b, 2.5);
        Path out = dir.resolve("others");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), s.write(dir.resolve("others.json")).toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("; processes outside the run 17.5% (median over results; at most 17.5%); a fixed computation"), md);
        assertTrue(md.contains("A quiet machine shows no steal, other processes at 2% or less, and a spread of a few percent."), md);
    }

    /**
     * Compile stalls and a neighbour cost wall time, not CPU time: the time charts draw what the report
     * judges (CPU time, with its interval as the table's CPU column prints it) and say so, with wall
     * time beside each point, not in place of it.
     */
    @Test
    void theTimeChartsDrawTheCpuTimeTheReportJudgesNotWallTime() throws Exception {
        SyntheticResults s = new SyntheticResults();
        SyntheticResults.cpu(s.add("SeismicQuery.small", 150, 6, SyntheticResults.config("cxf", "plain", "xml")), 100, 2,
                0, 1_000);
        SyntheticResults.cpu(s.add("SeismicQuery.small", 300, 30, SyntheticResults.config("other", "plain", "xml")), 120, 2,
                0, 1_000);
        Path out = dir.resolve("judged");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), s.write(dir.resolve("judged.json")).toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        JsonNode points = new ObjectMapper().readTree(out.resolve(Report.CHART_DATA).toFile()).get("time-small-xml.png");
        assertEquals(2, points.size(), points.toString());
        for (JsonNode p : points) {
            String[] cells = timeRow(md, "small", p.get("series").asText(), "plain", "xml");
            assertEquals(Cells.fmt(p.get("value").asDouble()), cells[5].replaceAll("^[◷⚠ ]+", ""), "the CPU column: " + p);
            assertTrue(cells[6].startsWith(Cells.fmt((p.get("high").asDouble() - p.get("low").asDouble()) / 2) + " ("),
                    p + " vs " + cells[6]);
        }
        assertEquals(100, points.get(0).get("value").asDouble(), 1e-9, "cxf's CPU time, not its wall time of 150: " + points);
        assertEquals(120, points.get(1).get("value").asDouble(), 1e-9, "other's CPU time, not its wall time of 300: " + points);
        assertTrue(md.contains("CPU time per request on small with xml, per stack and security mode, with intervals, and wall "
                + "time beside each as a hollow diamond"), md);
    }

    /**
     * Two runs on two runtimes: the report compares them configuration by configuration, reading each
     * run's JDK from its results (the files here are named the other way round on purpose).
     */
    @Test
    void twoRunsOnTwoRuntimesAreComparedByTheJdkTheirResultsRecord() throws Exception {
        SyntheticResults older = new SyntheticResults();
        SyntheticResults newer = new SyntheticResults();
        for (String stack : List.of("cxf", "metro")) {
            double base = stack.equals("cxf") ? 100 : 120;
            older.add("SeismicQuery.small", base, 1, SyntheticResults.config(stack, "plain", "xml"));
            older.add("SeismicQuery.small", 3 * base, 3, SyntheticResults.config(stack, "username", "xml"));
            // metro gets 20% faster on the newer JDK and overtakes cxf; cxf stays where it was
            double later = stack.equals("cxf") ? 100 : 80;
            newer.add("SeismicQuery.small", later, 1, SyntheticResults.config(stack, "plain", "xml"))
                    .put("jdkVersion", "25.0.1");
            newer.add("SeismicQuery.small", 3 * base, 3, SyntheticResults.config(stack, "username", "xml"))
                    .put("jdkVersion", "25.0.1");
        }
        Path first = older.write(dir.resolve("jdk25.json"));
        Path second = newer.write(dir.resolve("jdk17.json"));
        Path out = dir.resolve("runtimes");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), first.toString(), second.toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("## Runtimes"), md);
        assertTrue(md.contains("On JDK 25.0.1 against JDK 17.0.15: 1 configuration(s) faster, 0 slower, 3 not "
                + "distinguishable (the distinguishable ratios run from 0.67× to 0.67×)."), md);
        assertTrue(md.contains("| configuration | JDK 17.0.15 | JDK 25.0.1 | JDK 25.0.1 / JDK 17.0.15 |"), md);
        assertTrue(md.contains("| SeismicQuery.small metro plain/xml | 120 µs | 80.0 µs | 0.67 ["), md);
        assertTrue(md.contains("| small | plain | xml | cxf < metro | metro < cxf | yes |"), md);
        assertTrue(md.contains("JDK 17.0.15 (jdk25.json), JDK 25.0.1 (jdk17.json)"), "each run's JDK is read from its results: " + md);
        assertTrue(md.contains("On JDK 25.0.1 against JDK 17.0.15: 1 configuration(s) faster") && md.indexOf("On JDK 25.0.1")
                < md.indexOf("## Runtimes"), "the first screen says what changed: " + md);
    }

    /**
     * Every JDK a machine has: three runs (JDK 17, 21 and 25: a base and the heads of two gates, so two
     * files are called head.json, and no name tells which JDK is which) in one table, each later runtime
     * against the first, each runtime's ranking, and a headline sentence for each later runtime. The JDK 21
     * run's VM carries the Debian 13 build that tools/jdk21-from-debian13 provides, as JMH records it.
     */
    @Test
    void threeRunsOnThreeJdksAreComparedEachAgainstTheFirst() throws Exception {
        SyntheticResults jdk17 = new SyntheticResults();
        SyntheticResults jdk21 = new SyntheticResults();
        SyntheticResults jdk25 = new SyntheticResults();
        for (String stack : List.of("cxf", "metro")) {
            double base = stack.equals("cxf") ? 100 : 120;
            jdk17.add("SeismicQuery.small", base, 1, SyntheticResults.config(stack, "plain", "xml"));
            // JDK 21: cxf 10% slower, metro as on 17
            jdk21.add("SeismicQuery.small", stack.equals("cxf") ? 110 : 120, 1, SyntheticResults.config(stack, "plain", "xml"))
                    .put("jdkVersion", "21.0.13").put("vmVersion", "21.0.13+9-1-deb13u2-Debian");
            // JDK 25: metro 20% faster, overtaking cxf
            jdk25.add("SeismicQuery.small", stack.equals("cxf") ? 100 : 96, 1, SyntheticResults.config(stack, "plain", "xml"))
                    .put("jdkVersion", "25.0.1");
        }
        Files.createDirectories(dir.resolve("gate-a"));
        Files.createDirectories(dir.resolve("gate-b"));
        Path first = jdk17.write(dir.resolve("gate-a/base.json"));
        Path second = jdk21.write(dir.resolve("gate-a/head.json"));
        Path third = jdk25.write(dir.resolve("gate-b/head.json"));
        Path out = dir.resolve("three");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), first.toString(), second.toString(), third.toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("| configuration | JDK 17.0.15 | JDK 21.0.13 | JDK 25.0.1 | JDK 21.0.13 / JDK 17.0.15 | "
                + "JDK 25.0.1 / JDK 17.0.15 |"), md);
        assertTrue(md.contains("| SeismicQuery.small cxf plain/xml | 100 µs | 110 µs | 100 µs | 1.10 ["), md);
        assertTrue(md.contains("| SeismicQuery.small metro plain/xml | 120 µs | 120 µs | 96.0 µs | 1.00 ["), md);
        assertTrue(md.contains("| small | plain | xml | cxf < metro | cxf < metro | metro < cxf | yes |"), md);
        assertTrue(md.contains("JDK 17.0.15 (base.json), JDK 21.0.13 (gate-a/head.json), JDK 25.0.1 (gate-b/head.json)"),
                "each run's JDK is read from its results, and two files of one name stay two runs: " + md);
        assertTrue(Files.isRegularFile(out.resolve("gate-a-head.json"))
                && Files.isRegularFile(out.resolve("gate-b-head.json")), "both heads are copied beside the report");
        String on21 = "On JDK 21.0.13 against JDK 17.0.15: 0 configuration(s) faster, 1 slower, 1 not distinguishable "
                + "(the distinguishable ratios run from 1.10× to 1.10×).";
        String on25 = "On JDK 25.0.1 against JDK 17.0.15: 1 configuration(s) faster, 0 slower, 1 not distinguishable "
                + "(the distinguishable ratios run from 0.80× to 0.80×).";
        assertTrue(md.contains(on21) && md.indexOf(on21) < md.indexOf(on25) && md.indexOf(on25) < md.indexOf("## Runtimes"),
                "the headline has every later runtime: " + md);
        assertTrue(md.indexOf(on21) < md.indexOf("## Runtimes"), "the first screen says what changed: " + md);
    }

    /**
     * Three runtimes from two same-moment gates (21 against 17, then 25 against 17): rounds are in step
     * only between the two sides of one gate; the other gate's head was never in step with this gate's
     * base, so its ratio is taken as two samples.
     */
    @Test
    void roundsArePairedOnlyWithinOneGate() throws Exception {
        JmhResult base = sameMoment("17.0.15", "/gates/jdk21/moments/r1-c000", "base");
        JmhResult head = sameMoment("21.0.13", "/gates/jdk21/moments/r1-c000", "head");
        JmhResult otherGate = sameMoment("25.0.1", "/gates/jdk25/moments/r1-c000", "other");
        assertTrue(RuntimesSection.inStep(head, base));
        assertFalse(RuntimesSection.inStep(otherGate, base));
    }

    /**
     * A same-moment gate's two sides after two rounds, the second on a machine 30% slower for both: each
     * configuration's ratio comes from its two rounds, whose spread alone (one degree of freedom, a t of
     * 637 at 99.9%) would leave an interval from about 0.03 to 20; moderated across the six
     * configurations, as compare moderates them, every 15% gain is told, and so is the suite's.
     */
    @Test
    void aGatesTwoSidesAreJudgedRoundByRoundWithTheirSpreadModeratedAcrossConfigurations() throws Exception {
        SyntheticResults jdk17 = new SyntheticResults();
        SyntheticResults jdk25 = new SyntheticResults();
        int k = 0;
        for (String stack : List.of("cxf", "metro", "axis2")) {
            for (String security : List.of("plain", "username")) {
                double time = 100 + 40 * k;
                String moment = "/gates/jdk25/moments/r1-c00" + k;
                // both rounds of a configuration move together; within a round head/base is 0.85 × e^(±0.4–0.6%)
                double[] base = {time, 1.3 * time};
                double wobble = 0.004 + 0.001 * (k % 3);
                double[] head = {0.85 * base[0] * Math.exp(wobble), 0.85 * base[1] * Math.exp(-wobble)};
                inStepSide(jdk17.add("SeismicQuery.small", time, 1, SyntheticResults.config(stack, security, "xml")), "17.0.15", moment, base);
                inStepSide(jdk25.add("SeismicQuery.small", time, 1, SyntheticResults.config(stack, security, "xml")), "25.0.1", moment, head);
                k++;
            }
        }
        Files.createDirectories(dir.resolve("gate"));
        Path base = jdk17.write(dir.resolve("gate/base.json"));
        Path head = jdk25.write(dir.resolve("gate/head.json"));
        Path out = dir.resolve("gate-report");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), base.toString(), head.toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("On JDK 25.0.1 against JDK 17.0.15: 6 configuration(s) faster, 0 slower, 0 not distinguishable"
                + " (the distinguishable ratios run from 0.85× to 0.85×). Over all 6: 0.85× ["), md);
        assertTrue(md.contains("(geometric mean, rounds run at the same moment, compared round by round)."), md);
        java.util.regex.Matcher cell = java.util.regex.Pattern.compile("\\| SeismicQuery.small axis2 plain/xml \\| [^|]+ \\| [^|]+ "
                + "\\| (0\\.\\d+) \\[(0\\.\\d+), (0\\.\\d+)\\] \\|").matcher(md);
        assertTrue(cell.find(), md);
        assertTrue(Double.parseDouble(cell.group(2)) > 0.78 && Double.parseDouble(cell.group(3)) < 0.92,
                "one configuration's two rounds, moderated, give a usable interval: " + cell.group());
    }

    /**
     * A run made in duets has two forks a configuration, one on each CPU: their spread alone has one
     * degree of freedom, a t of 637 at 99.9%, which made a time's "± error" run to 10¹⁵ %. Pooled
     * across the run's results, as the stacks' ratios are, it is a few percent.
     */
    @Test
    void aTimeMeasuredInDuetsHasItsForkSpreadModeratedAcrossTheRun() throws Exception {
        SyntheticResults s = new SyntheticResults();
        List<String> stacks = List.of("cxf", "metro", "axis2");
        int k = 0;
        for (String security : List.of("plain", "username")) {
            for (int i = 0; i < stacks.size(); i++) {
                double time = 100 + 30 * k;
                double stray = 0.01 + 0.005 * (k % 3);
                ObjectNode r = s.add("SeismicQuery.small", time, 1, SyntheticResults.config(stacks.get(i), security, "xml"));
                var raw = (com.fasterxml.jackson.databind.node.ArrayNode) r.at("/primaryMetric/rawData");
                raw.removeAll();
                raw.add(JSON.createArrayNode().add(time * Math.exp(stray)).add(time * Math.exp(stray)));
                raw.add(JSON.createArrayNode().add(time * Math.exp(-stray)).add(time * Math.exp(-stray)));
                r.put("forks", 2);
                // the duets of a cycle: (cxf, metro), (metro, axis2), (axis2, cxf), each duet's id on both its forks
                int first = 10 * k / 3 + i;
                int second = 10 * k / 3 + (i + stacks.size() - 1) % stacks.size();
                ((ObjectNode) r.get("secondaryMetrics")).putObject(org.soapbench.bench.fork.SameMomentProfiler.ID).put("score", 0)
                        .putArray("rawData").add(JSON.createArrayNode().add(first).add(first))
                        .add(JSON.createArrayNode().add(second).add(second));
                k++;
            }
        }
        Path out = dir.resolve("duet-times");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), s.write(dir.resolve("duets.json")).toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        java.util.regex.Matcher row = java.util.regex.Pattern.compile("\\| metro \\| plain \\| xml \\| [^|]+ \\| [^|(]+\\((\\d+)%\\) \\|")
                .matcher(md);
        assertTrue(row.find(), md);
        assertTrue(Integer.parseInt(row.group(1)) < 25, "a two-fork time's error, moderated: " + row.group());
        // a configuration whose two forks ran 9× apart (one not yet compiled): its one degree of freedom says only "more than 100%"
        SyntheticResults lone = new SyntheticResults();
        ObjectNode far = lone.add("SeismicQuery.small", 300, 1, SyntheticResults.config("cxf", "plain", "fi"));
        var farRaw = (com.fasterxml.jackson.databind.node.ArrayNode) far.at("/primaryMetric/rawData");
        farRaw.removeAll();
        farRaw.add(JSON.createArrayNode().add(100.0).add(100.0));
        farRaw.add(JSON.createArrayNode().add(900.0).add(900.0));
        far.put("forks", 2);
        ((ObjectNode) far.get("secondaryMetrics")).putObject(org.soapbench.bench.fork.SameMomentProfiler.ID).put("score", 0)
                .putArray("rawData").add(JSON.createArrayNode().add(90).add(90)).add(JSON.createArrayNode().add(91).add(91));
        Path farOut = dir.resolve("duet-far");
        assertEquals(0, Report.run(new String[] {"--out", farOut.toString(), lone.write(dir.resolve("far.json")).toString()}));
        String farMd = Files.readString(farOut.resolve("summary.md"));
        assertTrue(farMd.contains("| cxf | plain | fi | ⚠ 300 | > 300 (> 100%) |"), "forks 9× apart: " + farMd);
    }

    /** A gate side's result whose forks (one per round) ran in step with the other side's at {@code moment}. */
    private static void inStepSide(ObjectNode r, String jdk, String moment, double[] rounds) {
        r.put("jdkVersion", jdk);
        ((com.fasterxml.jackson.databind.node.ArrayNode) r.get("jvmArgs")).add("-Dsoapbench.same-moment=" + moment);
        ((ObjectNode) r.get("secondaryMetrics")).putObject(org.soapbench.bench.fork.SameMomentProfiler.ALIGNED).put("score", 1.0)
                .put("scoreUnit", "").putArray("rawData");
        var raw = (com.fasterxml.jackson.databind.node.ArrayNode) r.at("/primaryMetric/rawData");
        raw.removeAll();
        for (double mean : rounds) {
            raw.add(JSON.createArrayNode().add(mean).add(mean));
        }
        r.put("forks", rounds.length);
        ((ObjectNode) r.get("primaryMetric")).put("score", Math.sqrt(rounds[0] * rounds[1]));
    }

    /** A gate side's merged result: its forks in step with a twin, their first meeting place in its JVM arguments. */
    private JmhResult sameMoment(String jdk, String moment, String name) throws Exception {
        SyntheticResults s = new SyntheticResults();
        ObjectNode r = s.add("SeismicQuery.small", name.equals("base") ? 100 : 90, 3, SyntheticResults.config("cxf", "plain", "xml"));
        r.put("jdkVersion", jdk);
        ((com.fasterxml.jackson.databind.node.ArrayNode) r.get("jvmArgs")).add("-Dsoapbench.same-moment=" + moment);
        ((ObjectNode) r.get("secondaryMetrics")).putObject(org.soapbench.bench.fork.SameMomentProfiler.ALIGNED).put("score", 1.0)
                .put("scoreUnit", "").putArray("rawData");
        if (!name.equals("base")) { // the head's forks drift against the base's from round to round
            var raw = (com.fasterxml.jackson.databind.node.ArrayNode) r.at("/primaryMetric/rawData");
            for (int k = 0; k < raw.size(); k++) {
                double mean = 90 * Math.exp((k % 2 == 0 ? 1 : -1) * 0.02 * (k + 1));
                raw.set(k, JSON.createArrayNode().add(mean).add(mean));
            }
        }
        return JmhResult.read(s.write(dir.resolve(name + ".json"))).get(0);
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void summaryHasHandComputedNumbersAndEveryChartExists() throws Exception {
        Path out = dir.resolve("out");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), sample().toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        // Intervals by hand: five fork means a side at e^(k·spread), k = -2..2 (SyntheticResults), 99.9%, t on logs.
        // A time: half-width t(4) × spread × √2.5 / √5 on the log scale; 120 with spread 0.01 -> ±6.1%
        assertTrue(md.contains("| other | plain | xml | 120 | " + halfWidth(120, 0.01) + " | " + ratio(120, 100, 0.01, 0.01)
                + " | " + ratio(120, 20, 0.01, 0.01) + " |"), md);
        assertTrue(md.contains("| cxf | plain | xml | 100 | " + halfWidth(100, 0.01) + " | 1.00 (reference) | "
                + ratio(100, 20, 0.01, 0.01) + " |"), md);
        // sign/plain = 10.00; sign's 15% error makes it noisy (±18%), and it is flagged
        assertTrue(md.contains("| cxf | small | xml |  | " + ratio(1000, 100, 0.03, 0.01) + " |  |"), md);
        assertTrue(md.contains("⚠ 1,000"), md);
        // fi/xml = 80/100 = 0.80
        assertTrue(md.contains("| cxf | small | plain | " + ratio(80, 100, 0.01, 0.01) + " |"), md);
        // overhead above the whole floor: plain 100 - 20 = 80 (×5.00); sign 1000 - (20 + 300) = 680 (×3.13); sign's
        // forks stray three times as far as the run's others (spread 0.03 against 0.01), so it is flagged ◷ too
        assertTrue(md.contains("| cxf | plain | xml | 100 | 20.0 | 0 | 20.0 | 80.0 | 5.00 |"), md);
        assertTrue(md.contains("| cxf | sign | xml | ◷ ⚠ 1,000 | 20.0 | 300 | 320 | 680 | 3.13 |"), md);
        // the sweep's line: fixed 50 µs, 200 ns per quake, R² 1
        assertTrue(md.contains("| cxf | plain/xml | 50.0 | 200 | 1.0000 | 4 |"), md);
        // wire: 4000/10 = 400 bytes per request, 3000/10 = 300 per response
        assertTrue(md.contains("| cxf | plain | 400 |  | 300 |  |  |"), md);
        assertTrue(md.contains("| 17.0.15 |") && md.contains("cxf 4.2.3, jaxb-floor 4.0.9") && md.contains("| 2 |"), md);

        String html = Files.readString(out.resolve("index.html"));
        Matcher img = Pattern.compile("<img src=\"([^\"]+)\"").matcher(html);
        int charts = 0;
        while (img.find()) {
            Path chart = out.resolve(img.group(1));
            assertTrue(Files.isRegularFile(chart), "missing chart " + chart);
            assertNotNull(ImageIO.read(chart.toFile()), "not a valid image: " + chart);
            charts++;
        }
        assertTrue(charts >= 5, "expected time, normalized, floor, sweep and wire charts, found " + charts);
        assertTrue(html.contains("floor-small-xml.png"), html);
        // The raw JSON beside the report, linked, with where to explore it.
        assertTrue(Files.isRegularFile(out.resolve("sample.json")), "the JSON is copied beside index.html");
        assertTrue(html.contains("<a href=\"sample.json\">sample.json</a>") && html.contains("<a href=\"https://jmh.morethan.io\">"), html);
        assertTrue(md.contains("[sample.json](sample.json)"), md);
        // Every heading can be linked to, by an id no other heading has.
        Matcher heading = Pattern.compile("<h[1-6]( id=\"([^\"]*)\")?>").matcher(html);
        java.util.Set<String> ids = new java.util.HashSet<>();
        while (heading.find()) {
            assertNotNull(heading.group(2), "a heading without an id: " + heading.group());
            assertTrue(ids.add(heading.group(2)), "two headings share the id " + heading.group(2));
        }
        assertTrue(ids.contains("bytes-on-the-wire-small") && ids.contains("time-per-request-small"), ids.toString());
    }

    /**
     * Every point of every interval chart is the table's: the same value, and the interval whose
     * half-width the time table prints, or the ratio's interval the × CXF column prints. Intervals on
     * the log scale are asymmetric, so a chart of symmetric error bars could not pass.
     */
    @Test
    void everyChartedIntervalIsTheOneInTheTables() throws Exception {
        Path out = dir.resolve("out");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), sample().toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        JsonNode charts = new ObjectMapper().readTree(out.resolve(Report.CHART_DATA).toFile());
        int points = 0;
        for (var it = charts.fields(); it.hasNext(); ) {
            var chart = it.next();
            String[] name = chart.getKey().replace(".png", "").split("-");
            boolean heatMap = chart.getKey().startsWith("heatmap-");
            boolean normalized = heatMap || chart.getKey().startsWith("cxf-normalized-");
            String workload = heatMap ? name[1] : name[name.length - 2];
            for (JsonNode p : chart.getValue()) {
                // A heat map's category is "mode/encoding"; the other charts' the mode, their name ends in the encoding.
                String[] config = (p.get("category").asText() + "/" + name[name.length - 1]).split("/");
                String[] cells = timeRow(md, workload, p.get("series").asText(), config[0], config[1]);
                double value = p.get("value").asDouble();
                boolean interval = !p.get("low").asText().equals("NaN");
                double low = p.get("low").asDouble();
                double high = p.get("high").asDouble();
                if (interval) {
                    assertTrue(0 < low && low < value && value < high, chart.getKey() + ": " + p);
                }
                if (normalized) {
                    assertEquals(interval ? String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", value, low, high) : "1.00 (reference)",
                            cells[5].replace("*", ""), chart.getKey() + ": " + p);
                } else {
                    assertEquals(Cells.fmt(value), cells[3].replaceAll("^[◷⚠ ]+", ""), chart.getKey() + ": " + p);
                    assertTrue(interval && cells[4].startsWith(Cells.fmt((high - low) / 2) + " ("), chart.getKey() + ": " + p + " vs " + cells[4]);
                }
                points++;
            }
        }
        assertEquals(3 + 1 + 3 + 4, points, "time small xml (3) and fi (1), normalized small xml (3; fi has CXF alone), "
                + "heat map small (4): " + charts);
        JsonNode noisy = charts.get("time-small-xml.png").findParents("value").stream()
                .filter(p -> p.get("category").asText().equals("sign")).findFirst().orElseThrow();
        assertTrue(noisy.get("high").asDouble() - 1_000 > 1_000 - noisy.get("low").asDouble(),
                "an interval on the log scale reaches further up than down: " + noisy);
    }

    /** The cells of the time table's row for one stack, mode and encoding. */
    private static String[] timeRow(String md, String workload, String stack, String security, String encoding) {
        int from = md.indexOf("## Time per request: " + workload);
        String section = md.substring(from, md.indexOf("\n## ", from + 1));
        String prefix = "| " + stack + " | " + security + " | " + encoding + " | ";
        return section.lines().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + prefix + " in " + section)).split(" \\| ");
    }

    /** Headers that name what a column is, not a measure: figures under them (versions, counts) need no unit. */
    private static final java.util.Set<String> NOT_MEASURES = java.util.Set.of("run", "date", "JDK", "VM", "GC", "JVM options",
            "CPUs", "stacks", "JMH", "params", "quakes", "points", "threads", "benchmark", "verdict", "status", "stack");
    /** A header that carries its column's unit, or says it is a ratio. */
    private static final Pattern UNIT_HEADER = Pattern.compile("\\((µs|ms|ns|s|%|bytes|KB|MB|same unit)\\)|×| / |R²|µs/|ns/|^unit$");
    /**
     * The main job runs no sweep: the line goes through small and large at their mean response sizes
     * (0.816 and 1,767.45 quakes), here 50 µs fixed + 200 ns per quake, and has no R².
     */
    @Test
    void withoutASweepFixedAndPerQuakeCostComeFromSmallAndLarge() throws Exception {
        SyntheticResults s = new SyntheticResults();
        s.add("SeismicQuery.small", 50 + 0.2 * 0.816, 1, SyntheticResults.config("cxf", "plain", "xml"));
        s.add("SeismicQuery.large", 50 + 0.2 * 1767.45, 5, SyntheticResults.config("cxf", "plain", "xml"));
        s.add("SeismicQuery.small", 70, 1, SyntheticResults.config("cxf", "sign", "xml")); // no large: no line
        Path out = dir.resolve("fit");
        Report.run(new String[] {"--out", out.toString(), s.write(dir.resolve("fit.json")).toString()});
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("## Fixed and per-quake cost (from small and large)"), md);
        assertTrue(md.contains("| cxf | plain/xml | 50.0 | 200 | — | 2 |"), md);
        assertTrue(md.contains("| cxf | sign/xml |  |  |  | 1 (a line needs 2) |"), md);
        assertFalse(md.contains("(size sweep)"), md);
    }

    /** A cell that carries its own unit. */
    private static final Pattern UNIT_CELL = Pattern.compile("µs|ms|ns|×|%|bytes|KB|MB");

    /** Every figure in every table of summary.md has its unit, in its column's header or in its own cell. */
    @Test
    void everyFigureInTheSummaryHasItsUnit() throws Exception {
        SyntheticResults s = new SyntheticResults();
        for (String stack : new String[] {"cxf", "metro"}) {
            for (String mode : new String[] {"plain", "signencr"}) {
                for (String enc : new String[] {"xml", "fi"}) {
                    double base = (stack.equals("cxf") ? 100 : 80) * (mode.equals("plain") ? 1 : 50) * (enc.equals("xml") ? 1 : 1.3);
                    alloc(s.add("SeismicQuery.small", base, base / 50, SyntheticResults.config(stack, mode, enc)), 90_000 * base / 100);
                    ObjectNode large = s.add("SeismicQuery.large", 60 * base, 60 * base / 50, SyntheticResults.config(stack, mode, enc));
                    alloc(large, 9_000_000 * base / 100);
                    SyntheticResults.wire(large, 10, 4_000, 2_900_000);
                }
            }
        }
        for (String wl : new String[] {"small", "large"}) {
            s.add("Floor." + wl, wl.equals("small") ? 12 : 4_300, 1, Map.of("encoding", "xml"));
            s.add("Floor." + wl, wl.equals("small") ? 30 : 5_600, 1, Map.of("encoding", "fi"));
            s.add("CryptoFloor." + wl, 2_300, 20, Map.of("security", "signencr"));
        }
        s.add("PipeCost.exchange", 0.0177, 0.001, Map.of());
        Path out = dir.resolve("units");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), s.write(dir.resolve("u.json")).toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("time (ms)") && md.contains("allocated per call (MB)") && md.contains("response xml (KB)"), md);
        assertTrue(md.contains("Fixed and per-quake cost (from small and large)"), md);
        int figures = 0;
        String[] header = null;
        for (String line : md.lines().toList()) {
            if (!line.startsWith("|")) {
                header = null;
                continue;
            }
            String[] cells = line.substring(2, line.length() - 2).split(" \\| ", -1);
            if (header == null) {
                header = cells;
                continue;
            }
            for (int c = 0; c < cells.length; c++) {
                if (cells[c].matches(".*\\d.*") && !line.startsWith("|---")) {
                    boolean ok = NOT_MEASURES.contains(header[c]) || UNIT_HEADER.matcher(header[c]).find()
                            || UNIT_CELL.matcher(cells[c]).find();
                    assertTrue(ok, "'" + cells[c] + "' under '" + header[c] + "' has no unit: " + line);
                    figures++;
                }
            }
        }
        assertTrue(figures > 100, "figures checked: " + figures);
    }

    private static void alloc(ObjectNode result, double bytes) {
        ((ObjectNode) result.get("secondaryMetrics")).putObject("gc.alloc.rate.norm").put("score", bytes).put("scoreUnit", "B/op");
    }

    /** An http result is shown beside its pipe twin, and only there: the other sections show the pipe alone. */
    @Test
    void httpResultsArePairedWithTheirPipeTwinAndKeptOutOfTheOtherSections() throws Exception {
        SyntheticResults s = new SyntheticResults();
        s.add("SeismicQuery.small", 100, 5, over("pipe", SyntheticResults.config("cxf", "plain", "xml")));
        s.add("SeismicQuery.small", 300, 15, over("http", SyntheticResults.config("cxf", "plain", "xml")));
        s.add("SeismicQuery.small", 120, 6, over("http", SyntheticResults.config("other", "plain", "xml")));
        Path out = dir.resolve("http");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), s.write(dir.resolve("h.json")).toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        // 300 / 100 over the same forks' spread; 300 - 100 = 200 µs
        assertTrue(md.contains("| cxf | small | plain | xml | 1 | 100 | 300 | 200 | " + ratio(300, 100, 0.01, 0.01) + " |"), md);
        assertTrue(md.contains("| other | small | plain | xml | 1 |  | 120 |  | no pipe result in this run |"), md);
        String time = md.substring(md.indexOf("## Time per request: small"), md.indexOf("## HTTP tax"));
        assertEquals(1, time.lines().filter(l -> l.startsWith("| cxf | plain | xml |")).count(), time);
        assertTrue(time.contains("| cxf | plain | xml | 100 |") && !time.contains("| other |"), time);
    }

    /** A thread sweep's results: scaling against one thread, and only the one-thread rows in the other tables. */
    @Test
    void aThreadSweepIsScaledAgainstOneThreadAndKeptOutOfTheOtherSections() throws Exception {
        SyntheticResults s = new SyntheticResults();
        s.add("SeismicQuery.small", 100, 5, SyntheticResults.config("cxf", "plain", "xml"));
        s.add("SeismicQuery.small", 125, 5, SyntheticResults.config("cxf", "plain", "xml")).put("threads", 2);
        Path out = dir.resolve("threads");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), s.write(dir.resolve("t.json")).toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        // 2 threads at 125 µs each: 16,000 calls/s against 10,000 at one thread
        assertTrue(md.contains("| 2 | 125 | 1.60 |"), md);
        String time = md.substring(md.indexOf("## Time per request: small"), md.indexOf("## Thread-count scaling"));
        assertEquals(1, time.lines().filter(l -> l.startsWith("| cxf | plain | xml |")).count(), time);
    }

    private static Map<String, String> over(String transport, Map<String, String> config) {
        Map<String, String> params = new java.util.TreeMap<>(config);
        params.put("transport", transport);
        return params;
    }

    @Test
    void unsupportedAndFailedConfigurationsAreListedNotDrawn() throws Exception {
        SyntheticResults s = new SyntheticResults();
        s.add("SeismicQuery.small", 100, 5, SyntheticResults.config("cxf", "plain", "xml"));
        s.add("SeismicQuery.small", 900, 5, SyntheticResults.config("cxf", "sign", "xml"));
        s.add("SeismicQuery.small", 90, 5, SyntheticResults.config("jaxb-floor", "plain", "xml"));
        Path out = dir.resolve("missing");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), s.write(dir.resolve("m.json")).toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("## Unsupported or failed configurations"), md);
        assertTrue(md.contains("| jaxb-floor | sign | xml | ⚠ unsupported: stack 'jaxb-floor' does not support security mode 'sign' |"), md);
    }

    /** Forks of a gate or a duet each record only the stacks they ran; together they still say why. */
    @Test
    void whyAConfigurationIsMissingComesFromWhicheverForkRecordedItsStack() throws Exception {
        SyntheticResults s = new SyntheticResults();
        own(s.add("SeismicQuery.small", 100, 5, SyntheticResults.config("cxf", "plain", "xml")), "cxf:plain+username+sign+signencr/xml+fi");
        own(s.add("SeismicQuery.small", 900, 5, SyntheticResults.config("cxf", "sign", "xml")), "cxf:plain+username+sign+signencr/xml+fi");
        own(s.add("SeismicQuery.small", 90, 5, SyntheticResults.config("jaxb-floor", "plain", "xml")), "jaxb-floor:plain/xml+fi");
        Path out = dir.resolve("missing-forks");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), s.write(dir.resolve("mf.json")).toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("| jaxb-floor | sign | xml | ⚠ unsupported: stack 'jaxb-floor' does not support security mode 'sign' |"), md);
    }

    @Test
    void theEnvironmentNamesTheCollectorTheForksRanWith() throws Exception {
        SyntheticResults s = new SyntheticResults();
        com.fasterxml.jackson.databind.node.ArrayNode args = (com.fasterxml.jackson.databind.node.ArrayNode)
                s.add("SeismicQuery.small", 100, 5, SyntheticResults.config("cxf", "plain", "xml")).get("jvmArgs");
        args.add("-XX:+UseG1GC").add("-XX:+UseZGC"); // the JVM takes the last
        Path out = dir.resolve("collector");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), s.write(dir.resolve("gc.json")).toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("| OpenJDK 64-Bit Server VM 17.0.15+6 | Z | -Xms2g"), md);
    }

    private static void own(com.fasterxml.jackson.databind.node.ObjectNode result, String capabilities) {
        com.fasterxml.jackson.databind.node.ArrayNode args = (com.fasterxml.jackson.databind.node.ArrayNode) result.get("jvmArgs");
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).asText().startsWith("-Dsoapbench.capabilities=")) {
                args.set(i, args.textNode("-Dsoapbench.capabilities=" + capabilities));
            }
        }
    }

    @Test
    void aRunCutShortListsWhatItLacksOnThePageAndExitsOne() throws Exception {
        SyntheticResults s = new SyntheticResults();
        s.add("SeismicQuery.small", 100, 5, SyntheticResults.config("cxf", "plain", "xml"));
        Path json = s.write(dir.resolve("cut.json"));
        String lacking = "org.soapbench.bench.SeismicQuery.small avgt encoding=fi security=plain stack=cxf transport=pipe";
        Unfinished.write(json, List.of(new Unfinished.Entry(Unfinished.RUNNING, lacking)));
        Path out = dir.resolve("cut");
        assertEquals(1, Report.run(new String[] {"--out", out.toString(), json.toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("## Unfinished run: cut.json"), md);
        assertTrue(md.contains("| " + lacking + " | " + Unfinished.RUNNING + " |"), md);
    }

    @Test
    void badInputGetsOneSentenceAndExitTwo() throws Exception {
        Files.writeString(dir.resolve("not.json"), "{\"hello\": 1}");
        Files.writeString(dir.resolve("empty.json"), "[]");
        Files.writeString(dir.resolve("broken.json"), "[{");
        assertBad(dir.resolve("absent.json"), "no such file");
        assertBad(dir.resolve("not.json"), "is not JMH JSON: expected an array of benchmark results");
        assertBad(dir.resolve("empty.json"), "holds no benchmark results");
        assertBad(dir.resolve("broken.json"), "does not parse as JSON");
    }

    /** "a/b [low, high]" at 99.9%, computed from the synthetic forks' spreads as the two-sample t on logs. */
    private static String ratio(double a, double b, double spreadA, double spreadB) {
        int n = SyntheticResults.FORKS;
        double pooled = (10 * spreadA * spreadA + 10 * spreadB * spreadB) / (2 * n - 2); // Σk² = 10 a side
        double half = t(2 * n - 2) * Math.sqrt(pooled) * Math.sqrt(2.0 / n);
        double q = a / b;
        return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", q, q * Math.exp(-half), q * Math.exp(half));
    }

    /** "half-width (percent)" of a time's 99.9% interval: (e^h - e^-h) / 2 relative, h = t(4) s / √5. */
    private static String halfWidth(double score, double spread) {
        int n = SyntheticResults.FORKS;
        double h = t(n - 1) * spread * Math.sqrt(10.0 / (n - 1)) / Math.sqrt(n);
        double relative = Math.sinh(h);
        return Cells.fmt(relative * score) + String.format(Locale.ROOT, " (%.0f%%)", 100 * relative);
    }

    private static double t(int df) {
        return new TDistribution(df).inverseCumulativeProbability(0.9995);
    }

    private static void assertBad(Path file, String expected) {
        Findings.assertOneSentenceError(Report::run, file, expected);
    }

    @Test
    void fitRecoversKnownFixedAndPerItemCosts() {
        double[] q = {0, 1, 10, 100, 1000, 10000};
        double[] us = new double[q.length];
        for (int i = 0; i < q.length; i++) {
            us[i] = 35.0 + 0.0125 * q[i] * (1 + (i % 2 == 0 ? 0.001 : -0.001)); // 12.5 ns/quake, ±0.1% noise
        }
        LinearFit fit = LinearFit.of(q, us);
        assertEquals(35.0, fit.fixedMicros(), 0.2);
        assertEquals(12.5, fit.perQuakeNanos(), 0.05);
        assertTrue(fit.rSquared() > 0.9999);
    }
}
