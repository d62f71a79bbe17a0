package org.soapbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.ProfilersFailedException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.soapbench.results.ExitCode;
import org.soapbench.results.Unfinished;

/**
 * A run in JMH's own order: JMH's {@link Runner} in this JVM, with the results written as each
 * benchmark finishes ({@link PartialResults}).
 */
final class JmhRun {

    private JmhRun() {
    }

    /**
     * Runs JMH with these options; a finding (exit 1) when any configuration failed, unusable input
     * (exit 2) when no benchmark matches or a profiler cannot run.
     */
    static int measure(PrintWriter err, Options options, Path json) {
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
