package org.soapbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.openjdk.jmh.runner.options.Options;
import org.soapbench.paired.Beside;
import org.soapbench.paired.Design;
import org.soapbench.paired.DuetPlan;
import org.soapbench.paired.ForkConfig;
import org.soapbench.paired.ForkLauncher;
import org.soapbench.paired.OneCpuJvm;
import org.soapbench.paired.PairedRun;
import org.soapbench.paired.SameMoment;
import org.soapbench.results.Configuration;
import org.soapbench.results.ExitCode;
import org.soapbench.results.Unfinished;

/**
 * {@code run --design}: the run's configurations in duets ({@link DuetPlan}), every fork a JVM pinned
 * to one CPU with the settings a JVM alone on one CPU would otherwise choose for itself ({@link
 * OneCpuJvm}, as the same-moment gate's), run at the same moment or interleaved by the paired runner
 * ({@link PairedRun}), into the one result file the report reads.
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
        out.addAll(List.of("-jvmArgsAppend", OneCpuJvm.options(String.join(" ", out))));
        return out;
    }

    static int measure(PrintWriter err, RunOptions run, List<String> settings, Path json) throws Exception {
        Options options = run.jmh();
        if (!run.threadCounts().isEmpty() || options.getThreads().orElse(1) != 1) {
            throw new IllegalArgumentException("--design " + run.design().id() + " pins each fork to one CPU, so it "
                    + "measures one thread; use --design jmh (JMH's own order, unpinned), or drop -t and --threads.");
        }
        int[] cpus = OneCpuJvm.pinnedCpus(CPU_A + "," + CPU_B, "--design jmh (JMH's own order, unpinned)");
        List<ForkConfig> configs = RunPlan.of(options).configurations();
        if (configs.isEmpty()) {
            err.println("No benchmark matches " + String.join(", ", options.getIncludes())
                    + "; -l lists the benchmarks this jar carries.");
            return ExitCode.BAD_INPUT.code();
        }
        int rounds = Math.max(1, (options.getForkCount().orElse(1) + 1) / 2);
        long seed = new java.util.Random().nextLong();
        DuetPlan plan = DuetPlan.of(configs, pairings(run.beside()), c -> c.benchmark() + " " + c.mode(), rounds, seed,
                cpus[0], cpus[1]);
        if (run.design() == Design.SAME_CPU) {
            plan = plan.sharingCpus(cpus[0], cpus[1]);
        }
        int[] forks = plan.forksOf(configs.size());
        boolean sameMoment = run.design() != Design.INTERLEAVED;
        Path dir = json.toAbsolutePath().getParent().resolve("duets");
        Path jar = OneCpuJvm.ownJar();
        PairedRun duets = new PairedRun(OneCpuJvm.ownJava(), ForkLauncher.hostProperties(true), "run", sameMoment, dir,
                List.of(new PairedRun.Side(jar, settings, configs, c -> List.of(), SameMoment.meeting(jar, ""), json)),
                c -> forks[c]);
        PrintWriter out = new PrintWriter(System.out, true);
        int fewest = java.util.Arrays.stream(forks).min().orElse(0);
        int most = java.util.Arrays.stream(forks).max().orElse(0);
        out.printf("run: design %s: %d configuration(s), %s fork(s) each, in %d duets%s, %s%s; seed %d%n", run.design().id(),
                configs.size(), fewest == most ? fewest : fewest + "-" + most, plan.duets().size(),
                run.beside().equals(Beside.STACKS) ? "" : " (beside " + run.beside().text() + ")",
                run.design() == Design.SAME_CPU ? "both JVMs of a duet pinned to one CPU they share, a duet on each of CPUs "
                        + cpus[0] + " and " + cpus[1] + " at once"
                        : "one JVM pinned to each of CPUs " + cpus[0] + " and " + cpus[1],
                run.design() == Design.SAME_CPU ? ", iterations started at the same instant"
                        : sameMoment ? ", " + SameMoment.IN_STEP : ", one fork at a time", seed);
        out.println("run: every fork runs with " + String.join(" ", settings));
        int failed = duets.run(plan.meetings(), out);
        if (failed > 0) {
            err.println(failed + " of " + configs.size() + " configuration(s) failed (their logs are under " + dir
                    + "); the others' results are in " + json + ", and the failed ones are listed in "
                    + Unfinished.fileFor(json) + ".");
            return ExitCode.FINDING.code();
        }
        return ExitCode.SUCCESS.code();
    }

    /**
     * Who meets whom: configurations alike in everything but the stack in a cycle; each security mode
     * beside the plain configuration alike in everything else; FI beside the XML one.
     */
    static List<DuetPlan.Pairing<ForkConfig>> pairings(Beside beside) {
        List<DuetPlan.Pairing<ForkConfig>> out = new ArrayList<>();
        if (beside.has(Beside.Kind.STACKS)) {
            out.add(DuetPlan.Pairing.cycle(c -> group(c, config(c).withStack(""))));
        }
        if (beside.has(Beside.Kind.SECURITY)) {
            out.add(DuetPlan.Pairing.star(c -> group(c, config(c).withSecurity("")), c -> "plain".equals(config(c).security())));
        }
        if (beside.has(Beside.Kind.ENCODING)) {
            out.add(DuetPlan.Pairing.star(c -> group(c, config(c).withEncoding("")), c -> "xml".equals(config(c).encoding())));
        }
        return out;
    }

    private static Configuration config(ForkConfig c) {
        return Configuration.of(c.benchmark(), c.params(), 1);
    }

    /** The group key of a configuration with one parameter blanked: those alike in all else share it. */
    private static Object group(ForkConfig c, Configuration blanked) {
        return c.mode() + " " + blanked.text() + " " + c.benchmark();
    }
}
