package org.soapbench.cli;

import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.soapbench.bench.fork.SameMomentProfiler;
import org.soapbench.bench.fork.Slowdown;
import org.soapbench.gate.Compare;
import org.soapbench.gate.Comparison;
import org.soapbench.gate.VerdictOptions;
import org.soapbench.paired.GateRun;
import org.soapbench.paired.SameMoment;
import org.soapbench.paired.Schedule;
import org.soapbench.results.ExitCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gate}: base and head measured side by side and judged in one command. It runs from the
 * base's jar: the base's profile gives both sides one set of settings, the base's code computes the
 * verdict, and the head's jar is only launched to run its benchmarks. By default each round runs a
 * configuration's base and head at the same moment, one pinned JVM per CPU, iterations in step; or,
 * with {@code --design interleaved}, one after the other. See {@link Schedule} for the order of the
 * forks and docs/gate.md for why.
 */
@Command(name = "gate", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Measures base and head side by side, then judges them as compare does: for every configuration "
                + "and round, one fork of each side, in a randomized balanced order, either at the same moment (each "
                + "pinned to a CPU of its own, iterations started together: the default) or back to back "
                + "(--design interleaved); forks of one round are compared pairwise. Run it from the base's "
                + "benchmarks.jar: the base's profile (default ci) sets both sides' settings, and the base's code judges.",
                "Two builds: gate --head HEAD/benchmarks.jar. Two stacks of this jar: gate --base-param stack=cxf-4.1 "
                        + "--new-param stack=cxf."})
final class GateCommand implements Callable<Integer> {

    @Option(names = "--head", paramLabel = "JAR", description = "the head's benchmarks.jar (default: this jar, with "
            + "--base-param/--new-param choosing the sides)")
    Path head;

    @Option(names = "--base-param", paramLabel = "NAME=VALUE", description = "the base side's parameter (e.g. stack=cxf-4.1)")
    Map<String, String> baseParams = new LinkedHashMap<>();

    @Option(names = "--new-param", paramLabel = "NAME=VALUE", description = "the head side's parameter (e.g. stack=cxf)")
    Map<String, String> newParams = new LinkedHashMap<>();

    @Option(names = "--base-jdk", paramLabel = "JDK", description = "the JDK base's forks run on: a version found under "
            + "/usr/lib/jvm as the jdk21 and jdk25 profiles find theirs (e.g. 17), or a JDK's directory (default: the JDK gate "
            + "runs on)")
    String baseJdk;

    @Option(names = "--head-jdk", paramLabel = "JDK", description = "the JDK head's forks run on, as --base-jdk: with "
            + "neither --head nor --new-param, the same jar on another JDK (e.g. --head-jdk 25)")
    String headJdk;

    @Option(names = "--base-jvm-args", paramLabel = "ARGS", description = "JVM options for base's forks only (e.g. "
            + "\"-XX:+UseParallelGC\")")
    String baseJvmArgs;

    @Option(names = "--head-jvm-args", paramLabel = "ARGS", description = "JVM options for head's forks only: a "
            + "collector, a heap (e.g. \"-XX:+UseZGC -Xmx4g\")")
    String headJvmArgs;

    @Option(names = "--profile", paramLabel = "NAME", description = "the base's option sets giving both sides' settings "
            + "(default: ci; the base jar's own, or a file named by a path with a slash); options after them on the "
            + "command line win")
    List<String> profiles = new ArrayList<>();

    @Option(names = "--rounds", paramLabel = "N", description = "forks a side per configuration, one a round "
            + "(default: the profile's -f, at least 2)")
    Integer rounds;

    @Option(names = "--seed", paramLabel = "N", description = "seed of the randomized order (default: random, printed)")
    Long seed;

    @Option(names = "--design", paramLabel = "DESIGN", defaultValue = "same-moment", description = "same-moment: base "
            + "and head of a round run together, one pinned JVM per CPU (taskset), " + SameMoment.IN_STEP
            + "; interleaved: one after the other (default: ${DEFAULT-VALUE})")
    String design;

    @Option(names = "--cpus", paramLabel = "A,B", defaultValue = "0,1", description = "the two CPUs a same-moment "
            + "round pins its two JVMs to (default: ${DEFAULT-VALUE})")
    String cpus;

    @Mixin
    VerdictOptions verdict;

    @Option(names = "--inject-slowdown", paramLabel = "PERCENT[:NAME=VALUE,...]", description = "power self-test: "
            + "make the head's measured operation do this much more work, an extra call now and then (e.g. 5%%: one in "
            + "twenty), in the configurations named after a colon (e.g. 5%%:encoding=xml) or by --inject-where; repeatable, "
            + "the first that applies wins; the base's forks of those configurations run the same code with no extra call")
    List<String> injectSlowdown = new ArrayList<>();

    @Option(names = "--inject-where", paramLabel = "NAME=VALUE", description = "the parameters of the configurations "
            + "that get the injected slowdown (default: all)")
    Map<String, String> injectWhere = new LinkedHashMap<>();

    @Option(names = "--out", paramLabel = "DIR", description = "where base.json, head.json, gate.md, gate.json and each "
            + "fork's log go (default: reports/gate-<date-time>)")
    Path out;

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Option(names = "--version", versionHelp = true, description = "Print the version and exit.")
    boolean version;

    @Parameters(paramLabel = "JMH-OPTION|REGEX", description = "JMH options and benchmark regexes, as for run "
            + "(e.g. -p stack=cxf SeismicQuery.small); -f, -rf and -rff are the gate's own")
    List<String> jmh = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter console = spec.commandLine().getOut();
        // Read first: a bad --threshold fails before any fork.
        Comparison.Settings judging = verdict.settings(baseParams, newParams, false, true);
        List<Injection> injections = Injection.parse(injectSlowdown, injectWhere);
        boolean injected = injections.stream().anyMatch(i -> i.fraction() > 0);
        int[] pinned = sameMomentCpus(); // null: interleaved
        verdict.metric(); // a bad --metric fails before any fork
        RuntimeSide baseRuntime = RuntimeSide.of("--base-jdk", baseJdk, baseJvmArgs);
        RuntimeSide headRuntime = RuntimeSide.of("--head-jdk", headJdk, headJvmArgs);
        boolean runtimes = !baseRuntime.isDefault() || !headRuntime.isDefault();
        if (head == null && baseParams.isEmpty() && !runtimes) {
            throw new IllegalArgumentException("gate needs --head JAR (two builds), --base-param and --new-param "
                    + "(two stacks of this jar, e.g. --base-param stack=cxf-4.1 --new-param stack=cxf), or a runtime "
                    + "for a side (e.g. --head-jdk 25).");
        }
        if (runtimes) {
            judging = judging.allowingRuntimes(RuntimeSide.jvmOptions(baseRuntime, headRuntime));
        }
        if (!baseParams.keySet().equals(newParams.keySet())) {
            throw new IllegalArgumentException("--base-param and --new-param must name the same parameters, but they name "
                    + baseParams.keySet() + " and " + newParams.keySet() + ".");
        }
        // The pass-through arguments are run's, parsed as run parses them; the profiles are the gate's own.
        RunOptions run = RunOptions.of(RunCommand.request(jmh.toArray(String[]::new))
                .withProfiles(profiles.isEmpty() ? List.of("ci") : profiles));
        if (run.listsOnly()) {
            throw new IllegalArgumentException("gate measures; -l, -lp, -lprof, -lrf and -h belong to run.");
        }
        run.addDefaultStacks(); // without -p stack=, the stacks the base jar carries for a default run
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(run.jmhArguments().toArray(String[]::new));
        } catch (CommandLineOptionException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        List<GateRun.Config> configs = configurations(RunPlan.of(options,
                OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT)));
        if (configs.isEmpty()) {
            throw new IllegalArgumentException("No benchmark matches " + String.join(", ", options.getIncludes())
                    + (baseParams.isEmpty() ? "" : " with parameters " + baseParams.keySet())
                    + "; -l lists the benchmarks this jar carries.");
        }
        Path self = ownJar();
        Path headJar = head == null ? self : head;
        if (!Files.isRegularFile(headJar)) {
            throw new IllegalArgumentException("--head " + head + ": no such file; expected the head's benchmarks.jar.");
        }
        int n = rounds != null ? rounds : Math.max(2, options.getForkCount().orElse(2));
        if (n < 2) {
            throw new IllegalArgumentException("--rounds must be at least 2 (pairs of forks are the samples), not " + n + ".");
        }
        long s = seed != null ? seed : new java.util.Random().nextLong();
        Path dir = out != null ? out : Path.of("reports", "gate-" + LocalDateTime.now().format(
                DateTimeFormatter.ofPattern("yyyy-MM-dd-HHmmss")));
        List<String> common = run.settingsArguments(Set.of("f", "foe", "rf", "rff", "bm"));
        List<String> host = new ArrayList<>();
        if (pinned != null) {
            host.add("-Djmh.ignoreLock=true"); // two JMH runs at once, by design: JMH's lock would keep one waiting
        } else if (System.getProperty("jmh.ignoreLock") != null) {
            host.add("-Djmh.ignoreLock=" + System.getProperty("jmh.ignoreLock"));
        }
        boolean commonGc = RuntimeSide.choosesGc(String.join(" ", common));
        for (RuntimeSide side : List.of(baseRuntime, headRuntime)) {
            if (commonGc && RuntimeSide.choosesGc(String.join(" ", side.jvmArgs()))) {
                throw new IllegalArgumentException((side == baseRuntime ? "--base-jvm-args" : "--head-jvm-args")
                        + " chooses a garbage collector, but both sides' settings (" + String.join(" ", common)
                        + ") already choose one; choose it per side or for both, not both ways.");
            }
        }
        String shared = String.join(" ", common);
        String oneCpu = oneCpuJvm(shared);
        GateRun.Setup setup = new GateRun.Setup(Path.of(System.getProperty("java.home"), "bin", "java"),
                self, headJar, common, baseRuntime.arguments(pinned != null, shared),
                headRuntime.arguments(pinned != null, shared), host, config -> slowdown(injections, config, false),
                config -> slowdown(injections, config, true),
                pinned == null ? null : moment -> List.of("-prof", SameMomentProfiler.class.getName(), "-jvmArgsAppend",
                        ONE_CPU_JVM + " -D" + SameMomentProfiler.PROPERTY + "=" + moment.toAbsolutePath()), dir);
        console.printf("gate: %d configuration(s) x %d rounds x 2 sides = %d forks, seed %d%n", configs.size(), n,
                configs.size() * n * 2, s);
        console.println("gate: base " + self + baseParams + baseRuntime + ", head " + headJar + newParams + headRuntime);
        console.println("gate: both sides run with " + String.join(" ", common) + " -f 1"
                + (pinned == null ? "" : " -jvmArgsAppend \"" + oneCpu + "\""));
        console.println(pinned == null ? "gate: design interleaved: one fork at a time, base and head of a round back to back"
                : "gate: design same-moment: base and head of a round together, pinned to CPUs " + pinned[0] + " and "
                        + pinned[1] + ", " + SameMoment.IN_STEP);
        if (injected) {
            console.println("gate: the head is slowed by " + injections.stream().map(Injection::toString)
                    .collect(java.util.stream.Collectors.joining("; ")) + " (power self-test; the base's forks of those "
                    + "configurations run the same code with no extra call)");
        }
        console.flush();
        GateRun gateRun = new GateRun(setup, configs, n);
        int failed = gateRun.run(pinned == null ? Schedule.of(configs.size(), n, s)
                : Schedule.sameMoment(configs.size(), n, s, pinned[0], pinned[1]), console);
        if (!Files.isRegularFile(gateRun.baseJson())) {
            console.println("gate: no configuration ran on base, so there is nothing to judge; the forks' logs are in "
                    + dir.resolve("forks") + ".");
            return ExitCode.FINDING.code();
        }
        if (!Files.isRegularFile(gateRun.headJson())) {
            String sentence = gateRun.failedOnHead().size() + " configuration(s) of base failed or missing in head, "
                    + "every one that ran: " + String.join("; ", gateRun.failedOnHead()) + ". The forks' logs are in "
                    + dir.resolve("forks") + ".";
            console.println("gate: " + sentence);
            Files.writeString(dir.resolve("gate.md"), "### soapbench gate: every configuration failed on head\n\n"
                    + sentence + "\n", java.nio.charset.StandardCharsets.UTF_8);
            return ExitCode.FINDING.code();
        }
        List<String> notes = new ArrayList<>(); // judge itself adds what either side's run did not finish
        if (injected) {
            notes.add("the head was slowed on purpose by " + injections.stream().map(Injection::toString)
                    .collect(java.util.stream.Collectors.joining("; ")) + " (--inject-slowdown): a power self-test, "
                    + "not a real change.");
        }
        if (runtimes) {
            String own = " on " + Path.of(System.getProperty("java.home"), "bin", "java");
            notes.add("runtimes: base" + (baseRuntime.java() == null ? own : "") + baseRuntime + ", head"
                    + (headRuntime.java() == null ? own : "") + headRuntime + "; each side's JDK is in its results.");
        }
        notes.add((pinned == null ? "design: interleaved rounds" : "design: same moment, one pinned JVM per CPU ("
                + oneCpu + "), iterations in step") + "; randomized order, seed " + s + "; forks and logs in "
                + dir.resolve("forks") + ".");
        int judged = Compare.judge(gateRun.baseJson(), gateRun.headJson(), judging, verdict.metric(), console,
                dir.resolve("gate.md"), dir.resolve("gate.json"), notes);
        console.println("gate: results in " + dir.toAbsolutePath());
        return failed > 0 && judged == ExitCode.SUCCESS.code() ? ExitCode.FINDING.code() : judged;
    }

    /**
     * What a JVM alone on one CPU would otherwise choose for itself, set alike for both sides: one CPU
     * seen, one GC thread of each kind, the fewest compiler threads tiered compilation allows (and G1,
     * the collector a run on the whole machine gets, unless the settings choose one). And compilation
     * in the foreground ({@code -XX:-BackgroundCompilation}): a method is compiled when its counters
     * say, on profiles gathered up to that call, not whenever a compiler thread gets the shared CPU.
     * On this machine that cut the spread of a same-moment round's CPU-time ratio, which is JVM to JVM
     * (one fork's JIT ends up 5-10% slower than another's), from about 4.4% to 1.7%
     * (reports/sample-gate-2026-11-25). On one CPU it costs nothing: the compiler shares that CPU anyway.
     */
    static final String ONE_CPU_JVM = "-XX:ActiveProcessorCount=1 -XX:ParallelGCThreads=1 -XX:ConcGCThreads=1 "
            + "-XX:CICompilerCount=2 -XX:-BackgroundCompilation";

    /**
     * The heap of a pinned JVM whose settings choose none: fixed, and touched before the benchmark
     * starts. Left to grow, G1 kept moving its young generation onto memory never touched before, and
     * the first touch of each page is a fault: on the 2026-11-26 guest, half-second windows of one
     * fork took 25,000 faults and half their CPU time in the kernel, and ran 6-15 times slower per call
     * than the windows between them, with the same allocation per call and no compilation; a fixed,
     * pre-touched heap ended it (reports/sample-gate-designs-2026-11-26). Huge pages make the touching
     * 512 faults a gigabyte instead of 262,144 (3.2 s there with 4 kB pages).
     */
    static final String FIXED_HEAP = "-Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages";

    /**
     * The injected slowdown's arguments for one side's forks of a configuration: the head's fraction,
     * and for the base a placebo of 0 (the same code, no extra call), or none where nothing is injected.
     * Without the placebo the head would also differ by the code the JIT compiles around the extra
     * call, and a ratio would measure that too.
     */
    private static List<String> slowdown(List<Injection> injections, GateRun.Config config, boolean head) {
        double fraction = Injection.fractionFor(injections, config.headParams());
        return fraction > 0 ? List.of("-jvmArgsPrepend", "-D" + Slowdown.PROPERTY + "=" + (head ? String.valueOf(fraction) : "0")) : List.of();
    }

    /** A pinned JVM's options: {@link #ONE_CPU_JVM} and the defaults for what {@code chosen} leaves open. */
    static String oneCpuJvm(String chosen) {
        return String.join(" ", ONE_CPU_JVM, String.join(" ", RuntimeSide.oneCpuDefaults(chosen))).strip();
    }

    /** The two CPUs of a same-moment gate, or null for interleaved rounds; what cannot work is one sentence. */
    private int[] sameMomentCpus() {
        return Design.parse(design, RunRequest.COMMAND_LINE, Design.SAME_MOMENT, Design.INTERLEAVED) == Design.INTERLEAVED
                ? null : pinnedCpus(cpus, "--design interleaved");
    }

    /**
     * Two different CPUs from "A,B", checked against this machine: it offers two, and taskset is there to
     * pin a JVM to each. What cannot work is one sentence, naming {@code otherwise}, the design that would.
     */
    static int[] pinnedCpus(String cpus, String otherwise) {
        int[] pair;
        try {
            pair = java.util.Arrays.stream(cpus.split(",")).map(String::strip).mapToInt(Integer::parseInt).toArray();
        } catch (NumberFormatException e) {
            pair = new int[0];
        }
        int available = Runtime.getRuntime().availableProcessors();
        if (pair.length != 2 || pair[0] == pair[1] || pair[0] < 0 || pair[1] < 0) {
            throw new IllegalArgumentException("--cpus '" + cpus + "' is not two different CPU numbers; expected e.g. 0,1.");
        }
        if (available < 2) {
            throw new IllegalArgumentException("--design same-moment needs two CPUs, one a side, but this machine offers "
                    + available + "; use " + otherwise + ".");
        }
        if (!onPath("taskset")) {
            throw new IllegalArgumentException("--design pins each JVM to a CPU with taskset, which is not "
                    + "on the PATH (Debian: apt-get install util-linux); or use " + otherwise + ".");
        }
        return pair;
    }

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        return path != null && java.util.Arrays.stream(path.split(java.io.File.pathSeparator))
                .anyMatch(d -> Files.isExecutable(Path.of(d, command)));
    }

    /** The plan's configurations, each with both sides' parameters: the same, or the compared parameters swapped in. */
    private List<GateRun.Config> configurations(RunPlan plan) {
        Set<String> seen = new LinkedHashSet<>();
        List<GateRun.Config> out = new ArrayList<>();
        for (RunPlan.Configuration c : plan.configurations()) {
            if (!c.params().keySet().containsAll(baseParams.keySet())) {
                continue; // a benchmark without the compared parameter has no two sides here
            }
            Map<String, String> shared = new TreeMap<>(c.params());
            shared.keySet().removeAll(baseParams.keySet());
            if (seen.add(c.benchmark() + " " + c.mode() + " " + shared)) {
                Map<String, String> base = new TreeMap<>(shared);
                base.putAll(baseParams);
                Map<String, String> next = new TreeMap<>(shared);
                next.putAll(newParams);
                out.add(new GateRun.Config(c.benchmark(), c.mode(), base, next));
            }
        }
        return out;
    }

    /** The jar this command runs from: the base. */
    static Path ownJar() {
        try {
            Path home = Path.of(GateCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(home)) {
                throw new IllegalArgumentException("gate runs from the base's benchmarks.jar (java -jar benchmarks.jar "
                        + "gate ...), not from " + home + ".");
            }
            return home;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("gate cannot tell which jar it runs from (" + e.getMessage() + ").");
        }
    }
}
