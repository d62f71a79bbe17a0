package org.soapbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.TimeValue;
import org.soapbench.bench.fork.SettlingRule;
import org.soapbench.bench.fork.SteadyStateProfiler;
import org.soapbench.core.loading.Stacks;
import org.soapbench.paired.Beside;
import org.soapbench.paired.Design;
import org.soapbench.results.RunMetadata;

/** Profiles merge as documented, and JMH receives exactly the merged options. */
class RunOptionsTest {

    private static final List<String> PROFILES = List.of("ci", "full", "g1", "gc", "jdk21", "jdk25", "jfr", "parallel", "quick", "threads", "zgc");

    /** What JMH's own parser makes of the merged arguments. */
    private static CommandLineOptions jmh(String... args) throws Exception {
        return new CommandLineOptions(RunOptions.parse(args).jmhArguments().toArray(String[]::new));
    }

    @Test
    void everyDocumentedProfileExistsAndJmhAcceptsIt() throws Exception {
        assertTrue(Profiles.known().containsAll(PROFILES), "known: " + Profiles.known());
        for (String name : PROFILES) {
            String text = Profiles.text(name);
            assertTrue(text.startsWith("# " + name + ":"), name + " must open with a comment saying what it is for");
            if (!name.startsWith("jdk") || found(Integer.parseInt(name.substring(3)))) {
                jmh("--profile", name); // a JDK's profile where that JDK is; jdk21IsWhereTheSettingPoints covers it elsewhere
            }
        }
    }

    @Test
    void aThreadSweepIsSizedForThisMachineAndSaysWhatItAccepts() {
        int cpus = Runtime.getRuntime().availableProcessors();
        List<Integer> sweep = RunOptions.parse(new String[] {"--profile", "threads"}).threadCounts();
        assertEquals(1, sweep.get(0));
        assertTrue(sweep.get(sweep.size() - 1) <= 2 * cpus && sweep.get(sweep.size() - 1) * 2 > 2 * cpus, sweep.toString());
        assertEquals(List.of(1, 2, 8), RunOptions.parse(new String[] {"--threads", "1,2,8"}).threadCounts());
        assertEquals(List.of(3), RunOptions.parse(new String[] {"--threads=3"}).threadCounts());
        assertEquals(List.of(), RunOptions.parse(new String[] {"-t", "2"}).threadCounts());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> RunOptions.parse(new String[] {"--threads", "1,zero"}));
        assertEquals("the command line: --threads '1,zero' is not a thread count list; expected positive counts such as "
                + "1,2,4, or sweep (1, 2, 4, ... up to twice the CPUs).", bad.getMessage());
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> RunOptions.parse(new String[] {"--profile", "threads", "-t", "4"}));
        assertEquals("-t 4 and --threads both set the thread count; give one (-t for one run, --threads for a sweep).",
                both.getMessage());
    }

    @Test
    void aThreadSweepsPartsJoinIntoOneResultFileWithWhatEachLacks(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("jmh.json");
        Path one = ThreadSweep.part(json, 1);
        Path two = ThreadSweep.part(json, 2);
        assertEquals("jmh-t2.json", two.getFileName().toString());
        Files.writeString(one, "[{\"benchmark\":\"a\",\"threads\":1},{\"benchmark\":\"b\",\"threads\":1}]");
        Files.writeString(two, "[{\"benchmark\":\"a\",\"threads\":2}]");
        org.soapbench.results.Unfinished.write(two, List.of(new org.soapbench.results.Unfinished.Entry("failed", "b avgt")));
        ThreadSweep.join(List.of(1, 2), List.of(one, two), json);
        String joined = Files.readString(json).replaceAll("\\s", "");
        assertEquals("[{\"benchmark\":\"a\",\"threads\":1},{\"benchmark\":\"b\",\"threads\":1},"
                + "{\"benchmark\":\"a\",\"threads\":2}]", joined);
        assertEquals("failed\tb avgt with 2 threads\n", Files.readString(org.soapbench.results.Unfinished.fileFor(json)));
        assertFalse(Files.exists(one) || Files.exists(two), "the parts are gone once joined");
    }

    @Test
    void quickIsTheMainJob() throws Exception {
        CommandLineOptions o = jmh("--profile", "quick");
        assertEquals(1, o.getForkCount().get());
        // Six short warm-up iterations: six iteration boundaries before measuring (docs/steady-state.md).
        assertEquals(6, o.getWarmupIterations().get());
        assertEquals(TimeValue.milliseconds(500), o.getWarmupTime().get());
        assertEquals(6, o.getMeasurementIterations().get());
        assertEquals("JSON", o.getResultFormat().get().name());
        assertEquals(List.of("SeismicQuery|\\.Floor\\.(small|large)|CryptoFloor\\.(small|large)|PipeCost"), o.getIncludes());
        // No sweep: the report fits fixed and per-quake cost through small and large.
        assertFalse(o.getParameter("quakes").hasValue());
        RunOptions quick = RunOptions.parse(new String[] {"--profile", "quick"});
        assertTrue(quick.report());
        assertEquals(new SettlingRule.Settings(true, 60), quick.settle(), "the main job settles every fork first");
        assertEquals(Design.SAME_MOMENT, quick.design(), "the main job compares stacks within duets");
        assertEquals(null, RunOptions.parse(new String[] {"--profile", "quick", "--profile", "threads"}).design(),
                "thread scaling runs in JMH's own order");
        assertEquals(null, RunOptions.parse(new String[] {"--profile", "quick", "--profile", "jfr"}).design(),
                "a profiling session runs in JMH's own order");
    }

    @Test
    void theGateSetSettlesItsForksAndANarrowerCommandLineWins() throws Exception {
        assertEquals(new SettlingRule.Settings(true, 90), RunOptions.parse(new String[] {"--profile", "ci"}).settle(),
                "the gate catches only what its forks measure after the JIT settles");
        CommandLineOptions wider = jmh("--profile", "ci", "-p", "security=sign");
        assertEquals(List.of("sign"), List.copyOf(wider.getParameter("security").get()), "a later -p replaces the profile's");
        assertEquals(180, RunOptions.parse(new String[] {"--profile", "full"}).settle().ceilingSeconds());
    }

    @Test
    void whatADuetPutsBesideEachConfigurationComesFromAProfileOrTheCommandLineAndIsOneSentenceWhenBad() {
        assertEquals(Beside.STACKS, RunOptions.parse(new String[] {"SeismicQuery"}).beside(), "stacks beside stacks by default");
        RunOptions profile = new RunOptions();
        profile.addProfile("mine", "--beside security,encoding\n");
        assertEquals("security,encoding", profile.beside().text());
        RunOptions line = RunOptions.parse(new String[] {"--profile", "quick", "--beside", "encoding,stacks"});
        assertTrue(line.beside().has(Beside.Kind.STACKS) && line.beside().has(Beside.Kind.ENCODING)
                && !line.beside().has(Beside.Kind.SECURITY), line.beside().text());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> RunOptions.parse(new String[] {"--beside", "stacks,floors"}));
        assertEquals("--beside 'stacks,floors' names no neighbour; expected one or more of stacks, security, encoding, "
                + "separated by commas.", bad.getMessage());
        IllegalArgumentException inProfile = assertThrows(IllegalArgumentException.class,
                () -> new RunOptions().addProfile("mine", "--beside twins\n"));
        assertTrue(inProfile.getMessage().startsWith("profile 'mine', line 1: --beside 'twins'"), inProfile.getMessage());
    }

    @Test
    void aDesignComesFromAProfileOrTheCommandLineWhichWinsAndIsJsonKeptAsTheRunGoes() {
        RunOptions plain = RunOptions.parse(new String[] {"SeismicQuery"});
        assertEquals(null, plain.design(), "without --design, JMH runs the forks in its own order");
        RunOptions profile = new RunOptions();
        profile.addProfile("mine", "--design interleaved\n");
        assertEquals(Design.INTERLEAVED, profile.design());
        RunOptions line = RunOptions.parse(new String[] {"--design", "same-moment", "SeismicQuery"});
        assertEquals(Design.SAME_MOMENT, line.design());
        assertTrue(line.keepsJson(), "duets are joined into JSON results");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> RunOptions.parse(new String[] {"--design", "sometimes"}));
        assertEquals("--design 'sometimes' is not a design; expected same-moment, same-cpu, interleaved or jmh.", bad.getMessage());
        RunOptions jmhOrder = RunOptions.parse(new String[] {"--profile", "quick", "--design", "jmh"});
        assertEquals(null, jmhOrder.design(), "--design jmh gives the forks back to JMH, over a profile's duets");
        IllegalArgumentException gate = assertThrows(IllegalArgumentException.class,
                () -> Design.parse("jmh", Design.SAME_MOMENT, Design.SAME_CPU, Design.INTERLEAVED));
        assertEquals("--design 'jmh' is not a design; expected same-moment, same-cpu or interleaved.", gate.getMessage(),
                "the gate pairs its sides, so it has no jmh order");
        IllegalArgumentException inProfile = assertThrows(IllegalArgumentException.class,
                () -> new RunOptions().addProfile("mine", "# a comment\n--design=often\n"));
        assertTrue(inProfile.getMessage().startsWith("profile 'mine', line 2: --design 'often'"), inProfile.getMessage());
    }

    @Test
    void aDesignedRunsForksGetTheOneCpuSettingsButNotWhatEachForkSetsItself() {
        RunOptions run = RunOptions.parse(new String[] {"--profile", "quick", "--design", "same-moment"});
        List<String> settings = DesignedRun.settings(run);
        String text = String.join(" ", settings);
        assertTrue(text.contains(org.soapbench.paired.OneCpuJvm.ONE_CPU_JVM + " -XX:+UseG1GC " + org.soapbench.paired.OneCpuJvm.FIXED_HEAP), text);
        assertTrue(text.contains("-wi 6") && text.contains("--settle 60s"), "the profile's settings: " + text);
        for (String own : List.of("-f", "-rf", "-rff", "-p", "--design", "--report")) {
            assertFalse(settings.contains(own), own + " is each fork's own: " + text);
        }
    }

    @Test
    void aResultFileNamedJsonIsJsonKeptAsTheRunGoesUnlessAFormatIsGiven() {
        assertTrue(RunOptions.parse(new String[] {"-rff", "out.json"}).keepsJson());
        assertFalse(RunOptions.parse(new String[] {"-rff", "out.csv"}).keepsJson());
        assertFalse(RunOptions.parse(new String[] {"-rf", "csv", "-rff", "out.json"}).keepsJson(),
                "an explicit -rf wins over the file's name");
        assertTrue(RunOptions.parse(new String[] {"--profile", "ci"}).keepsJson());
    }

    @Test
    void everyRunSettlesFirstAndCarriesTheSteadyStateEvidence() throws Exception {
        RunOptions run = RunOptions.parse(new String[] {"--profile", "quick"});
        run.addRunMetadata();
        CommandLineOptions o = new CommandLineOptions(run.jmhArguments().toArray(String[]::new));
        assertTrue(o.getProfilers().stream().anyMatch(p -> p.getKlass().equals(SteadyStateProfiler.class.getName())),
                "the profiler that records JIT share and settling: " + o.getProfilers());
        String jvmArgs = String.join(" ", o.getJvmArgsPrepend().get());
        assertTrue(jvmArgs.contains("-D" + SettlingRule.PROPERTY + "=" + run.settle().value()), jvmArgs);
        assertTrue(run.settle().enabled());
        assertEquals(null, run.settleNote());
    }

    @Test
    void aRunWithoutStacksMeasuresWhatTheJarCarriesForADefaultRun() throws Exception {
        RunOptions run = RunOptions.parse(new String[] {"--profile", "quick"});
        run.addRunMetadata();
        List<String> stacks = List.copyOf(new CommandLineOptions(run.jmhArguments().toArray(String[]::new))
                .getParameter("stack").get());
        assertEquals(Stacks.inDefaultRun(), stacks);
        assertTrue(stacks.containsAll(List.of("axis2", "cxf", "metro")) && !stacks.contains("cxf-4.1"), stacks.toString());

        RunOptions named = RunOptions.parse(new String[] {"--profile", "quick", "-p", "stack=cxf,cxf-4.1"});
        named.addRunMetadata();
        assertEquals(List.of("cxf", "cxf-4.1"), List.copyOf(new CommandLineOptions(named.jmhArguments().toArray(String[]::new))
                .getParameter("stack").get()));
    }

    @Test
    void aRunRecordsTheCapabilitiesOfTheStacksItNamesAndNoOthers() throws Exception {
        RunOptions named = RunOptions.parse(new String[] {"--profile", "quick", "-p", "stack=jaxb-floor,cxf"});
        named.addRunMetadata();
        String jvmArgs = String.join(" ", new CommandLineOptions(named.jmhArguments().toArray(String[]::new))
                .getJvmArgsPrepend().get());
        Matcher m = Pattern.compile("-D" + Pattern.quote(RunMetadata.CAPABILITIES) + "=(\\S+)").matcher(jvmArgs);
        assertTrue(m.find(), jvmArgs);
        Map<String, RunMetadata.Capabilities> recorded = RunMetadata.capabilities(Map.of(RunMetadata.CAPABILITIES, m.group(1)));
        assertEquals(Set.of("jaxb-floor", "cxf"), recorded.keySet());
        assertEquals(List.of("plain"), recorded.get("jaxb-floor").securityModes());
        assertTrue(recorded.get("cxf").securityModes().contains("signencr"), recorded.toString());
    }

    @Test
    void aWarmupGivenOnTheCommandLineWinsOverSettling() {
        RunOptions fixed = RunOptions.parse(new String[] {"--profile", "quick", "-wi", "10"});
        assertFalse(fixed.settle().enabled());
        assertTrue(fixed.settleNote().contains("-wi") && fixed.settleNote().contains("--settle"), fixed.settleNote());
        assertFalse(RunOptions.parse(new String[] {"-w", "3s"}).settle().enabled());
        RunOptions both = RunOptions.parse(new String[] {"-wi", "2", "--settle", "30s"});
        assertTrue(both.settle().enabled(), "an explicit --settle keeps settling before a short JMH warm-up");
        assertEquals(30, both.settle().ceilingSeconds());
        assertEquals(45, RunOptions.parse(new String[] {"--settle=45s"}).settle().ceilingSeconds());
        assertFalse(RunOptions.parse(new String[] {"--settle", "off"}).settle().enabled());
    }

    @Test
    void aBadSettleValueIsOneSentenceNamingWhatIsAccepted() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RunOptions.parse(new String[] {"--settle", "later"}));
        assertEquals("the command line: the settle ceiling 'later' is neither 'off' nor a number of seconds from 5 (the "
                + "span the rule judges) to 3600, e.g. 60s.", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RunOptions.parse(new String[] {"--settle"}));
    }

    @Test
    void commandLineWinsOverProfiles() throws Exception {
        CommandLineOptions o = jmh("--profile", "quick", "-f", "2", "-wi", "1", "-w", "100ms", "Floor");
        assertEquals(2, o.getForkCount().get());
        assertEquals(1, o.getWarmupIterations().get());
        assertEquals(new TimeValue(100, TimeUnit.MILLISECONDS), o.getWarmupTime().get());
        assertEquals(6, o.getMeasurementIterations().get(), "untouched options keep the profile's value");
        assertEquals(List.of("Floor"), o.getIncludes(), "command-line regexes replace the profile's");
    }

    @Test
    void parametersAndProfilersAreKeyedByName(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("mine"), "# mine: a test profile\n-p stack=cxf\n-p security=sign\n-prof gc\n");
        String previous = System.setProperty("soapbench.profiles.dir", dir.toString());
        try {
            CommandLineOptions o = jmh("--profile", "mine", "-p", "stack=jaxb-floor", "-prof", "stack");
            assertEquals(List.of("jaxb-floor"), List.copyOf(o.getParameter("stack").get()));
            assertEquals(List.of("sign"), List.copyOf(o.getParameter("security").get()));
            assertEquals(2, o.getProfilers().size());
        } finally {
            TestProperties.restore("soapbench.profiles.dir", previous);
        }
    }

    @Test
    void profilesCombineAndJvmArgumentsAccumulate() throws Exception {
        CommandLineOptions o = jmh("--profile", "ci", "--profile", "zgc", "-jvmArgsAppend", "-Xmx3g");
        assertEquals(6, o.getForkCount().get());
        Collection<String> args = o.getJvmArgsAppend().get();
        assertTrue(args.containsAll(List.of("-Xms2g", "-XX:+UseZGC", "-Xmx3g")), args.toString());
        assertTrue(List.copyOf(args).indexOf("-Xmx3g") > List.copyOf(args).indexOf("-Xmx2g"), "the command line's -Xmx comes last");
    }

    @Test
    void twoGarbageCollectorsAreRefusedWithOneSentence() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RunOptions.parse(new String[] {"--profile", "g1", "--profile", "zgc"}));
        assertTrue(e.getMessage().contains("-XX:+UseZGC") && e.getMessage().contains("-XX:+UseG1GC")
                && e.getMessage().contains("at most one GC profile"), e.getMessage());
    }

    @Test
    void unknownProfileListsTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RunOptions.parse(new String[] {"--profile", "turbo"}));
        assertEquals("Unknown profile 'turbo'; known profiles: " + String.join(", ", Profiles.known()) + ".", e.getMessage());
        for (String name : PROFILES) {
            assertTrue(e.getMessage().contains(name), e.getMessage());
        }
    }

    @Test
    void malformedLinesNameProfileAndLine(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("nofork"), "# nofork: broken\n\n-f\n");
        Files.writeString(dir.resolve("bogus"), "# bogus: broken\n-wi 2\n-bogus 7\n");
        Files.writeString(dir.resolve("notnumber"), "# notnumber: broken\n-i many\n");
        String previous = System.setProperty("soapbench.profiles.dir", dir.toString());
        try {
            assertMessage("nofork", "profile 'nofork', line 3: -f needs a value.");
            assertMessage("bogus", "profile 'bogus', line 3: ");
            assertMessage("notnumber", "profile 'notnumber', line 2: ");
        } finally {
            TestProperties.restore("soapbench.profiles.dir", previous);
        }
    }

    @Test
    void jdk25IsFoundOrNamedInOneSentence() {
        String previous = System.setProperty("soapbench.jdk25", "/nonexistent/jdk-25");
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> RunOptions.parse(new String[] {"--profile", "jdk25"}));
            assertEquals("profile 'jdk25', line 4 needs JDK 25, but /nonexistent/jdk-25/bin/java (from -Dsoapbench.jdk25 "
                    + "or SOAPBENCH_JDK_25) is not an executable java.", e.getMessage());
        } finally {
            TestProperties.restore("soapbench.jdk25", previous);
        }
        if (Files.isDirectory(Jdks.JVM_DIR.resolve("temurin-25-jdk-amd64"))) {
            String jvm = RunOptions.parse(new String[] {"--profile", "jdk25"}).option("jvm");
            assertEquals("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java", jvm);
        }
    }

    /** Whether this machine has JDK {@code version} where the jdkN profiles look; one that is there but broken fails. */
    private static boolean found(int version) {
        try {
            Jdks.javaOf(version, "JDK " + version);
            return true;
        } catch (IllegalArgumentException e) {
            if (e.getMessage().contains(", which is not under ")) {
                return false;
            }
            throw e;
        }
    }

    /**
     * The jdk21 profile runs the forks on the JDK 21 the setting names, on any machine: here a stand-in
     * whose bin/java answers -version as JDK 21 does (a JDK made by tools/jdk21-from-debian13 is such a
     * directory, its bin/java a wrapper); where none is, one sentence.
     */
    @Test
    void jdk21IsWhereTheSettingPoints(@TempDir Path dir) throws Exception {
        Path launcher = dir.resolve("jdk-21/bin/java");
        Files.createDirectories(launcher.getParent());
        Files.writeString(launcher, "#!/bin/sh\necho 'openjdk version \"21.0.13\" 2026-10-20' >&2\n");
        Files.setPosixFilePermissions(launcher, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        String previous = System.setProperty("soapbench.jdk21", dir.resolve("jdk-21").toString());
        try {
            assertEquals(launcher.toString(), RunOptions.parse(new String[] {"--profile", "jdk21"}).option("jvm"));
            System.setProperty("soapbench.jdk21", dir.resolve("none").toString());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> RunOptions.parse(new String[] {"--profile", "jdk21"}));
            assertEquals("profile 'jdk21', line 6 needs JDK 21, but " + dir.resolve("none/bin/java") + " (from "
                    + "-Dsoapbench.jdk21 or SOAPBENCH_JDK_21) is not an executable java.", e.getMessage());
        } finally {
            TestProperties.restore("soapbench.jdk21", previous);
        }
    }

    @Test
    void listingOptionsAddNoRunMetadata() {
        assertTrue(RunOptions.parse(new String[] {"-l"}).listsOnly());
        assertFalse(RunOptions.parse(new String[] {"--profile", "quick"}).listsOnly());
    }

    private static void assertMessage(String profile, String start) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RunOptions.parse(new String[] {"--profile", profile}));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }
}
