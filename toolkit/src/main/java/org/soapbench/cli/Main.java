package org.soapbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.soapbench.gate.Compare;
import org.soapbench.hotspots.Hotspots;
import org.soapbench.report.Report;
import org.soapbench.results.ExitCode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Option;

/**
 * The launcher of benchmarks.jar: one picocli command whose subcommands are {@code run} (implied when
 * the first argument names no other), {@code report}, {@code compare}, {@code gate}, {@code hotspots},
 * {@code stacks}, {@code wire}, {@code noise} and {@code help}. Each answers {@code --help} and {@code --version};
 * an unknown option is one sentence on stderr and exit code 2. {@code run} hands every JMH option
 * to JMH unchanged, {@code -h} included, which lists JMH's own options as stock JMH does.
 */
@Command(name = "java -jar benchmarks.jar", sortOptions = false, usageHelpAutoWidth = true,
        description = {"soapbench: JMH benchmarks of Java SOAP stacks, and the tools over their results.",
                "Without a command the arguments are run's: profiles, settling and every JMH option (-h lists JMH's)."},
        footer = {"", "java -jar benchmarks.jar help COMMAND, or COMMAND --help, describes a command."})
public final class Main implements Runnable {

    /** The commands; any other first argument starts {@code run}. */
    static final Set<String> COMMANDS = Set.of("run", "report", "compare", "gate", "hotspots", "stacks", "wire", "noise",
            "help");
    /** What exit code 1 ({@link ExitCode#FINDING}) means for each command; 0 and 2 mean the same everywhere. */
    private static final Map<String, String> FINDINGS = Map.of(
            "run", "a configuration failed (the results of the others are written)",
            "report", "the report is written, but its results lack configurations their run planned (a failed or "
                    + "unfinished run: RESULT.json.missing)",
            "compare", "a finding: a regression, the suite slower as a whole, or a configuration of base failed or missing in new",
            "gate", "a finding: a regression, the suite slower as a whole, or a configuration of base failed or missing in head",
            "hotspots", "never",
            "stacks", "a stack cannot be loaded",
            "wire", "never",
            "noise", "never");

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit (-h shows JMH's options).")
    boolean help;

    @Option(names = "--version", versionHelp = true, description = "Print the version and exit.")
    boolean version;

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the command line; the exit code. */
    static int execute(PrintWriter out, PrintWriter err, String... args) {
        boolean named = args.length > 0 && (COMMANDS.contains(args[0]) || args[0].equals("--help")
                || args[0].equals("--version"));
        List<String> line = new ArrayList<>();
        if (!named) {
            line.add("run");
        }
        line.addAll(Arrays.asList(args));
        return commandLine(out, err).execute(line.toArray(String[]::new));
    }

    /** The whole command tree, writing to {@code out} and {@code err}. */
    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine top = new CommandLine(new Main());
        top.addSubcommand(RunCommand.commandLine(RunRequest.COMMAND_LINE));
        top.addSubcommand(new CommandLine(new Report()));
        CommandLine compare = Compare.commandLine(out, err);
        top.addSubcommand(compare);
        CommandLine gate = new CommandLine(new GateCommand());
        gate.setUnmatchedOptionsArePositionalParams(true); // JMH's options pass through, as for run
        top.addSubcommand(gate);
        top.addSubcommand(new CommandLine(new Hotspots()));
        top.addSubcommand(new CommandLine(new StackList()));
        top.addSubcommand(new CommandLine(new WireTable()));
        top.addSubcommand(new CommandLine(new NoiseCommand()));
        top.addSubcommand(new CommandLine(new CommandLine.HelpCommand()));
        configure(top, version(), out, err);
        // picocli asks the top command's handlers; each command's error is handled as if it had run alone:
        // compare by its own rule (every unusable input is exit 2), every other command by one sentence.
        IParameterExceptionHandler badLine = oneSentence(err);
        IParameterExceptionHandler compareBadLine = compare.getParameterExceptionHandler();
        IExecutionExceptionHandler failed = failure(err);
        IExecutionExceptionHandler compareFailed = compare.getExecutionExceptionHandler();
        top.setParameterExceptionHandler((e, a) -> (e.getCommandLine() == compare ? compareBadLine : badLine)
                .handleParseException(e, a));
        top.setExecutionExceptionHandler((e, c, p) -> (c == compare ? compareFailed : failed).handleExecutionException(e, c, p));
        return top;
    }

    private static void configure(CommandLine cli, String[] version, PrintWriter out, PrintWriter err) {
        cli.getCommandSpec().version(version);
        String finding = FINDINGS.get(cli.getCommandName());
        if (finding != null) {
            Map<String, String> codes = new LinkedHashMap<>();
            for (ExitCode code : ExitCode.values()) {
                codes.put(" " + code.code(), code == ExitCode.FINDING ? finding : code.meaning());
            }
            cli.getCommandSpec().usageMessage().exitCodeListHeading("Exit codes:%n").exitCodeList(codes);
        }
        cli.setOut(out);
        cli.setErr(err);
        cli.setExpandAtFiles(false); // JMH's arguments pass as written, even one that starts with @
        cli.getSubcommands().values().forEach(sub -> configure(sub, version, out, err));
    }

    /** A bad command line: what is wrong and where help is, in one line, and exit code 2. */
    private static IParameterExceptionHandler oneSentence(PrintWriter err) {
        return (e, args) -> {
            String message = e.getMessage().endsWith(".") ? e.getMessage().substring(0, e.getMessage().length() - 1)
                    : e.getMessage();
            String name = e.getCommandLine().getCommandName();
            err.println(message + "; see " + (name.startsWith("java ") ? "" : name + " ") + "--help.");
            return ExitCode.BAD_INPUT.code();
        };
    }

    /**
     * Unusable input found while running (a command throws IllegalArgumentException, or cannot read
     * or write a file): one sentence, exit 2, no stack trace.
     */
    private static IExecutionExceptionHandler failure(PrintWriter err) {
        return (e, cli, parseResult) -> {
            if (e instanceof IllegalArgumentException) {
                err.println(e.getMessage());
                return ExitCode.BAD_INPUT.code();
            }
            IOException io = e instanceof IOException i ? i : e instanceof UncheckedIOException u ? u.getCause() : null;
            if (io != null) {
                err.println(cli.getCommandName() + " cannot " + ioSentence(io)
                        + "; expected readable input files and a writable output location.");
                return ExitCode.BAD_INPUT.code();
            }
            throw e;
        };
    }

    /** "read/write FILE: reason" from an I/O exception, without a stack trace. */
    static String ioSentence(IOException e) {
        String kind = e.getClass().getSimpleName().replaceAll("Exception$", "").replaceAll("([a-z])([A-Z])", "$1 $2")
                .toLowerCase(java.util.Locale.ROOT);
        String what = e instanceof java.nio.file.FileSystemException f ? f.getFile()
                + (f.getReason() != null ? " (" + f.getReason() + ")" : "") : String.valueOf(e.getMessage());
        return "use " + what + ": " + kind;
    }

    /** "soapbench VERSION" from the jar's Maven metadata ("development build" outside the jar), and the JVM. */
    static String[] version() {
        String v = "development build";
        try (InputStream in = Main.class.getResourceAsStream(
                "/META-INF/maven/org.soapbench/soapbench-toolkit/pom.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                v = p.getProperty("version", v);
            }
        } catch (IOException e) {
            // the fallback says it
        }
        return new String[] {"soapbench " + v, "JVM: " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version")};
    }

    @Override
    public void run() {
        // Only reached with --help or --version, which picocli answers; any other line starts run.
    }
}
