package org.soapbench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.soapbench.gate.Compare;
import org.soapbench.hotspots.Hotspots;
import org.soapbench.report.Report;
import org.soapbench.results.RunFiles;

/**
 * The launcher of benchmarks.jar: a few subcommands of our own, named profiles, and everything else
 * handed to JMH unchanged, so every stock JMH option ({@code -l}, regex filters, {@code -p},
 * {@code -f}, {@code -wi}, {@code -i}, {@code -prof}, {@code -rf}, {@code -rff}, {@code -h}) works.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        String command = args.length == 0 ? "" : args[0];
        String[] rest = args.length == 0 ? args : Arrays.copyOfRange(args, 1, args.length);
        switch (command) {
            case "stacks" -> System.exit(StackList.run(rest));
            case "wire" -> System.exit(WireTable.run(rest));
            case "report" -> System.exit(Report.run(rest));
            case "hotspots" -> System.exit(Hotspots.run(rest));
            case "compare" -> System.exit(Compare.run(rest));
            case "help", "--help" -> usage();
            default -> System.exit(runJmh(args));
        }
    }

    /** A JMH run with profiles merged in; with {@code --report}, the report follows the run. */
    static int runJmh(String[] args) throws Exception {
        RunOptions run;
        try {
            run = RunOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            return 2;
        }
        Path json = null;
        if (run.report() || "json".equals(run.option("rf"))) {
            run.set("rf", "json");
            if (run.option("rff") == null) {
                Path file = RunFiles.newRunJson();
                Files.createDirectories(file.getParent());
                run.set("rff", file.toString());
            }
            json = Path.of(run.option("rff"));
        }
        if (!run.listsOnly()) {
            run.addRunMetadata();
            if (run.settleNote() != null) {
                System.out.println("# soapbench: " + run.settleNote());
            }
        }
        List<String> jmh = run.jmhArguments();
        System.out.println("# soapbench: JMH " + String.join(" ", jmh));
        org.openjdk.jmh.Main.main(jmh.toArray(String[]::new)); // exits the JVM itself on failure
        if (json != null) {
            System.out.println("# soapbench: JMH results in " + json.toAbsolutePath());
        }
        if (run.report() && json != null) {
            return Report.run(new String[] {json.toString()});
        }
        return 0;
    }

    private static void usage() {
        System.out.println("""
                Usage: java -jar benchmarks.jar [--profile NAME]... [--settle off|SECONDS] [JMH options] [benchmark regex...]
                       --settle: each fork calls its benchmark until the JIT is quiet and times are flat, up to
                                 this ceiling (default 60s), before JMH's warm-up; -wi/-w on the command line turn it off
                       java -jar benchmarks.jar report [--out DIR] RESULT.json...   charts and tables from JMH JSON
                       java -jar benchmarks.jar hotspots [--md FILE] RECORDING.jfr|DIR...   where the time goes, by component
                       java -jar benchmarks.jar compare [--md FILE] BASE.json NEW.json   regression gate: exit 1 if slower (compare -h)
                       java -jar benchmarks.jar stacks     the stacks this jar carries, their versions and capabilities
                       java -jar benchmarks.jar wire       bytes on the wire per request and response, per configuration
                       java -jar benchmarks.jar -h         JMH's own options
                Profiles (jmh-profiles/): %s
                Benchmarks: SeismicQuery (small, large), SizeSweep, Floor, CryptoFloor, PipeCost; list them with -l."""
                .formatted(String.join(", ", RunOptions.known())));
    }
}
