package org.soapbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** One command line: every command answers --help and --version with exit 0, and an unknown option with one sentence and exit 2. */
class CliTest {

    private record Result(int exit, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Result(exit, out.toString(), err.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "report", "compare", "gate", "hotspots", "stacks", "wire", "noise", "help"})
    void everyCommandAnswersHelpWithItsUsage(String command) {
        Result r = run(command, "--help");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Usage: java -jar benchmarks.jar " + command), r.out());
        assertTrue(r.err().isEmpty(), r.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "report", "compare", "gate", "hotspots", "stacks", "wire", "noise"})
    void everyCommandAnswersVersion(String command) {
        Result r = run(command, "--version");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("soapbench "), r.out());
    }

    /** With each command's required arguments, so that the unknown option is the only thing wrong. */
    @ParameterizedTest
    @ValueSource(strings = {"run SeismicQuery", "report a.json", "compare a.json b.json", "gate --head b.jar",
            "hotspots a.jfr", "stacks", "wire cxf", "noise --for 1s"})
    void anUnknownOptionIsOneSentenceAndExitTwo(String line) {
        String[] words = line.split(" ");
        String[] args = new String[words.length + 1];
        args[0] = words[0];
        args[1] = "--no-such-option";
        System.arraycopy(words, 1, args, 2, words.length - 1);
        Result r = run(args);
        assertEquals(2, r.exit(), r.out() + r.err());
        String message = r.err().strip();
        assertEquals(1, message.lines().count(), "one sentence, one line: " + message);
        assertTrue(message.contains("--no-such-option"), message);
    }

    @Test
    void withoutACommandTheArgumentsAreRuns() {
        Result help = run("--help");
        assertEquals(0, help.exit());
        for (String command : List.of("run", "report", "compare", "gate", "hotspots", "stacks", "wire", "noise", "help")) {
            assertTrue(help.out().contains("  " + command + " "), "the top usage lists " + command + ": " + help.out());
        }
        assertTrue(run("--version").out().startsWith("soapbench "));
        Result unknown = run("--no-such-option", "SeismicQuery");
        assertEquals(2, unknown.exit(), unknown.err());
        assertTrue(unknown.err().contains("Unknown option '--no-such-option'"), unknown.err());
    }

    @Test
    void helpCommandDescribesACommand() {
        Result r = run("help", "compare");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("--threshold") && r.out().contains("--base-param"), r.out());
        assertEquals(2, run("help", "no-such-command").exit());
    }

    /** The run's usage lists soapbench's own options and the profiles; -h stays JMH's (not tested here: JMH exits). */
    @Test
    void runUsageListsItsOptionsAndProfiles() {
        String usage = run("run", "--help").out();
        for (String option : List.of("--profile", "--settle", "--report", "--help", "--version", "JMH-OPTION|REGEX")) {
            assertTrue(usage.contains(option), option + " in " + usage);
        }
        assertTrue(usage.contains("Profiles: ") && usage.contains("quick"), usage);
    }

    @Test
    void wireHelpDoesNoWork() {
        long start = System.nanoTime();
        Result r = run("wire", "--help");
        assertEquals(0, r.exit());
        assertFalse(r.out().contains("small req B"), "no table: " + r.out());
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "help returns at once");
    }

    @Test
    void optionsTakeTheirValueAfterAnEqualsSign() {
        RunOptions run = RunOptions.parse(new String[] {"--profile=quick", "--settle=45s"});
        assertEquals(45, run.settle().ceilingSeconds());
        assertTrue(run.report(), "quick's --report applies");
        assertEquals(0, run("compare", "--threshold=200%", "--help").exit());
    }

    /** One exit-code contract for every command, stated in its --help. */
    @ParameterizedTest
    @ValueSource(strings = {"run", "report", "compare", "gate", "hotspots", "stacks", "wire", "noise"})
    void everyCommandStatesTheExitCodesInItsHelp(String command) {
        String usage = run(command, "--help").out();
        assertTrue(usage.contains("Exit codes:"), usage);
        assertTrue(usage.matches("(?s).*\\n\\s+0\\s+\\S.*\\n\\s+1\\s+\\S.*\\n\\s+2\\s+unusable input.*"), usage);
    }

    @Test
    void aRunThatMatchesNoBenchmarkIsUnusableInput() {
        Result r = run("NoSuchBenchmarkAnywhere", "-f", "0");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals("No benchmark matches NoSuchBenchmarkAnywhere; -l lists the benchmarks this jar carries.", r.err().strip());
    }

    /** The gate needs two sides, and runs from a jar (never from target/classes, where the tests run). */
    @Test
    void theGateWithoutTwoSidesIsUnusableInput() {
        Result r = run("gate", "SeismicQuery.small");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    /** A side's runtime that is not there stops the gate in one sentence, before any fork. */
    @Test
    void aGateSideOnAJdkThatIsNotThereIsOneSentence(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        Result missing = run("gate", "--head-jdk", "99", "SeismicQuery.small");
        assertEquals(2, missing.exit(), missing.out() + missing.err());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());
        assertTrue(missing.err().startsWith("--head-jdk 99 needs JDK 99, which is not under /usr/lib/jvm"), missing.err());
        Result notJdk = run("gate", "--base-jdk", dir.toString(), "SeismicQuery.small");
        assertEquals(2, notJdk.exit(), notJdk.out() + notJdk.err());
        assertEquals("--base-jdk " + dir + " is neither a JDK version found under /usr/lib/jvm nor a JDK's directory (no "
                + "executable bin/java); expected e.g. 25 or /usr/lib/jvm/temurin-25-jdk-amd64.", notJdk.err().strip());
        Result options = run("gate", "--head-jvm-args", "UseZGC", "SeismicQuery.small");
        assertEquals(2, options.exit(), options.out() + options.err());
        assertTrue(options.err().startsWith("--head-jvm-args 'UseZGC' holds 'UseZGC', which is not a JVM option"),
                options.err());
    }

    /**
     * A third side: a gate whose side names JDK 21 where none is (here: the setting names a directory that
     * is not there) stops in one sentence, and before any fork (it has written nothing).
     */
    @Test
    void aGateSideOnAJdk21ThatIsNotThereStopsBeforeAnyFork(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        String previous = System.setProperty("soapbench.jdk21", dir.resolve("jdk-21").toString());
        try {
            java.nio.file.Path out = dir.resolve("gate");
            Result r = run("gate", "--head-jdk", "21", "--out", out.toString(), "SeismicQuery.small");
            assertEquals(2, r.exit(), r.out() + r.err());
            assertEquals("--head-jdk 21 needs JDK 21, but " + dir.resolve("jdk-21/bin/java") + " (from -Dsoapbench.jdk21 "
                    + "or SOAPBENCH_JDK_21) is not an executable java.", r.err().strip());
            assertFalse(java.nio.file.Files.exists(out), "no fork ran, nothing was written");
        } finally {
            TestProperties.restore("soapbench.jdk21", previous);
        }
    }

    /**
     * Each side's runtime reaches only its own forks, and a pinned side gets G1 and the fixed heap for
     * what neither it nor the shared settings choose.
     */
    @Test
    void aSidesRuntimeBecomesItsForksArguments() {
        RuntimeSide zgc = RuntimeSide.of("--head-jdk", null, "-XX:+UseZGC -Xmx4g");
        assertEquals(List.of("-jvmArgsAppend", "-XX:+UseZGC -Xmx4g"), zgc.arguments(true, ""));
        RuntimeSide plain = RuntimeSide.of("--base-jdk", null, null);
        assertTrue(plain.isDefault());
        assertEquals(List.of("-jvmArgsAppend", "-XX:+UseG1GC " + org.soapbench.paired.OneCpuJvm.FIXED_HEAP), plain.arguments(true, ""));
        assertEquals(List.of("-jvmArgsAppend", "-XX:+UseG1GC"), plain.arguments(true, "-wi 6 -jvmArgsAppend -Xms2g -Xmx2g"),
                "the shared settings chose the heap");
        assertEquals(List.of("-jvmArgsAppend", org.soapbench.paired.OneCpuJvm.FIXED_HEAP), plain.arguments(true, "-jvmArgsAppend -XX:+UseSerialGC"),
                "the shared settings chose the collector");
        RuntimeSide heap = RuntimeSide.of("--head-jdk", null, "-XX:MaxRAMPercentage=50");
        assertEquals(List.of("-jvmArgsAppend", "-XX:MaxRAMPercentage=50 -XX:+UseG1GC"), heap.arguments(true, ""));
        assertEquals(List.of(), plain.arguments(false, ""));
        assertFalse(org.soapbench.paired.OneCpuJvm.choosesHeap("-XX:+UseG1GC -Dname=-Xmx"), "a property's value is not a heap setting");
        assertEquals(java.util.Set.of("-XX:+UseZGC", "-Xmx4g", "-XX:+UseG1GC"), RuntimeSide.jvmOptions(plain, zgc));
        String java = System.getProperty("java.home");
        RuntimeSide own = RuntimeSide.of("--head-jdk", java, null);
        assertEquals(List.of("-jvm", java + "/bin/java"), own.arguments(false, ""));
    }

    /** One power self-test can inject two sizes, each where its own parameters say. */
    @Test
    void injectedSlowdownsNameTheirConfigurations() {
        List<Injection> two = Injection.parse(List.of("5%:encoding=xml", "10%:encoding=fi,security=plain"), java.util.Map.of());
        assertEquals(0.05, Injection.fractionFor(two, java.util.Map.of("encoding", "xml", "security", "plain")), 1e-12);
        assertEquals(0.10, Injection.fractionFor(two, java.util.Map.of("encoding", "fi", "security", "plain")), 1e-12);
        assertEquals(0, Injection.fractionFor(two, java.util.Map.of("encoding", "fi", "security", "username")));
        List<Injection> where = Injection.parse(List.of("5%"), java.util.Map.of("security", "plain"));
        assertEquals(0.05, Injection.fractionFor(where, java.util.Map.of("encoding", "fi", "security", "plain")), 1e-12);
        assertEquals(0, Injection.fractionFor(where, java.util.Map.of("encoding", "fi", "security", "username")));
        IllegalArgumentException bad = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Injection.parse(List.of("5%:xml"), java.util.Map.of()));
        assertEquals("--inject-slowdown '5%:xml' names its configurations with 'xml', which is not NAME=VALUE; "
                + "expected e.g. 5%:encoding=xml.", bad.getMessage());
    }

    /** A run with our recording profiler, or JMH's jfr profiler, hands its recordings to the report it ends in. */
    @Test
    void theJfrProfilersDirectoryIsFoundForTheReport() {
        assertEquals(java.nio.file.Path.of("out/jfr"), recordings("-prof",
                org.soapbench.bench.fork.FlightRecordingProfiler.NAME + ":dir=out/jfr", "SeismicQuery"));
        assertEquals(java.nio.file.Path.of("reports/jfr"), recordings("-prof",
                org.soapbench.bench.fork.FlightRecordingProfiler.NAME));
        assertEquals(java.nio.file.Path.of("reports/jfr"), recordings("-f", "1", "-prof",
                "jfr:dir=reports/jfr;stackDepth=2048", "SeismicQuery"));
        assertEquals(java.nio.file.Path.of("."), recordings("-prof", "jfr"));
        assertEquals(null, recordings("-prof", "gc", "-f", "1"));
        assertEquals(java.nio.file.Path.of("old/jfr"), recordings("-prof", "org.soapbench.bench.FlightRecordingProfiler:dir=old/jfr"),
                "a profiler's former name, as a jar built before the profilers moved passes it to a fork");
    }

    private static java.nio.file.Path recordings(String... args) {
        return RunOptions.parse(args).recordings();
    }

    /**
     * A {@code -p} value that names no stack the jar carries, no security mode, encoding, transport or
     * sweep size is one sentence naming it and what is accepted, exit 2, before any fork; in a profile,
     * the sentence says which line.
     */
    @Test
    void aParameterValueNoBenchmarkAcceptsStopsTheRun(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        Result stack = run("SeismicQuery.small", "-p", "stack=foo");
        assertEquals(2, stack.exit(), stack.err());
        assertEquals("-p stack=foo names no stack this jar carries; expected " + String.join(", ",
                org.soapbench.core.loading.Stacks.ids()).replaceAll(", ([^,]+)$", " or $1") + ".\n", stack.err());
        Result security = run("SeismicQuery.small", "-p", "security=plain,banana");
        assertEquals(2, security.exit(), security.err());
        assertEquals("-p security=banana names no security mode; expected plain, username, sign or signencr.\n", security.err());
        assertEquals("-p encoding=json names no encoding; expected xml or fi.\n", run("-p", "encoding=json").err());
        assertEquals("-p transport=udp names no transport; expected pipe or http.\n", run("-p", "transport=udp").err());
        assertEquals("-p quakes=7 names no sweep size; expected 0, 1, 10, 100, 1000 or 10000.\n",
                run("SizeSweep", "-p", "quakes=7").err());
        java.nio.file.Files.writeString(dir.resolve("mine"), "# mine: a test profile\n-p security=sign,signed\n");
        Result profile = run("--profile", dir.resolve("mine").toString());
        assertEquals(2, profile.exit(), profile.err());
        assertEquals("profile '" + dir.resolve("mine") + "', line 2: -p security=signed names no security mode; expected "
                + "plain, username, sign or signencr.\n", profile.err());
        Result gate = run("gate", "--design", "interleaved", "--head-jdk", System.getProperty("java.home"), "-p", "stack=axis3");
        assertEquals(2, gate.exit(), gate.err());
        assertTrue(gate.err().startsWith("-p stack=axis3 names no stack this jar carries"), gate.err());
    }

    /** An I/O error is one sentence and exit 2, never a stack trace. */
    @Test
    void anUnwritableOutputIsOneSentenceAndExitTwo(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path json = dir.resolve("r.json");
        java.nio.file.Files.writeString(json, "[{\"benchmark\":\"org.soapbench.bench.PipeCost.roundTrip\",\"mode\":\"avgt\","
                + "\"primaryMetric\":{\"score\":1.0,\"scoreUnit\":\"us/op\",\"rawData\":[[1.0]]}}]");
        java.nio.file.Path blocked = dir.resolve("file");
        java.nio.file.Files.writeString(blocked, "not a directory");
        Result r = run("report", json.toString(), "--out", blocked.resolve("out").toString());
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("report cannot use "), r.err());
        Result hotspots = run("hotspots", dir.toString(), "--md", blocked.resolve("x.md").toString());
        assertEquals(2, hotspots.exit(), hotspots.out() + hotspots.err());
    }

    /** A result file whose run did not finish is reported, and the report is a finding that says what is missing. */
    @Test
    void aReportOfAnUnfinishedRunSaysWhatIsMissingAndExitsOne(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path json = dir.resolve("r.json");
        java.nio.file.Files.writeString(json, "[{\"benchmark\":\"org.soapbench.bench.PipeCost.roundTrip\",\"mode\":\"avgt\","
                + "\"primaryMetric\":{\"score\":1.0,\"scoreUnit\":\"us/op\",\"rawData\":[[1.0]]}}]");
        org.soapbench.results.Unfinished.write(json, List.of(new org.soapbench.results.Unfinished.Entry(
                org.soapbench.results.Unfinished.RUNNING, "org.soapbench.bench.PipeCost.other avgt")));
        Result r = run("report", json.toString(), "--out", dir.resolve("out").toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains(json + " lacks 1 planned configuration(s): 1 never finished"), r.err());
        assertTrue(java.nio.file.Files.isRegularFile(dir.resolve("out").resolve("index.html")));
    }
}
