package org.soapbench.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.soapbench.results.ExitCode;
import org.soapbench.results.RunFiles;

/**
 * What {@code run} does with what it was asked: the run's options ({@link RunOptions}), the facts
 * each result carries, then the forks in JMH's own order ({@link JmhRun}), in duets ({@link
 * DesignedRun}) or once per thread count ({@link ThreadSweep}), the results kept as JSON as they come,
 * and with {@code --report} the report.
 */
final class Launcher {

    private Launcher() {
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
        if (run.keepsJson()) {
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
        System.out.println("# soapbench: JMH " + String.join(" ", run.jmhArguments()));
        if (run.listsOnly()) {
            org.openjdk.jmh.Main.main(run.jmhArguments().toArray(String[]::new)); // lists or explains, as stock JMH
            return ExitCode.SUCCESS.code();
        }
        int exit;
        try {
            exit = run.design() != null ? DesignedRun.measure(err, run, forkSettings, json)
                    : run.threadCounts().isEmpty() ? JmhRun.measure(err, run.jmh(), json) : ThreadSweep.measure(err, run, json);
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return ExitCode.BAD_INPUT.code();
        }
        return json != null && Files.isRegularFile(json) ? reportAfter(err, run, json, exit) : exit;
    }

    /** Says where the results are and, with {@code --report}, writes the report: the worse exit of the two. */
    private static int reportAfter(PrintWriter err, RunOptions run, Path json, int exit) {
        System.out.println("# soapbench: JMH results in " + json.toAbsolutePath());
        if (!run.report()) {
            return exit;
        }
        // Through the whole command tree, so that report's errors read as they do when it runs alone.
        List<String> reportArgs = new ArrayList<>(List.of("report", json.toString()));
        Path recordings = run.recordings();
        if (recordings != null && Files.isDirectory(recordings)) {
            reportArgs.addAll(List.of("--jfr", recordings.toString())); // where the time goes, with the run
        }
        int report = Main.execute(new PrintWriter(System.out, true), err, reportArgs.toArray(String[]::new));
        return exit != ExitCode.SUCCESS.code() ? exit : report;
    }
}
