package org.soapbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.soapbench.bench.fork.SettlingRule;
import org.soapbench.gate.Comparison;
import org.soapbench.gate.VerdictOptions;
import org.soapbench.paired.Design;
import org.soapbench.paired.ForkConfig;
import org.soapbench.paired.OneCpuJvm;
import org.soapbench.paired.PairedRun;
import org.soapbench.paired.SameMoment;
import org.soapbench.paired.Schedule;
import org.soapbench.results.Metric;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gate}: base and head measured side by side and judged in one command, from the base's jar (its
 * profile sets both sides' settings, its code judges; the head's jar only runs its benchmarks).
 * {@link Schedule} orders the forks, {@link PairedRun} runs them, {@link GateVerdict} judges.
 */
@Command(name = "gate", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Measures base and head side by side, then judges them as compare does: for every configuration "
                + "and round, one fork of each side, in a randomized balanced order, either at the same moment (each "
                + "pinned to a CPU of its own, iterations started together: ci's and the default), together on one CPU "
                + "they share (--design same-cpu: ci-secured's) or back to back (--design interleaved); forks of one round "
                + "are compared pairwise. Run it from the base's benchmarks.jar: the base's profile (default ci) sets both "
                + "sides' settings and design, and the base's code judges.",
                "Two builds: gate --head HEAD/benchmarks.jar. Two stacks of this jar: gate --base-param stack=cxf-4.1 "
                        + "--new-param stack=cxf."})
final class GateCommand implements Callable<Integer> {

    @Mixin
    GateSides sides;

    @Option(names = "--profile", paramLabel = "NAME", description = "the base's option sets giving both sides' settings "
            + "(default: ci; the base jar's own, or a file named by a path with a slash); options after them on the "
            + "command line win")
    List<String> profiles = new ArrayList<>();

    @Mixin
    GateRounds plan;

    @Mixin
    VerdictOptions verdict;

    @Mixin
    Injection.Options injection;

    @Option(names = "--out", paramLabel = "DIR", description = "where base.json, head.json, gate.md, gate.json and each "
            + "fork's log go (default: reports/gate-<date-time>)")
    Path out;

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Option(names = "--version", versionHelp = true, description = "Print the version and exit.")
    boolean version;

    @Parameters(paramLabel = "JMH-OPTION|REGEX", description = "JMH options and benchmark regexes, as for run "
            + "(e.g. -p stack=cxf SeismicQuery.small); -f, -rf and -rff are the gate's own")
    List<String> jmh = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter console = spec.commandLine().getOut();
        // Every option is read before any fork: what cannot work is one sentence, here.
        Comparison.Settings judging = verdict.settings(sides.baseParams, sides.newParams, false, true);
        List<Injection> injections = injection.parse();
        boolean injected = injections.stream().anyMatch(i -> i.fraction() > 0);
        verdict.metric();
        sides.check();
        if (sides.runtimes()) {
            judging = judging.allowingRuntimes(RuntimeSide.jvmOptions(sides.base, sides.headRuntime));
        }
        // The pass-through arguments are run's, parsed as run parses them; the profiles are the gate's own.
        RunOptions run = RunOptions.of(RunCommand.request(jmh.toArray(String[]::new))
                .withProfiles(profiles.isEmpty() ? List.of("ci") : profiles));
        if (run.listsOnly()) {
            throw new IllegalArgumentException("gate measures; -l, -lp, -lprof, -lrf and -h belong to run.");
        }
        Design design = plan.design(run.design());
        int[] pinned = plan.pinnedCpus(design);
        run.addDefaultStacks(); // without -p stack=, the stacks the base jar carries for a default run
        ForkConfig.Sides configs = ForkConfig.sides(RunPlan.of(run.jmh()).configurations(), sides.baseParams, sides.newParams);
        if (configs.base().isEmpty()) {
            throw new IllegalArgumentException("No benchmark matches " + String.join(", ", run.jmh().getIncludes())
                    + (sides.baseParams.isEmpty() ? "" : " with parameters " + sides.baseParams.keySet())
                    + "; -l lists the benchmarks this jar carries.");
        }
        Path self = OneCpuJvm.ownJar();
        Path headJar = sides.headJar(self);
        int n = plan.rounds(run.jmh());
        long s = plan.seed();
        Path dir = out != null ? out : Path.of("reports", "gate-" + LocalDateTime.now().format(
                DateTimeFormatter.ofPattern("yyyy-MM-dd-HHmmss")));
        List<String> common = new ArrayList<>(run.settingsArguments(Set.of("f", "foe", "rf", "rff", "bm")));
        if (verdict.metric() == Metric.WALL) {
            // Forks settle on what is judged: wall time, with the JIT under 1%, instead of CPU time.
            common.addAll(List.of("-jvmArgsAppend", "-D" + SettlingRule.METRIC_PROPERTY + "=" + SettlingRule.Judged.WALL.id()));
        }
        RuntimeSide.oneGcChoice(common, sides.base, sides.headRuntime);
        String shared = String.join(" ", common);
        PairedRun gate = sides.forks(self, headJar, common, configs, injections, pinned != null, dir, n);
        String oneCpu = OneCpuJvm.options(shared);
        console.printf("gate: %d configuration(s) x %d rounds x 2 sides = %d forks, seed %d%n", configs.base().size(), n,
                configs.base().size() * n * 2, s);
        console.println("gate: base " + self + sides.baseParams + sides.base + ", head " + headJar + sides.newParams
                + sides.headRuntime);
        console.println("gate: both sides run with " + shared + " -f 1" + (pinned == null ? "" : " -jvmArgsAppend \"" + oneCpu + "\""));
        console.println("gate: design " + designText(design, pinned));
        if (injected) {
            console.println("gate: the head is slowed by " + Injection.describe(injections) + " (power self-test; the base's "
                    + "forks of those configurations run the same code with no extra call)");
        }
        console.flush();
        int failed = gate.run(Schedule.meetings(pinned == null ? Schedule.of(configs.base().size(), n, s)
                : design == Design.SAME_CPU ? Schedule.sameCpu(configs.base().size(), n, s, pinned[0], pinned[1])
                : Schedule.sameMoment(configs.base().size(), n, s, pinned[0], pinned[1]), pinned != null), console);
        String how = switch (design) {
            case INTERLEAVED -> "design: interleaved rounds";
            case SAME_CPU -> "design: same CPU, base and head pinned to one CPU they share (" + oneCpu + "), iterations in step";
            default -> "design: same moment, one pinned JVM per CPU (" + oneCpu + "), iterations in step";
        };
        return GateVerdict.judge(gate, failed, dir, judging, verdict.metric(), console, GateVerdict.notes(injected
                ? injections : List.of(), sides, how + "; randomized order, seed " + s + "; forks and logs in "
                + dir.resolve("forks") + "."));
    }

    /** How the rounds run, for the console: the design, and the CPUs it pins to. */
    private static String designText(Design design, int[] pinned) {
        return switch (design) {
            case INTERLEAVED -> "interleaved: one fork at a time, base and head of a round back to back";
            case SAME_CPU -> "same-cpu: base and head of a round together on one CPU, which they share, a round's pair on "
                    + "each of CPUs " + pinned[0] + " and " + pinned[1] + " at once";
            default -> "same-moment: base and head of a round together, " + (pinned[0] == pinned[1]
                    ? "both pinned to CPU " + pinned[0] + ", which they share" : "pinned to CPUs " + pinned[0] + " and "
                    + pinned[1]) + ", " + SameMoment.IN_STEP;
        };
    }
}
