package org.soapbench.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.ProfilersFailedException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.soapbench.bench.fork.FlightRecordingProfiler;
import org.soapbench.bench.fork.SettlingRule;
import org.soapbench.paired.SameMoment;
import org.soapbench.results.ExitCode;
import org.soapbench.results.RunFiles;
import org.soapbench.results.Unfinished;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine;

/**
 * {@code run} (the command when none is named): a JMH run with named profiles merged in
 * ({@link RunOptions}), every JMH option passed to JMH as written; with {@code --report}, the report
 * follows. picocli reads soapbench's own options, once, into their types (a {@link RunRequest});
 * every other argument, JMH's options included, reaches {@link RunOptions} as written and in its order.
 */
@Command(name = "run", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Runs JMH benchmarks: named profiles, then the command line, which wins; every JMH option "
                + "passes to JMH unchanged (-h lists them; -l lists the benchmarks, -lp with their parameters).",
                "Benchmarks: SeismicQuery (small, large), SizeSweep, Floor, CryptoFloor, PipeCost."})
final class RunCommand implements Callable<Integer> {

    @Option(names = "--profile", paramLabel = "NAME", description = "Apply the jar's option set NAME (listed below), "
            + "or the file a path names (one with a slash, e.g. ./jmh-profiles/NAME); several combine in order.")
    List<String> profiles;

    @Option(names = "--settle", paramLabel = "off|SECONDS", converter = SettleValue.class, description = "Each fork calls "
            + "its benchmark until the JIT is quiet and times are flat, up to this ceiling (default 60s), before JMH's "
            + "warm-up; -wi or -w on the command line turn it off unless it is given too.")
    SettlingRule.Settings settle;

    @Option(names = "--threads", paramLabel = "N,N...|sweep", converter = ThreadsValue.class, description = "One JMH run "
            + "per thread count (JMH's -t takes one), results in one file, for the report's thread scaling; sweep: 1, 2, "
            + "4, ... up to twice the CPUs.")
    ThreadCounts threads;

    @Option(names = "--design", paramLabel = "same-moment|interleaved|jmh", converter = DesignValue.class, description = "Run "
            + "every configuration in duets of forks, one JVM pinned to each CPU: configurations that differ only in the "
            + "stack meet in a cycle, so the report compares stacks within duets; same-moment: a duet's forks together, "
            + SameMoment.IN_STEP + "; interleaved: one after the other. Two forks a configuration for "
            + "each two of -f. jmh: no duets, JMH's own order, unpinned (for -t and --threads, or one CPU).")
    Design design;

    @Option(names = "--report", description = "Write the report (index.html, summary.md) after the run; the results "
            + "go to reports/<date-time>/jmh.json unless -rff says where.")
    boolean report;

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit (-h shows JMH's options).")
    boolean help;

    @Option(names = "--version", versionHelp = true, description = "Print the version and exit.")
    boolean version;

    @Parameters(paramLabel = "JMH-OPTION|REGEX", description = "JMH's options, as JMH takes them, and benchmark "
            + "regexes (default: every benchmark).")
    List<String> jmh;

    @Spec
    CommandSpec spec;

    /** {@code --settle}'s value, read by the parser a profile's line uses too. */
    static final class SettleValue implements ITypeConverter<SettlingRule.Settings> {
        @Override
        public SettlingRule.Settings convert(String value) {
            return typed(value, SettlingRule.Settings::parse);
        }
    }

    /** {@code --design}'s value, read by the parser a profile's line uses too. */
    static final class DesignValue implements ITypeConverter<Design> {
        @Override
        public Design convert(String value) {
            return typed(value, Design::parse);
        }
    }

    /** {@code --threads}'s value, read by the parser a profile's line uses too. */
    static final class ThreadsValue implements ITypeConverter<ThreadCounts> {
        @Override
        public ThreadCounts convert(String value) {
            return typed(value, ThreadCounts::parse);
        }
    }

    /** A command-line value through a parser of (value, where); its one sentence becomes picocli's. */
    private static <T> T typed(String value, BiFunction<String, String, T> parser) {
        try {
            return parser.apply(value, RunRequest.COMMAND_LINE);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    /** The command, as the launcher wires it: JMH's options are its arguments, passed on as written. */
    static CommandLine commandLine() {
        CommandLine run = new CommandLine(new RunCommand());
        run.setUnmatchedOptionsArePositionalParams(true); // JMH's options are run's arguments, passed on as written
        run.setExpandAtFiles(false); // JMH's arguments pass as written, even one that starts with @
        run.getCommandSpec().usageMessage().footer("", "Profiles: " + String.join(", ", Profiles.known()) + ".");
        return run;
    }

    /**
     * What a run's arguments ask, parsed as the command line is (for the gate's pass-through arguments,
     * and for tests); what cannot be parsed is an IllegalArgumentException with one sentence.
     */
    static RunRequest request(String... args) {
        CommandLine cli = commandLine();
        try {
            cli.parseArgs(args);
        } catch (ParameterException e) {
            throw new IllegalArgumentException(e.getCause() instanceof TypeConversionException t ? t.getMessage()
                    : e.getMessage());
        }
        return cli.<RunCommand>getCommand().request();
    }

    /** The request picocli parsed into this command's fields. */
    RunRequest request() {
        return new RunRequest(profiles == null ? List.of() : profiles, settle, threads, design, report,
                jmh == null ? List.of() : jmh);
    }

    @Override
    public Integer call() throws Exception {
        return run(spec.commandLine().getErr(), request());
    }

    /** A JMH run with profiles merged in; with {@code --report}, the report follows the run. */
    static int run(PrintWriter err, RunRequest request) throws Exception {
        RunOptions run;
        try {
            run = RunOptions.of(request);
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return ExitCode.BAD_INPUT.code();
        }
        Path json = null;
        if (keepsJson(run)) {
            run.set("rf", "json");
            if (run.option("rff") == null && (run.choosesResultFile() || run.design() != null)) {
                Path file = RunFiles.newRunJson();
                Files.createDirectories(file.getParent());
                run.set("rff", file.toString());
            }
            json = Path.of(run.option("rff") != null ? run.option("rff") : RunOptions.JMH_DEFAULT_JSON);
        }
        // A designed run's forks are runs of their own, each adding the run's facts itself: its settings are taken first.
        List<String> forkSettings = run.design() == null ? null : DesignedRun.settings(run);
        if (!run.listsOnly()) {
            run.addRunMetadata();
            if (run.settleNote() != null) {
                System.out.println("# soapbench: " + run.settleNote());
            }
        }
        List<String> jmh = run.jmhArguments();
        System.out.println("# soapbench: JMH " + String.join(" ", jmh));
        if (run.listsOnly()) {
            org.openjdk.jmh.Main.main(jmh.toArray(String[]::new)); // lists or explains, as stock JMH
            return ExitCode.SUCCESS.code();
        }
        int exit = run.design() != null ? DesignedRun.measure(err, run, forkSettings, jmh, json)
                : run.threadCounts().isEmpty() ? measure(err, jmh, json) : ThreadSweep.measure(err, run, json);
        if (json != null && Files.isRegularFile(json)) {
            System.out.println("# soapbench: JMH results in " + json.toAbsolutePath());
            if (run.report()) {
                // Through the whole command tree, so that report's errors read as they do when it runs alone.
                List<String> reportArgs = new java.util.ArrayList<>(List.of("report", json.toString()));
                Path recordings = jfrDirectory(jmh);
                if (recordings != null && Files.isDirectory(recordings)) {
                    reportArgs.addAll(List.of("--jfr", recordings.toString())); // where the time goes, with the run
                }
                int report = Main.execute(new PrintWriter(System.out, true), err, reportArgs.toArray(String[]::new));
                return exit != ExitCode.SUCCESS.code() ? exit : report;
            }
        }
        return exit;
    }

    /**
     * Where the run's recordings go: our {@link FlightRecordingProfiler}'s ({@code -prof NAME:dir=DIR}) or JMH's
     * jfr profiler's ({@code -prof jfr:dir=DIR;...}), or null without either.
     */
    static Path jfrDirectory(List<String> jmh) {
        for (int i = 0; i + 1 < jmh.size(); i++) {
            String value = jmh.get(i + 1);
            if (!jmh.get(i).equals("-prof")) {
                continue;
            }
            boolean ours = value.equals(FlightRecordingProfiler.NAME) || value.startsWith(FlightRecordingProfiler.NAME + ":");
            if (ours || value.equals("jfr") || value.startsWith("jfr:")) {
                for (String option : value.substring(value.indexOf(':') + 1).split(";")) {
                    if (option.startsWith("dir=")) {
                        return Path.of(option.substring("dir=".length()));
                    }
                }
                return Path.of(ours ? FlightRecordingProfiler.DEFAULT_DIR : "."); // JMH's default: the working directory
            }
        }
        return null;
    }

    /**
     * Whether the run's results are JMH JSON, kept as the run goes: asked for by -rf json or --report,
     * or by a result file named *.json with no -rf (JMH would otherwise write its default format into
     * it, and a run cut short would keep nothing).
     */
    static boolean keepsJson(RunOptions run) {
        String file = run.option("rff");
        return run.report() || run.design() != null || "json".equals(run.option("rf"))
                || run.option("rf") == null && file != null && file.toLowerCase(Locale.ROOT).endsWith(".json");
    }

    /**
     * Runs JMH through its Runner, with the results written as each benchmark finishes
     * ({@link PartialResults}); a finding (exit 1) when any configuration failed, unusable input
     * (exit 2) when no benchmark matches.
     */
    static int measure(PrintWriter err, List<String> jmh, Path json) {
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(jmh.toArray(String[]::new));
        } catch (CommandLineOptionException e) {
            err.println(e.getMessage());
            return ExitCode.BAD_INPUT.code();
        }
        OutputFormat console = OutputFormatFactory.createFormatInstance(System.out,
                options.verbosity().orElse(VerboseMode.NORMAL));
        RunPlan plan = RunPlan.of(options, console);
        PartialResults format = new PartialResults(console, json, plan);
        try {
            new Runner(options, format).run();
        } catch (ProfilersFailedException e) {
            err.println("A profiler cannot run here (" + firstLine(e) + "); -lprof lists those that can.");
            return ExitCode.BAD_INPUT.code();
        } catch (NoBenchmarksException e) {
            err.println("No benchmark matches " + (options.getIncludes().isEmpty() ? "the run" : String.join(", ",
                    options.getIncludes())) + "; -l lists the benchmarks this jar carries.");
            return ExitCode.BAD_INPUT.code();
        } catch (RunnerException e) {
            // -foe true: JMH stopped at the first failure, whose log it has printed.
            err.println("The run stopped at a failed benchmark (" + firstLine(e) + "); the results finished before it are "
                    + (json == null ? "not kept (add -rf json to keep them)." : "in " + json + "."));
            return ExitCode.FINDING.code();
        }
        if (format.failed() > 0) {
            err.println(format.failed() + " of " + plan.configurations().size() + " configuration(s) failed (their JMH "
                    + "log is above)" + (json == null ? "." : "; the others' results are in " + json
                    + ", and the failed ones are listed in " + Unfinished.fileFor(json) + "."));
            return ExitCode.FINDING.code();
        }
        return ExitCode.SUCCESS.code();
    }

    private static String firstLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = String.valueOf(root.getMessage());
        return message.lines().findFirst().orElse(message).strip();
    }
}
