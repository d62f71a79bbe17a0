package org.soapbench.paired;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.soapbench.results.RunFiles;
import org.soapbench.results.Unfinished;

/**
 * Runs the forks of two sides in the order of a {@link Schedule}, each fork a JMH run of one
 * configuration with {@code -f 1} launched from its side's jar with the same arguments: one after
 * another (interleaved rounds), or two at a time (same moment: base and head started together, each
 * pinned to a CPU of its own with {@code taskset}, meeting before every iteration in a directory of
 * their own so that their iterations run in step; see {@code SameMomentProfiler}), and keeps
 * {@code base.json} and {@code head.json} (each configuration's forks joined, {@link ForkMerge}) up to
 * date after every fork, with what they lack beside them ({@link Unfinished}), so that a run cut
 * short keeps what it measured. A configuration that fails on either side is not run again.
 */
public final class GateRun {

    /** One configuration: a benchmark in a mode, with each side's parameters (they differ in the compared stack). */
    public record Config(String benchmark, String mode, Map<String, String> baseParams, Map<String, String> headParams) {

        String text(boolean base) {
            return Unfinished.configuration(benchmark, mode, base ? baseParams : headParams);
        }
    }

    /**
     * @param java       the java launcher for both sides' JMH runs
     * @param baseJar    the base's benchmarks.jar
     * @param headJar    the head's benchmarks.jar (the same jar when two stacks of one jar are compared)
     * @param common     the run settings both sides get, as run's arguments (profile already expanded)
     * @param baseOwn    run's arguments for base's forks only: its runtime (-jvm, -jvmArgsAppend), or none
     * @param headOwn    the same for head's forks
     * @param baseExtra  extra arguments for the base's forks of a configuration (the injected slowdown's placebo), or none
     * @param headExtra  extra arguments for the head's forks of a configuration (the injected slowdown), or none
     * @param sameMoment extra arguments for both sides' forks run at the same moment, given the directory
     *                   they meet in; null for interleaved rounds (one fork at a time)
     */
    public record Setup(Path java, Path baseJar, Path headJar, List<String> common, List<String> baseOwn,
                        List<String> headOwn, List<String> hostProperties,
                        java.util.function.Function<Config, List<String>> baseExtra,
                        java.util.function.Function<Config, List<String>> headExtra,
                        java.util.function.Function<Path, List<String>> sameMoment, Path dir) {
    }

    private final Setup setup;
    private final List<Config> configs;
    private final int rounds;
    private final Map<Integer, List<JsonNode>> baseForks = new LinkedHashMap<>();
    private final Map<Integer, List<JsonNode>> headForks = new LinkedHashMap<>();
    private final Map<Integer, String> failed = new LinkedHashMap<>();
    /** The round in which a configuration failed: its other side still runs in that round, then no more. */
    private final Map<Integer, Integer> failedRound = new LinkedHashMap<>();

    public GateRun(Setup setup, List<Config> configs, int rounds) {
        this.setup = setup;
        this.configs = List.copyOf(configs);
        this.rounds = rounds;
    }

    public Path baseJson() {
        return setup.dir().resolve("base.json");
    }

    public Path headJson() {
        return setup.dir().resolve("head.json");
    }

    /**
     * Runs every slot of the schedule, one at a time, or with a same-moment setup two at a time (each
     * two consecutive slots together); returns how many configurations failed on either side.
     */
    public int run(List<Schedule.Slot> schedule, PrintWriter out) throws IOException, InterruptedException {
        Files.createDirectories(setup.dir().resolve("forks"));
        save();
        int done = 0;
        long started = System.nanoTime();
        int step = setup.sameMoment() == null ? 1 : 2;
        for (int i = 0; i < schedule.size(); i += step) {
            List<Schedule.Slot> slots = schedule.subList(i, Math.min(schedule.size(), i + step));
            Schedule.Slot first = slots.get(0);
            if (failedRound.containsKey(first.configuration()) && first.round() > failedRound.get(first.configuration())) {
                done += slots.size();
                continue;
            }
            Config config = configs.get(first.configuration());
            Path moment = step == 1 ? null : setup.dir().resolve("moments").resolve(String.format(Locale.ROOT, "r%d-c%03d",
                    first.round() + 1, first.configuration()));
            if (moment != null) {
                ForkLauncher.freshMeeting(moment);
            }
            long t0 = System.nanoTime();
            List<Process> processes = new ArrayList<>();
            for (int s = 0; s < slots.size(); s++) {
                Schedule.Slot slot = slots.get(s);
                int other = slots.size() == 2 ? slots.get(1 - s).cpu() : -1;
                processes.add(launch(config, slot, other, fork(slot, ".json"), fork(slot, ".log"), moment));
            }
            int[] exits = ForkLauncher.waitForAll(processes, moment);
            double seconds = (System.nanoTime() - t0) / 1e9;
            for (int s = 0; s < slots.size(); s++) {
                Schedule.Slot slot = slots.get(s);
                done++;
                String side = slot.base() ? "base" : "head";
                Path log = fork(slot, ".log");
                JsonNode fork = ForkMerge.readFork(fork(slot, ".json"));
                String cpu = slot.cpu() < 0 ? "" : " cpu " + slot.cpu();
                if (exits[s] != 0 || fork == null) {
                    failed.merge(slot.configuration(), side + " failed (exit " + exits[s] + ", log " + log + ")",
                            (a, b) -> a + "; " + b);
                    failedRound.putIfAbsent(slot.configuration(), slot.round());
                    out.printf(Locale.ROOT, "gate: %d/%d round %d %-4s%s %s: FAILED (exit %d); the last lines of %s:%n",
                            done, schedule.size(), slot.round() + 1, side, cpu, config.text(slot.base()), exits[s], log);
                    ForkLauncher.tail(log, 8).forEach(l -> out.println("gate:   " + l));
                } else {
                    (slot.base() ? baseForks : headForks).computeIfAbsent(slot.configuration(), k -> new ArrayList<>())
                            .add(fork);
                    out.printf(Locale.ROOT, "gate: %d/%d round %d %-4s%s %s: %.4g %s (%.0f s, %.0f min so far)%n", done,
                            schedule.size(), slot.round() + 1, side, cpu, config.text(slot.base()),
                            fork.at("/primaryMetric/score").asDouble(), fork.at("/primaryMetric/scoreUnit").asText(),
                            seconds, (System.nanoTime() - started) / 60e9);
                }
            }
            out.flush();
            save();
        }
        return failed.size();
    }

    private Path fork(Schedule.Slot slot, String suffix) {
        return setup.dir().resolve("forks").resolve(String.format(Locale.ROOT, "%s-r%d-c%03d%s",
                slot.base() ? "base" : "head", slot.round() + 1, slot.configuration(), suffix));
    }

    /** @param otherCpu the CPU of the fork started beside this one, or -1 */
    private Process launch(Config config, Schedule.Slot slot, int otherCpu, Path json, Path log, Path moment)
            throws IOException {
        boolean base = slot.base();
        List<String> args = new ArrayList<>(setup.common());
        args.addAll(base ? setup.baseOwn() : setup.headOwn());
        args.addAll(List.of("-f", "1", "-foe", "true", "-bm", config.mode(), "-rf", "json", "-rff", json.toString()));
        (base ? config.baseParams() : config.headParams()).forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
        args.addAll((base ? setup.baseExtra() : setup.headExtra()).apply(config));
        if (moment != null) {
            args.addAll(setup.sameMoment().apply(moment));
            args.addAll(SameMoment.swappingCpus(slot.cpu(), otherCpu));
        }
        args.add("^" + Pattern.quote(config.benchmark()) + "$");
        return ForkLauncher.launch(setup.java(), setup.hostProperties(), base ? setup.baseJar() : setup.headJar(), args,
                slot.cpu(), log);
    }

    /** The configurations that failed on head, as text, for a verdict when head has no result at all. */
    public List<String> failedOnHead() {
        return failed.entrySet().stream().filter(e -> e.getValue().contains("head failed"))
                .map(e -> configs.get(e.getKey()).text(false)).toList();
    }

    /** Both sides' files as far as they go, and what each lacks. */
    private void save() throws IOException {
        for (boolean base : new boolean[] {true, false}) {
            Map<Integer, List<JsonNode>> forks = base ? baseForks : headForks;
            List<JsonNode> results = new ArrayList<>();
            List<Unfinished.Entry> missing = new ArrayList<>();
            for (int c = 0; c < configs.size(); c++) {
                List<JsonNode> f = forks.getOrDefault(c, List.of());
                String side = base ? "base" : "head";
                if (failed.containsKey(c) && failed.get(c).contains(side + " failed")) {
                    missing.add(new Unfinished.Entry(Unfinished.FAILED, configs.get(c).text(base)));
                } else if (!f.isEmpty()) {
                    results.add(ForkMerge.merge(f));
                    if (f.size() < rounds && !failed.containsKey(c)) {
                        missing.add(new Unfinished.Entry(Unfinished.RUNNING, configs.get(c).text(base) + " ("
                                + f.size() + " of " + rounds + " forks)"));
                    }
                } else if (!failed.containsKey(c)) {
                    missing.add(new Unfinished.Entry(Unfinished.NOT_RUN, configs.get(c).text(base)));
                }
            }
            Path file = base ? baseJson() : headJson();
            if (!results.isEmpty()) {
                RunFiles.writeResults(results, file);
            }
            Unfinished.write(file, missing);
        }
    }

}
