package org.soapbench.cli;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import org.soapbench.bench.fork.SettlingRule;
import org.soapbench.paired.Beside;
import org.soapbench.paired.Design;
import org.soapbench.paired.SameMoment;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code run} (the command when none is named): a JMH run with named profiles merged in
 * ({@link RunOptions}), every JMH option passed to JMH as written; with {@code --report}, the report
 * follows. picocli reads soapbench's own options, once, into their types (a {@link RunRequest});
 * every other argument, JMH's options included, reaches {@link RunOptions} as written and in its order.
 * What the run then does is the {@link Launcher}'s.
 */
@Command(name = "run", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Runs JMH benchmarks: named profiles, then the command line, which wins; every JMH option "
                + "passes to JMH unchanged (-h lists them; -l lists the benchmarks, -lp with their parameters).",
                "Benchmarks: SeismicQuery (small, large), SizeSweep, Floor, CryptoFloor, PipeCost."})
final class RunCommand implements Callable<Integer> {

    @Option(names = "--profile", paramLabel = "NAME", description = "Apply the jar's option set NAME (listed below), "
            + "or the file a path names (one with a slash, e.g. ./jmh-profiles/NAME); several combine in order.")
    List<String> profiles;

    @Option(names = "--settle", paramLabel = "off|SECONDS", description = "Each fork calls "
            + "its benchmark until the JIT is quiet and times are flat, up to this ceiling (default 60s), before JMH's "
            + "warm-up; -wi or -w on the command line turn it off unless it is given too.")
    SettlingRule.Settings settle;

    @Option(names = "--threads", paramLabel = "N,N...|sweep", description = "One JMH run "
            + "per thread count (JMH's -t takes one), results in one file, for the report's thread scaling; sweep: 1, 2, "
            + "4, ... up to twice the CPUs.")
    ThreadCounts threads;

    @Option(names = "--design", paramLabel = "same-moment|same-cpu|interleaved|jmh", description = "Run "
            + "every configuration in duets of forks, each JVM pinned to one CPU: configurations that differ only in the "
            + "stack meet in a cycle, so the report compares stacks within duets; same-moment: a duet's forks together, "
            + SameMoment.IN_STEP + "; same-cpu: a duet's forks together on one CPU, which they share, a duet on each CPU "
            + "at once; interleaved: one after the other. Two forks a configuration for "
            + "each two of -f. jmh: no duets, JMH's own order, unpinned (for -t and --threads, or one CPU).")
    Design design;

    @Option(names = "--beside", paramLabel = "stacks|security|encoding[,...]", description = "With --design, what each "
            + "configuration is measured beside at the same moment: stacks (each stack beside each other one: the default), "
            + "security (each mode beside its plain twin: the cost of security), encoding (FI beside XML); several "
            + "together, e.g. stacks,security,encoding, each adding its duets.")
    Beside beside;

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

    /**
     * The command, as the launcher wires it: JMH's options are its arguments, passed on as written; its
     * own options' values are typed by the one parser of each, whose sentence names {@code where} they were given.
     */
    static CommandLine commandLine(String where) {
        CommandLine run = new CommandLine(new RunCommand());
        run.registerConverter(SettlingRule.Settings.class, v -> typed(v, where, SettlingRule.Settings::parse));
        run.registerConverter(ThreadCounts.class, v -> typed(v, where, ThreadCounts::parse));
        run.registerConverter(Design.class, v -> typed(v, where, RunCommand::design));
        run.registerConverter(Beside.class, v -> typed(v, where, (text, w) -> Beside.parse(text,
                w.equals(RunRequest.COMMAND_LINE) ? "" : w)));
        run.setUnmatchedOptionsArePositionalParams(true); // JMH's options are run's arguments, passed on as written
        run.setExpandAtFiles(false); // JMH's arguments pass as written, even one that starts with @
        run.getCommandSpec().usageMessage().footer("", "Profiles: " + String.join(", ", Profiles.known()) + ".");
        return run;
    }

    /** A value through its parser of (value, where); the parser's one sentence becomes picocli's. */
    private static <T> T typed(String value, String where, BiFunction<String, String, T> parser) {
        try {
            return parser.apply(value, where);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    /** A design, named in a profile's sentence by where it was given (the command line goes without saying). */
    private static Design design(String text, String where) {
        try {
            return Design.parse(text);
        } catch (IllegalArgumentException e) {
            throw where.equals(RunRequest.COMMAND_LINE) ? e : new IllegalArgumentException(where + ": " + e.getMessage());
        }
    }

    /** What a run's command line asks ({@link #request(String, String...)} from the command line). */
    static RunRequest request(String... args) {
        return request(RunRequest.COMMAND_LINE, args);
    }

    /**
     * What a run's arguments ask, parsed as the command line is (the gate's pass-through arguments, a
     * profile's line); what cannot be parsed is an IllegalArgumentException with one sentence.
     */
    static RunRequest request(String where, String... args) {
        CommandLine cli = commandLine(where);
        try {
            cli.parseArgs(args);
        } catch (ParameterException e) {
            throw new IllegalArgumentException(e.getCause() instanceof TypeConversionException t ? t.getMessage()
                    : e.getMessage());
        }
        return cli.<RunCommand>getCommand().request();
    }

    /** The request picocli parsed into this command's fields. */
    private RunRequest request() {
        return new RunRequest(profiles == null ? List.of() : profiles, settle, threads, design, beside, report,
                jmh == null ? List.of() : jmh);
    }

    @Override
    public Integer call() throws Exception {
        return Launcher.run(spec.commandLine().getErr(), request());
    }
}
