package org.soapbench.gate;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.soapbench.results.ExitCode;
import org.soapbench.results.JmhResult;
import org.soapbench.results.MachineState;
import org.soapbench.results.Metric;
import org.soapbench.results.Unfinished;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code compare BASE.json NEW.json}: the regression gate. Exit code 0 when no pair is a
 * regression, 1 when at least one is, 2 when the input cannot be used (then one sentence on stderr).
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = "Compares two JMH JSON results (-rf json) pair by pair: benchmarks with the same name, mode"
                + " and parameters. A pair is a regression when it is slower by more than the threshold and the"
                + " confidence interval of its ratio new/base excludes 1; a configuration of base that failed or is"
                + " missing in new fails the gate too. Both files must be measured alike (forks, iterations, times,"
                + " JVM arguments, JDK). A file whose run did not finish (RESULT.json.missing beside it) is read as far"
                + " as it goes.")
public final class Compare implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "BASE.json", description = "the baseline run")
    Path base;

    @Parameters(index = "1", paramLabel = "NEW.json",
            description = "the run to judge (may be the same file as BASE, with --base-param/--new-param)")
    Path next;

    @Mixin
    VerdictOptions verdict;

    @Option(names = "--base-param", paramLabel = "NAME=VALUE",
            description = "take base results with this parameter (e.g. stack=cxf-4.1) and pair them ignoring it")
    Map<String, String> baseParams = new LinkedHashMap<>();

    @Option(names = "--new-param", paramLabel = "NAME=VALUE",
            description = "take new results with this parameter (e.g. stack=cxf); same names as --base-param")
    Map<String, String> newParams = new LinkedHashMap<>();

    @Option(names = "--allow-different-settings", description = "compare even when the files were not measured alike "
            + "(different forks, iterations, times, JVM arguments or JDK); the ratios then measure the settings too")
    boolean allowDifferentSettings;

    @Option(names = "--paired", description = "test fork i of base against fork i of new (for files whose forks ran "
            + "side by side, as the gate command runs them)")
    boolean paired;

    @Option(names = "--md", paramLabel = "FILE", description = "also write the table as Markdown (e.g. for a CI job summary)")
    Path markdown;

    @Option(names = "--json", paramLabel = "FILE", description = "also write the verdicts as JSON")
    Path json;

    @Spec
    CommandSpec spec;

    private Compare() {
    }

    public static int run(PrintWriter out, PrintWriter err, String... args) {
        return commandLine(out, err).execute(args);
    }

    /** The command, with its rule that every unusable input is exit 2 with one sentence on {@code err}. */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Compare());
        cli.setOut(out);
        cli.setErr(err);
        // Every unusable input is exit 2 with one sentence, never 1, which a CI job reads as a regression.
        cli.setParameterExceptionHandler((e, a) -> {
            String message = e.getMessage().endsWith(".") ? e.getMessage().substring(0, e.getMessage().length() - 1)
                    : e.getMessage();
            err.println(message + "; expected compare BASE.json NEW.json [options], see compare --help.");
            return ExitCode.BAD_INPUT.code();
        });
        cli.setExecutionExceptionHandler((e, c, p) -> {
            if (e instanceof IllegalArgumentException) {
                err.println(e.getMessage());
            } else {
                err.println("compare failed: " + e);
            }
            return ExitCode.BAD_INPUT.code();
        });
        return cli;
    }

    @Override
    public Integer call() {
        Comparison.Settings settings = verdict.settings(baseParams, newParams, allowDifferentSettings, paired);
        try {
            return judge(base, next, settings, verdict.metric(), spec.commandLine().getOut(), markdown, json,
                    List.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Judges two result files, for compare and for the interleaved gate: prints the table, writes the
     * Markdown and JSON when asked, and returns the exit code (0 or 1; unusable input throws
     * IllegalArgumentException). The notes say first what either file's run did not finish, then
     * {@code extraNotes}. {@code metric} null: CPU time where both files carry it for every result, else wall time.
     */
    public static int judge(Path base, Path next, Comparison.Settings settings, Metric metric, PrintWriter out,
                            Path markdown, Path json, List<String> extraNotes) throws IOException {
        List<JmhResult> baseResults = JmhResult.read(base);
        List<JmhResult> newResults = JmhResult.read(next);
        List<JmhResult> both = java.util.stream.Stream.concat(baseResults.stream(), newResults.stream()).toList();
        Metric judged = metric != null ? metric : Metric.auto(both);
        Comparison comparison = Comparison.of(baseResults.stream().map(r -> judged.of(r, base.toString())).toList(),
                newResults.stream().map(r -> judged.of(r, next.toString())).toList(), settings, base.toString(),
                next.toString());
        List<String> runNotes = new ArrayList<>();
        for (Path file : base.equals(next) ? List.of(base) : List.of(base, next)) {
            Unfinished unfinished = Unfinished.read(file);
            if (unfinished != null) {
                runNotes.add(unfinished.sentence(file));
            }
        }
        runNotes.addAll(extraNotes);
        // The machine's state beside the verdicts: a reader sees whether they came from a quiet runner.
        MachineState.of(both).ifPresent(m -> runNotes.add(m.sentence(base.equals(next) ? "this run" : "these runs")));
        CpuBalance.of(comparison.pairs(), judged).ifPresent(b -> runNotes.add(b.sentence()));
        CompareReport report = new CompareReport(comparison, judged, base.toString(), next.toString(), runNotes);
        report.console(out);
        out.flush();
        if (markdown != null) {
            report.writeMarkdown(markdown);
        }
        if (json != null) {
            report.writeJson(json);
        }
        return (comparison.fails() ? ExitCode.FINDING : ExitCode.SUCCESS).code();
    }

    /** "5%", "5" or "0.5%" as a fraction, strictly between {@code min} and {@code max} percent. */
    public static double percent(String option, String text, double min, double max) {
        String number = text.strip().endsWith("%") ? text.strip().substring(0, text.strip().length() - 1) : text.strip();
        double value;
        try {
            value = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            value = Double.NaN;
        }
        if (!(value > min && value < max) && !(min == 0 && value == 0)) {
            throw new IllegalArgumentException(option + " must be a percentage above " + fmt(min) + "% and below "
                    + fmt(max) + "% (e.g. 5%), not '" + text + "'.");
        }
        return value / 100;
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
