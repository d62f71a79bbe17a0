package org.soapbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.soapbench.gate.Compare;
import org.soapbench.gate.Comparison;
import org.soapbench.paired.OneCpuJvm;
import org.soapbench.paired.PairedRun;
import org.soapbench.results.ExitCode;
import org.soapbench.results.Metric;

/** The gate's verdict once its forks have run: judged as {@code compare} judges, with what the run adds to say. */
final class GateVerdict {

    private GateVerdict() {
    }

    /**
     * Judges base (side 0) against head (side 1) into {@code gate.md} and {@code gate.json}; a finding
     * when either side has no result at all, or when a configuration failed though the verdict passed.
     */
    static int judge(PairedRun gate, int failed, Path dir, Comparison.Settings judging, Metric metric, PrintWriter console,
                     List<String> notes) throws IOException {
        if (!Files.isRegularFile(gate.json(0))) {
            console.println("gate: no configuration ran on base, so there is nothing to judge; the forks' logs are in "
                    + dir.resolve("forks") + ".");
            return ExitCode.FINDING.code();
        }
        if (!Files.isRegularFile(gate.json(1))) {
            String sentence = gate.failedOn(1).size() + " configuration(s) of base failed or missing in head, every one "
                    + "that ran: " + String.join("; ", gate.failedOn(1)) + ". The forks' logs are in " + dir.resolve("forks") + ".";
            console.println("gate: " + sentence);
            Files.writeString(dir.resolve("gate.md"), "### soapbench gate: every configuration failed on head\n\n"
                    + sentence + "\n", StandardCharsets.UTF_8);
            return ExitCode.FINDING.code();
        }
        int judged = Compare.judge(gate.json(0), gate.json(1), judging, metric, console, dir.resolve("gate.md"),
                dir.resolve("gate.json"), notes);
        console.println("gate: results in " + dir.toAbsolutePath());
        return failed > 0 && judged == ExitCode.SUCCESS.code() ? ExitCode.FINDING.code() : judged;
    }

    /**
     * What the verdict notes beside the figures (judge itself adds what either side's run did not
     * finish): the injected slowdown, the sides' runtimes, and how the forks ran.
     */
    static List<String> notes(List<Injection> injected, GateSides sides, String design) {
        List<String> notes = new ArrayList<>();
        if (!injected.isEmpty()) {
            notes.add("the head was slowed on purpose by " + Injection.describe(injected) + " (--inject-slowdown): a power "
                    + "self-test, not a real change.");
        }
        if (sides.runtimes()) {
            String own = " on " + OneCpuJvm.ownJava();
            notes.add("runtimes: base" + (sides.base.java() == null ? own : "") + sides.base + ", head"
                    + (sides.headRuntime.java() == null ? own : "") + sides.headRuntime + "; each side's JDK is in its results.");
        }
        notes.add(design);
        return notes;
    }
}
