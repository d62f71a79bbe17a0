package org.soapbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.soapbench.paired.DuetPlan;
import org.soapbench.paired.DuetRun;
import org.soapbench.paired.SameMoment;
import org.soapbench.results.Configuration;
import org.soapbench.results.ExitCode;
import org.soapbench.results.Unfinished;

/**
 * {@code run --design}: the run's configurations in duets ({@link DuetPlan}), every fork a JVM pinned
 * to one CPU with the settings a JVM alone on one CPU would otherwise choose for itself (as the
 * same-moment gate's), run at the same moment or interleaved ({@link DuetRun}), into the one result
 * file the report reads.
 */
final class DesignedRun {

    private static final int CPU_A = 0;
    private static final int CPU_B = 1;

    private DesignedRun() {
    }

    /**
     * The settings every fork of the run gets, as run's own arguments: what the run was given (its
     * profiles expanded) without what each fork sets itself, and the one-CPU JVM. Taken before the run
     * adds its own facts, which each fork's run adds for itself.
     */
    static List<String> settings(RunOptions run) {
        List<String> out = new ArrayList<>(run.settingsArguments(Set.of("f", "foe", "rf", "rff", "bm")));
        out.addAll(List.of("-jvmArgsAppend", GateCommand.oneCpuJvm(String.join(" ", out))));
        return out;
    }

    static int measure(PrintWriter err, RunOptions run, List<String> settings, List<String> jmh, Path json)
            throws Exception {
        CommandLineOptions options;
        int[] cpus;
        try {
            options = new CommandLineOptions(jmh.toArray(String[]::new));
            if (!run.threadCounts().isEmpty() || options.getThreads().orElse(1) != 1) {
                throw new IllegalArgumentException("--design " + run.design().id() + " pins each fork to one CPU, so it "
                        + "measures one thread; use --design jmh (JMH's own order, unpinned), or drop -t and --threads.");
            }
            cpus = GateCommand.pinnedCpus(CPU_A + "," + CPU_B, "--design jmh (JMH's own order, unpinned)");
        } catch (CommandLineOptionException | IllegalArgumentException e) {
            err.println(e.getMessage());
            return ExitCode.BAD_INPUT.code();
        }
        List<DuetRun.Config> configs = RunPlan.of(options, OutputFormatFactory.createFormatInstance(System.out,
                VerboseMode.SILENT)).configurations().stream()
                .map(c -> new DuetRun.Config(c.benchmark(), c.mode(), c.params())).toList();
        if (configs.isEmpty()) {
            err.println("No benchmark matches " + String.join(", ", options.getIncludes())
                    + "; -l lists the benchmarks this jar carries.");
            return ExitCode.BAD_INPUT.code();
        }
        int rounds = Math.max(1, (options.getForkCount().orElse(1) + 1) / 2);
        long seed = new java.util.Random().nextLong();
        DuetPlan plan = DuetPlan.of(configs, DesignedRun::group, c -> c.benchmark() + " " + c.mode(), rounds, seed,
                cpus[0], cpus[1]);
        boolean sameMoment = run.design() == Design.SAME_MOMENT;
        Path dir = json.toAbsolutePath().getParent().resolve("duets");
        DuetRun duets = new DuetRun(new DuetRun.Setup(Path.of(System.getProperty("java.home"), "bin", "java"),
                GateCommand.ownJar(), settings, List.of("-Djmh.ignoreLock=true"), sameMoment, dir, json), configs,
                DuetPlan.forksPerConfiguration(rounds));
        PrintWriter out = new PrintWriter(System.out, true);
        out.printf("run: design %s: %d configuration(s), %d fork(s) each, in %d duets, one JVM pinned to each of CPUs %d "
                + "and %d%s; seed %d%n", run.design().id(), configs.size(), DuetPlan.forksPerConfiguration(rounds),
                plan.duets().size(), cpus[0], cpus[1], sameMoment ? ", " + SameMoment.IN_STEP
                        : ", one fork at a time", seed);
        out.println("run: every fork runs with " + String.join(" ", settings));
        int failed = duets.run(plan, out);
        if (failed > 0) {
            err.println(failed + " of " + configs.size() + " configuration(s) failed (their logs are under " + dir
                    + "); the others' results are in " + json + ", and the failed ones are listed in "
                    + Unfinished.fileFor(json) + ".");
            return ExitCode.FINDING.code();
        }
        return ExitCode.SUCCESS.code();
    }

    /** Configurations alike in everything but the stack: a stack cycle's members. */
    private static Object group(DuetRun.Config c) {
        return c.mode() + " " + Configuration.of(c.benchmark(), c.params(), 1).withStack("").text() + " " + c.benchmark();
    }
}
