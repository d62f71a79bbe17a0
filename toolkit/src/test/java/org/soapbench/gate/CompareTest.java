package org.soapbench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.soapbench.results.ExitCode;

/**
 * {@code compare} on synthetic JMH JSON with known distributions. Fork levels are placed at a typical
 * spread (sample standard deviation exactly the stated noise, see {@link SyntheticJmh}), so no test
 * here passes by a lucky seed; {@link CompareSimulationTest} measures the rates over random draws.
 */
class CompareTest {

    private static final String SIGN_XML = "SeismicQuery.small  encoding=xml security=sign stack=cxf";

    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
    }

    private Run compare(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Compare.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(exit, out.toString(), err.toString());
    }

    private Path file(String name, List<SyntheticJmh.Spec> specs, long seed) throws IOException {
        return SyntheticJmh.write(new SyntheticJmh(seed, true).run(specs), dir.resolve(name));
    }

    /** The ci set with one configuration changed. */
    private static List<SyntheticJmh.Spec> changed(List<SyntheticJmh.Spec> specs, String security, String encoding,
                                                   UnaryOperator<SyntheticJmh.Spec> change) {
        List<SyntheticJmh.Spec> out = new ArrayList<>();
        for (SyntheticJmh.Spec s : specs) {
            boolean hit = s.params().get("security").equals(security) && s.params().get("encoding").equals(encoding)
                    && s.params().get("stack").equals("cxf");
            out.add(hit ? change.apply(s) : s);
        }
        return out;
    }

    private static String line(Run run, String start) {
        return run.out().lines().filter(l -> l.replaceAll(" +", " ").startsWith(start.replaceAll(" +", " ")))
                .findFirst().orElseThrow(() -> new AssertionError("no line for " + start + " in\n" + run.out()));
    }

    @Test
    void aPlantedTenPercentSlowdownWithThreePercentForkNoiseIsFlagged() throws IOException {
        List<SyntheticJmh.Spec> base = SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1");
        Path a = file("base.json", base, 1);
        Path b = file("new.json", changed(base, "sign", "xml", s -> s.times(1.10)), 2);
        Run run = compare(a.toString(), b.toString());
        assertEquals(ExitCode.FINDING.code(), run.exit(), run.out() + run.err());
        assertTrue(line(run, SIGN_XML).endsWith("slower"), run.out());
        assertEquals(1, run.out().lines().filter(l -> l.endsWith("slower")).count(), run.out());
        assertTrue(run.out().contains("1 slower, 0 faster"), run.out());
        assertTrue(run.out().contains("15 no change"), run.out());
    }

    @Test
    void aPlantedTenPercentSpeedupIsFasterAndNoRegression() throws IOException {
        List<SyntheticJmh.Spec> base = SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1");
        Run run = compare(file("base.json", base, 1).toString(),
                file("new.json", changed(base, "sign", "xml", s -> s.times(1 / 1.10)), 2).toString());
        assertEquals(ExitCode.SUCCESS.code(), run.exit(), run.out());
        assertTrue(line(run, SIGN_XML).endsWith("faster"), run.out());
    }

    @Test
    void aTwoPercentSlowdownUnderTheFivePercentThresholdIsNoChange() throws IOException {
        List<SyntheticJmh.Spec> base = SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1");
        Run run = compare(file("base.json", base, 1).toString(),
                file("new.json", changed(base, "sign", "xml", s -> s.times(1.02)), 2).toString());
        assertEquals(ExitCode.SUCCESS.code(), run.exit(), run.out());
        assertTrue(line(run, SIGN_XML).endsWith("no change"), run.out());
    }

    @Test
    void aTwoPercentSlowdownThatIsSignificantStillNeedsTheThreshold() throws IOException {
        // 0.3% noise: 2% is far outside the noise, but under the 5% threshold; with 1% it counts.
        List<SyntheticJmh.Spec> base = SyntheticJmh.ciSet(0.003, "cxf", "cxf-4.1");
        Path a = file("base.json", base, 1);
        Path b = file("new.json", changed(base, "sign", "xml", s -> s.times(1.02)), 2);
        Run run = compare(a.toString(), b.toString());
        assertEquals(ExitCode.SUCCESS.code(), run.exit(), run.out());
        String sign = line(run, SIGN_XML);
        assertTrue(sign.endsWith("no change"), run.out());
        double low = Double.parseDouble(sign.replaceAll(".*\\[([0-9.]+), .*", "$1"));
        assertTrue(low > 1, "the interval should exclude 1: " + sign);

        Run strict = compare(a.toString(), b.toString(), "--threshold", "1%");
        assertEquals(ExitCode.FINDING.code(), strict.exit(), strict.out());
        assertTrue(line(strict, SIGN_XML).endsWith("slower"), strict.out());
    }

    @Test
    void identicalInputsGiveNoChangeEverywhere() throws IOException {
        Path a = file("base.json", SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1"), 1);
        Run run = compare(a.toString(), a.toString());
        assertEquals(ExitCode.SUCCESS.code(), run.exit(), run.out());
        assertTrue(run.out().contains("0 slower, 0 faster, 16 no change, 0 missing in new, 0 only in base, 0 only in new: no regression"),
                run.out());
        // Same data, so a ratio of exactly 1; the interval still shows how far the noise would allow.
        assertTrue(line(run, SIGN_XML).contains("1.000 [0.9"), run.out());
    }

    /** A configuration of base that failed or is missing in new is a finding, unless allowed by --allow-missing. */
    @Test
    void aConfigurationMissingInNewFailsTheGateUnlessAllowed() throws IOException {
        List<SyntheticJmh.Spec> all = SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1");
        String base = file("base.json", all.subList(0, 12), 1).toString();
        String next = file("new.json", all.subList(4, 16), 2).toString();
        Run run = compare(base, next);
        assertEquals(ExitCode.FINDING.code(), run.exit(), run.out());
        assertEquals(4, run.out().lines().filter(l -> l.endsWith("missing in new")).count(), run.out());
        assertEquals(4, run.out().lines().filter(l -> l.endsWith("only in new")).count(), run.out());
        assertTrue(line(run, "SeismicQuery.small  encoding=xml security=plain stack=cxf").endsWith("missing in new"),
                run.out());
        assertTrue(line(run, "SeismicQuery.small  encoding=fi security=signencr stack=cxf-4.1").endsWith("only in new"),
                run.out());
        assertTrue(run.out().contains(": 4 configurations of base failed or missing in new."), run.out());

        Run allowed = compare(base, next, "--allow-missing", "security=(plain|username) stack=cxf$");
        assertEquals(ExitCode.SUCCESS.code(), allowed.exit(), allowed.out());
        assertEquals(4, allowed.out().lines().filter(l -> l.endsWith("only in base")).count(), allowed.out());
        Run partly = compare(base, next, "--allow-missing", "security=plain");
        assertEquals(ExitCode.FINDING.code(), partly.exit(), partly.out());
        assertEquals(2, partly.out().lines().filter(l -> l.endsWith("missing in new")).count(), partly.out());

        Run bad = compare(base, next, "--allow-missing", "stack=(");
        assertEquals(ExitCode.BAD_INPUT.code(), bad.exit());
        assertOneSentence(bad.err(), "--allow-missing 'stack=(' is not a regular expression");
    }

    /** A partial file (its run stopped early) is read as far as it goes, and compare says what it lacks. */
    @Test
    void aPartialFileIsComparedAndWhatItLacksIsSaid() throws IOException {
        List<SyntheticJmh.Spec> all = SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1");
        Path base = file("base.json", all, 1);
        Path next = file("new.json", all.subList(0, 14), 2);
        org.soapbench.results.Unfinished.write(next, List.of(
                new org.soapbench.results.Unfinished.Entry("running when the run stopped", "x"),
                new org.soapbench.results.Unfinished.Entry("not run", "y")));
        Run run = compare(base.toString(), next.toString());
        assertEquals(ExitCode.FINDING.code(), run.exit(), run.out());
        assertTrue(run.out().contains("note: " + next + " lacks 2 planned configuration(s): 2 never finished"), run.out());
        assertEquals(2, run.out().lines().filter(l -> l.endsWith("missing in new")).count(), run.out());
    }

    /** Forks of base and head run side by side, round by round, with the machine's speed drifting from round to round. */
    private Path rounds(String name, double[] drift, double[] noise, double factor) throws IOException {
        com.fasterxml.jackson.databind.node.ArrayNode run = SyntheticJmh.MAPPER.createArrayNode();
        List<SyntheticJmh.Spec> specs = SyntheticJmh.ciSet(0.03, "cxf");
        for (int c = 0; c < specs.size(); c++) {
            double[][] raw = new double[drift.length][];
            for (int r = 0; r < drift.length; r++) {
                double level = specs.get(c).score() * factor * drift[r] * (1 + noise[(c + r) % noise.length]);
                raw[r] = new double[] {level, level * 1.01, level * 0.99};
            }
            run.add(SyntheticJmh.result(specs.get(c), raw));
        }
        return SyntheticJmh.write(run, dir.resolve(name));
    }

    /**
     * A slowdown of every configuration, too small for any pair to tell alone, is caught by the suite's
     * geometric mean; the same noise without the slowdown is not.
     */
    @Test
    void theSuiteCatchesASmallSlowdownOfEveryPair() throws IOException {
        double[] steady = {1.0, 1.0, 1.0};
        double[] baseNoise = {0.03, -0.02, 0.0, 0.025, -0.03, 0.01, -0.015};
        double[] headNoise = {-0.02, 0.03, -0.025, 0.0, 0.02, -0.01, 0.015};
        Path base = rounds("suite-base.json", steady, baseNoise, 1);
        Path slower = rounds("suite-slower.json", steady, headNoise, 1.03);
        Path same = rounds("suite-same.json", steady, headNoise, 1);
        Run caught = compare(base.toString(), slower.toString(), "--paired", "--threshold", "2%");
        assertEquals(0, caught.out().lines().filter(l -> l.startsWith("SeismicQuery") && l.endsWith("slower")).count(),
                "no pair alone tells 3%: " + caught.out());
        assertTrue(caught.out().contains("suite: geometric mean of 8 ratios 1.03"), caught.out());
        assertTrue(caught.out().lines().anyMatch(l -> l.startsWith("suite: ") && l.endsWith(": slower")), caught.out());
        assertEquals(ExitCode.FINDING.code(), caught.exit(), caught.out());
        Run aa = compare(base.toString(), same.toString(), "--paired", "--threshold", "2%");
        assertTrue(aa.out().lines().anyMatch(l -> l.startsWith("suite: ") && l.endsWith(": no change")), aa.out());
        assertEquals(ExitCode.SUCCESS.code(), aa.exit(), aa.out());
    }

    /**
     * The suite has a threshold of its own: at the pairs' 5% a 3% change everywhere can never count, however
     * narrow the suite's interval; with --suite-threshold 2% it does, and the pairs are still judged at 5%.
     */
    @Test
    void theSuiteIsJudgedByItsOwnThresholdWhenGiven() throws IOException {
        double[] steady = {1.0, 1.0, 1.0};
        Path base = rounds("own-base.json", steady, new double[] {0.03, -0.02, 0.0, 0.025, -0.03, 0.01, -0.015}, 1);
        Path slower = rounds("own-slower.json", steady, new double[] {-0.02, 0.03, -0.025, 0.0, 0.02, -0.01, 0.015}, 1.03);
        Run pairsThreshold = compare(base.toString(), slower.toString(), "--paired");
        assertTrue(pairsThreshold.out().lines().anyMatch(l -> l.startsWith("suite: geometric mean of 8 ratios 1.03")
                && l.endsWith(": no change")), pairsThreshold.out());
        assertTrue(pairsThreshold.out().contains(", threshold 5%, confidence"), pairsThreshold.out());
        Run own = compare(base.toString(), slower.toString(), "--paired", "--suite-threshold", "2%");
        assertTrue(own.out().lines().anyMatch(l -> l.startsWith("suite: ") && l.endsWith(": slower")), own.out());
        assertTrue(own.out().contains(", threshold 5% (suite 2%), confidence"), own.out());
        assertEquals(ExitCode.FINDING.code(), own.exit(), own.out());
        Run bad = compare(base.toString(), slower.toString(), "--suite-threshold", "two");
        assertEquals(ExitCode.BAD_INPUT.code(), bad.exit(), bad.err());
        assertOneSentence(bad.err(), "--suite-threshold");
    }

    /** --paired tests within rounds when a drift between rounds outweighs what pairing costs, and not otherwise. */
    @Test
    void pairingIsUsedWhenItNarrowsTheIntervals() throws IOException {
        double[] drift = {1.0, 1.2, 0.85};
        Path base = rounds("base.json", drift, new double[] {0.01, -0.01, 0.0, 0.015, -0.005}, 1);
        Path head = rounds("head.json", drift, new double[] {-0.005, 0.01, -0.01, 0.0, 0.01}, 1.10);
        Run paired = compare(base.toString(), head.toString(), "--paired");
        assertTrue(paired.out().contains("method: paired t-test"), paired.out());
        assertEquals(ExitCode.FINDING.code(), paired.exit(), paired.out());
        assertEquals(8, paired.out().lines().filter(l -> l.startsWith("SeismicQuery") && l.endsWith("slower")).count(),
                paired.out());
        Run unpaired = compare(base.toString(), head.toString());
        assertEquals(ExitCode.SUCCESS.code(), unpaired.exit(), "the drift hides the 10% from an unpaired test: "
                + unpaired.out());

        double[] steady = {1.0, 1.0, 1.0};
        Path quietBase = rounds("quiet-base.json", steady, new double[] {0.03, -0.03, 0.0, 0.02, -0.02}, 1);
        Path quietHead = rounds("quiet-head.json", steady, new double[] {-0.02, 0.03, -0.03, 0.0, 0.02}, 1);
        Run quiet = compare(quietBase.toString(), quietHead.toString(), "--paired");
        assertTrue(quiet.out().contains("method: Student's t-test"), "no drift: pairing would only cost degrees of "
                + "freedom: " + quiet.out());
        assertTrue(quiet.out().contains("paired, "), quiet.out());
    }

    /** Results measured with other settings (forks, iterations, JVM arguments, JDK) are refused, unless told. */
    @Test
    void resultsNotMeasuredAlikeAreRefused() throws IOException {
        List<SyntheticJmh.Spec> all = SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1");
        Path base = file("base.json", all, 1);
        JsonNode other = new SyntheticJmh(2, true).run(all);
        other.forEach(r -> ((com.fasterxml.jackson.databind.node.ObjectNode) r).put("measurementIterations", 10));
        Path next = SyntheticJmh.write(other, dir.resolve("new.json"));
        Run run = compare(base.toString(), next.toString());
        assertEquals(ExitCode.BAD_INPUT.code(), run.exit(), run.out());
        assertOneSentence(run.err(), base + " and " + next + " were not measured alike: SeismicQuery.small ran with "
                + "measurementIterations");
        assertEquals(ExitCode.SUCCESS.code(), compare(base.toString(), next.toString(), "--allow-different-settings").exit());

        JsonNode jdk = new SyntheticJmh(2, true).run(all);
        jdk.forEach(r -> ((com.fasterxml.jackson.databind.node.ObjectNode) r).putArray("jvmArgs").add("-Xmx1g")
                .add("-Dsoapbench.date=2026-11-23T10:00:00Z"));
        Run args = compare(base.toString(), SyntheticJmh.write(jdk, dir.resolve("args.json")).toString());
        assertEquals(ExitCode.BAD_INPUT.code(), args.exit(), args.out());
        assertOneSentence(args.err(), base + " and ");
        assertTrue(args.err().contains("ran with JVM arguments [] in " + base + " but [-Xmx1g] in"), args.err());
        // The launcher's run facts (date, versions) and an injected slowdown are not settings.
        JsonNode facts = new SyntheticJmh(2, true).run(all);
        facts.forEach(r -> ((com.fasterxml.jackson.databind.node.ObjectNode) r).putArray("jvmArgs")
                .add("-Dsoapbench.date=2026-11-23T10:00:00Z").add("-Dsoapbench.slowdown=0.05"));
        assertEquals(ExitCode.SUCCESS.code(), compare(base.toString(),
                SyntheticJmh.write(facts, dir.resolve("facts.json")).toString()).exit());
    }

    /** A gate over two runtimes lets the sides' JDKs and each side's own JVM options differ, and nothing else. */
    @Test
    void aGateOfTwoRuntimesAllowsTheirJdksAndOwnOptionsToDiffer() throws IOException {
        List<SyntheticJmh.Spec> all = SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1");
        JsonNode jdk17 = new SyntheticJmh(1, true).run(all);
        jdk17.forEach(r -> ((com.fasterxml.jackson.databind.node.ObjectNode) r).put("jdkVersion", "17.0.15")
                .putArray("jvmArgs").add("-XX:+UseG1GC"));
        JsonNode jdk25 = new SyntheticJmh(2, true).run(all);
        jdk25.forEach(r -> ((com.fasterxml.jackson.databind.node.ObjectNode) r).put("jdkVersion", "25.0.1")
                .putArray("jvmArgs").add("-XX:+UseZGC"));
        Path base = SyntheticJmh.write(jdk17, dir.resolve("jdk17.json"));
        Path head = SyntheticJmh.write(jdk25, dir.resolve("jdk25.json"));
        Comparison.Settings sameRuntime = new Comparison.Settings(0.05, 0.99, Map.of(), Map.of(), List.of(), false, true);
        PrintWriter out = new PrintWriter(new StringWriter());
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Compare.judge(base, head, sameRuntime, null, out, dir.resolve("a.md"), dir.resolve("a.json"), List.of()));
        assertTrue(refused.getMessage().contains("jdkVersion 17.0.15 in " + base + " but 25.0.1 in " + head),
                refused.getMessage());
        Comparison.Settings runtimes = sameRuntime.allowingRuntimes(java.util.Set.of("-XX:+UseG1GC", "-XX:+UseZGC"));
        assertEquals(ExitCode.SUCCESS.code(), Compare.judge(base, head, runtimes, null, out, dir.resolve("b.md"),
                dir.resolve("b.json"), List.of()));

        jdk25.forEach(r -> ((com.fasterxml.jackson.databind.node.ObjectNode) r).put("measurementIterations", 10));
        Path other = SyntheticJmh.write(jdk25, dir.resolve("jdk25-longer.json"));
        IllegalArgumentException still = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Compare.judge(base, other, runtimes, null, out, dir.resolve("c.md"), dir.resolve("c.json"), List.of()));
        assertTrue(still.getMessage().contains("measurementIterations"), still.getMessage());
    }

    @Test
    void throughputIsGatedTheOtherWayRound() throws IOException {
        List<SyntheticJmh.Spec> base = SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1").stream()
                .map(SyntheticJmh.Spec::throughput).toList();
        // 10% slower means 1/1.1 of the throughput.
        Path a = file("base.json", base, 1);
        Run slower = compare(a.toString(), file("slower.json", changed(base, "sign", "xml", s -> s.times(1 / 1.10)), 2).toString());
        assertEquals(ExitCode.FINDING.code(), slower.exit(), slower.out());
        double ratio = Double.parseDouble(line(slower, SIGN_XML).replaceAll(".* ([0-9.]+) \\[.*", "$1"));
        assertEquals(1 / 1.10, ratio, 0.01, slower.out());
        assertTrue(line(slower, SIGN_XML).endsWith("slower"), slower.out());
        Run faster = compare(a.toString(), file("faster.json", changed(base, "sign", "xml", s -> s.times(1.10)), 2).toString());
        assertEquals(ExitCode.SUCCESS.code(), faster.exit(), faster.out());
        assertTrue(line(faster, SIGN_XML).endsWith("faster"), faster.out());
    }

    @Test
    void aDifferentTimeUnitIsConvertedNotMisread() throws IOException {
        List<SyntheticJmh.Spec> base = SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1");
        Run run = compare(file("base.json", base, 1).toString(),
                file("new.json", base.stream().map(s -> s.inUnit("ms/op", 1e-3)).toList(), 2).toString());
        assertEquals(ExitCode.SUCCESS.code(), run.exit(), run.out());
        assertTrue(run.out().contains("16 no change"), run.out());
    }

    @Test
    void twoStacksOfOneRunArePairedByTheirOtherParameters() throws IOException {
        // One JMH run with -p stack=cxf,cxf-4.1, in which cxf is 10% slower than cxf-4.1 in sign/xml.
        List<SyntheticJmh.Spec> run = changed(SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1"), "sign", "xml",
                s -> s.times(1.10));
        Path file = file("both.json", run, 3);
        Run gate = compare(file.toString(), file.toString(), "--base-param", "stack=cxf-4.1", "--new-param", "stack=cxf");
        assertEquals(ExitCode.FINDING.code(), gate.exit(), gate.out() + gate.err());
        assertTrue(gate.out().contains("[stack=cxf-4.1] -> "), gate.out());
        assertTrue(line(gate, "SeismicQuery.small  encoding=xml security=sign").endsWith("slower"), gate.out());
        assertTrue(gate.out().contains("1 slower, 0 faster, 7 no change, 0 missing in new, 0 only in base, 0 only in new"), gate.out());

        Run mismatched = compare(file.toString(), file.toString(), "--base-param", "stack=cxf-4.1", "--new-param",
                "encoding=xml");
        assertEquals(ExitCode.BAD_INPUT.code(), mismatched.exit());
        assertOneSentence(mismatched.err(), "--base-param and --new-param must name the same parameters");
        Run absent = compare(file.toString(), file.toString(), "--base-param", "stack=metro", "--new-param", "stack=cxf");
        assertEquals(ExitCode.BAD_INPUT.code(), absent.exit());
        assertOneSentence(absent.err(), "No result in " + file + " has stack=metro");
    }

    @Test
    void markdownAndJsonCarryTheVerdicts() throws IOException {
        List<SyntheticJmh.Spec> base = SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1");
        Path md = dir.resolve("gate.md");
        Path json = dir.resolve("gate.json");
        Run run = compare(file("base.json", base, 1).toString(),
                file("new.json", changed(base, "sign", "xml", s -> s.times(1.10)), 2).toString(),
                "--md", md.toString(), "--json", json.toString());
        assertEquals(ExitCode.FINDING.code(), run.exit(), run.out());

        String markdown = Files.readString(md);
        assertTrue(markdown.startsWith("### soapbench compare: 1 regression\n"), markdown);
        assertTrue(markdown.contains("| benchmark | params | base | new | new/base (99% CI) | verdict |"), markdown);
        assertTrue(markdown.contains("| SeismicQuery.small | encoding=xml security=sign stack=cxf | "), markdown);
        assertEquals(1, markdown.lines().filter(l -> l.endsWith("| **slower** |")).count(), markdown);
        assertEquals(16, markdown.lines().filter(l -> l.startsWith("| SeismicQuery.small |")).count(), markdown);

        JsonNode verdicts = SyntheticJmh.MAPPER.readTree(json.toFile());
        assertEquals(1, verdicts.get("regressions").asInt());
        assertEquals(0.05, verdicts.get("threshold").asDouble());
        assertEquals(0.99, verdicts.get("confidence").asDouble());
        assertEquals(15, verdicts.at("/counts/no change").asInt());
        JsonNode slower = null;
        for (JsonNode p : verdicts.get("pairs")) {
            if (p.get("verdict").asText().equals("slower")) {
                slower = p;
            }
        }
        assertTrue(slower != null, verdicts.toPrettyString());
        assertEquals("org.soapbench.bench.SeismicQuery.small", slower.get("benchmark").asText());
        assertEquals(Map.of("stack", "cxf", "security", "sign", "encoding", "xml"),
                SyntheticJmh.MAPPER.convertValue(slower.get("params"), Map.class));
        assertTrue(slower.get("ratioLow").asDouble() > 1 && slower.get("ratio").asDouble() > 1.05, slower.toString());
        assertEquals(3, slower.at("/base/forks").asInt());
        assertEquals("forks", slower.get("samples").asText());
    }

    @Test
    void oneForkFallsBackToIterationsAndSaysSo() throws IOException {
        List<SyntheticJmh.Spec> base = SyntheticJmh.ciSet(0.03, "cxf").stream().map(s -> s.withForks(1)).toList();
        Run run = compare(file("base.json", base, 1).toString(), file("new.json", base, 2).toString());
        assertEquals(ExitCode.SUCCESS.code(), run.exit(), run.out());
        assertTrue(run.out().contains("note: 8 pair(s) marked * ran one fork a side"), run.out());

        List<SyntheticJmh.Spec> single = base.stream().map(s -> s.withIterations(1)).toList();
        Run untestable = compare(file("b1.json", single, 1).toString(), file("n1.json", single, 2).toString());
        assertEquals(ExitCode.SUCCESS.code(), untestable.exit(), untestable.out());
        assertTrue(untestable.out().contains("note: 8 pair(s) have one sample a side and cannot be tested"),
                untestable.out());
    }

    @Test
    void aMissingFileIsBadInputInOneSentence() throws IOException {
        Path a = file("base.json", SyntheticJmh.ciSet(0.03, "cxf"), 1);
        Path missing = dir.resolve("nope.json");
        Run run = compare(a.toString(), missing.toString());
        assertEquals(ExitCode.BAD_INPUT.code(), run.exit());
        assertOneSentence(run.err(), "Cannot read " + missing + ": no such file (expected a JMH result file");
    }

    @Test
    void aFileThatIsNotJmhJsonIsBadInputInOneSentence() throws IOException {
        Path a = file("base.json", SyntheticJmh.ciSet(0.03, "cxf"), 1);
        Path text = Files.writeString(dir.resolve("text.json"), "# Run complete. Total time: 00:01:02\n");
        Run notJson = compare(a.toString(), text.toString());
        assertEquals(ExitCode.BAD_INPUT.code(), notJson.exit());
        assertOneSentence(notJson.err(), text + " is not JMH JSON: it does not parse as JSON");

        Path object = Files.writeString(dir.resolve("object.json"), "{\"benchmark\": \"x\"}");
        Run notArray = compare(object.toString(), a.toString());
        assertEquals(ExitCode.BAD_INPUT.code(), notArray.exit());
        assertOneSentence(notArray.err(), object + " is not JMH JSON: expected an array of benchmark results");

        Path noRaw = Files.writeString(dir.resolve("noraw.json"),
                "[{\"benchmark\": \"a.B.c\", \"mode\": \"avgt\", \"primaryMetric\": {\"score\": 1.0, \"scoreUnit\": \"us/op\"}}]");
        Run run = compare(a.toString(), noRaw.toString());
        assertEquals(ExitCode.BAD_INPUT.code(), run.exit());
        assertOneSentence(run.err(), noRaw + " has no usable per-iteration scores for B.c (avgt)");
    }

    @Test
    void nothingInCommonIsBadInputInOneSentence() throws IOException {
        List<SyntheticJmh.Spec> all = SyntheticJmh.ciSet(0.03, "cxf", "cxf-4.1");
        Path a = file("base.json", all.subList(0, 8), 1);
        Path b = file("new.json", all.subList(8, 16), 2);
        Run run = compare(a.toString(), b.toString());
        assertEquals(ExitCode.BAD_INPUT.code(), run.exit());
        assertOneSentence(run.err(), a + " and " + b + " have no benchmark in common");
        Path empty = Files.writeString(dir.resolve("empty.json"), "[]");
        assertEquals(ExitCode.BAD_INPUT.code(), compare(a.toString(), empty.toString()).exit());
    }

    @Test
    void badOptionsAreBadInputInOneSentence() throws IOException {
        Path a = file("base.json", SyntheticJmh.ciSet(0.03, "cxf"), 1);
        Run threshold = compare(a.toString(), a.toString(), "--threshold", "five");
        assertEquals(ExitCode.BAD_INPUT.code(), threshold.exit());
        assertOneSentence(threshold.err(), "--threshold must be a percentage above 0% and below 100% (e.g. 5%), not 'five'");
        Run confidence = compare(a.toString(), a.toString(), "--confidence", "100%");
        assertEquals(ExitCode.BAD_INPUT.code(), confidence.exit());
        assertOneSentence(confidence.err(), "--confidence must be a percentage above 50% and below 100%");
        Run missing = compare(a.toString());
        assertEquals(ExitCode.BAD_INPUT.code(), missing.exit());
        assertOneSentence(missing.err(), "Missing required parameter: 'NEW.json'");
        assertEquals(0.025, Compare.percent("--threshold", "2.5%", 0, 100), 1e-12);
        assertEquals(0.05, Compare.percent("--threshold", "5", 0, 100), 1e-12);
    }

    private static void assertOneSentence(String err, String start) {
        String text = err.strip();
        assertTrue(text.startsWith(start), "expected '" + start + "...' but got: " + err);
        assertEquals(1, text.lines().count(), "one line expected: " + err);
        assertTrue(text.endsWith("."), "a sentence ends with a period: " + err);
    }

    /**
     * With pairs, base and new show what the test judged: each side's median fork by its faster half of
     * iterations. JMH's score, the mean of every iteration, put base above new in a noisy gate whose
     * ratio said slower, because of one iteration of 654 µs among ~50.
     */
    @Test
    void aPairedTableShowsEachSidesMedianForkByItsFasterHalf(@TempDir Path dir) throws IOException {
        double[] drift = {1.0, 1.1, 0.95};
        List<List<Double>> base = new ArrayList<>();
        List<List<Double>> next = new ArrayList<>();
        for (int r = 0; r < drift.length; r++) {
            double b = 50 * drift[r];
            double n = 55 * drift[r] * (r == 1 ? 1.001 : r == 2 ? 0.999 : 1);
            base.add(r == 0 ? List.of(654.0, b, b, b * 1.02) : List.of(b, b, b * 1.01, b * 1.02));
            next.add(List.of(n, n, n * 1.01, n * 1.02));
        }
        Comparison c = Comparison.of(List.of(forks(base)), List.of(forks(next)), new Comparison.Settings(0.02, 0.99,
                Map.of(), Map.of(), List.of(), true, true), "base", "new");
        assertTrue(c.paired(), "the shared drift makes pairing narrower");
        Path md = dir.resolve("compare.md");
        new CompareReport(c, "base", "new").writeMarkdown(md);
        String text = Files.readString(md);
        assertTrue(text.contains("| 50.00 us/op | 55.00 us/op | 1.100 ["), text);
    }

    private static org.soapbench.results.JmhResult forks(List<List<Double>> forks) {
        double score = forks.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).average().orElseThrow();
        return new org.soapbench.results.JmhResult("synthetic", "org.soapbench.bench.SeismicQuery.small", "avgt",
                Map.of("stack", "cxf"), score, Double.NaN, "us/op", 1, forks.size(), forks, Map.of(), null);
    }
}
