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
import org.soapbench.bench.fork.SameMomentProfiler;
import org.soapbench.results.RunFiles;
import org.soapbench.results.Unfinished;

/**
 * Runs a {@link DuetPlan}: each duet's two forks at the same moment (each pinned to its CPU, meeting
 * before every iteration, {@code SameMomentProfiler}) or, interleaved, one after the other on the same
 * CPUs without meeting; every fork a JMH run of its own with {@code -f 1}. After every duet the run's
 * one result file is rewritten (each configuration's forks joined, {@link ForkMerge}; each fork's
 * {@code ·moment.id} names its duet) with what it lacks beside it ({@link Unfinished}), so that a run
 * cut short keeps what it measured. A configuration whose fork fails is not run again; the fork beside
 * it runs alone.
 */
public final class DuetRun {

    /** One configuration of the run: a benchmark in a mode with one value per parameter. */
    public record Config(String benchmark, String mode, Map<String, String> params) {

        String text() {
            return Unfinished.configuration(benchmark, mode, params);
        }
    }

    /**
     * @param java           the java launcher for every fork's run
     * @param jar            the benchmarks.jar every fork runs from
     * @param common         run's arguments every fork gets: the settings, profiles already expanded
     * @param hostProperties system properties for each fork's launching JVM
     * @param sameMoment     true: a duet's forks together, in step; false: one after the other
     * @param dir            where the forks' files and their meeting directories go
     * @param json           the run's result file
     */
    public record Setup(Path java, Path jar, List<String> common, List<String> hostProperties, boolean sameMoment,
                        Path dir, Path json) {
    }

    private final Setup setup;
    private final List<Config> configs;
    private final int forksEach;
    private final Map<Integer, List<JsonNode>> forks = new LinkedHashMap<>();
    private final Map<Integer, String> failed = new LinkedHashMap<>();

    public DuetRun(Setup setup, List<Config> configs, int forksEach) {
        this.setup = setup;
        this.configs = List.copyOf(configs);
        this.forksEach = forksEach;
    }

    /** Runs every duet of the plan in order; returns how many configurations failed. */
    public int run(DuetPlan plan, PrintWriter out) throws IOException, InterruptedException {
        Files.createDirectories(setup.dir());
        save();
        long started = System.nanoTime();
        int done = 0;
        int total = plan.duets().size() * 2;
        for (int d = 0; d < plan.duets().size(); d++) {
            DuetPlan.Duet duet = plan.duets().get(d);
            Path moment = setup.dir().resolve("moments").resolve(String.format(Locale.ROOT, "d%03d", d + 1));
            List<DuetPlan.Fork> running = new ArrayList<>();
            for (DuetPlan.Fork f : List.of(duet.first(), duet.second())) {
                if (failed.containsKey(f.configuration())) {
                    done++;
                } else {
                    running.add(f);
                }
            }
            ForkLauncher.freshMeeting(moment);
            if (running.size() < 2 || !setup.sameMoment()) {
                ForkLauncher.goneFrom(moment); // no one to wait for: each fork goes on alone
            }
            long t0 = System.nanoTime();
            List<Process> processes = new ArrayList<>();
            int[] exits = new int[running.size()];
            for (int i = 0; i < running.size(); i++) {
                int other = running.size() == 2 && setup.sameMoment() ? running.get(1 - i).cpu() : -1;
                if (i > 0 && !setup.sameMoment()) {
                    ForkLauncher.freshMeeting(moment); // the fork before left its arrivals here: no twin to meet
                    ForkLauncher.goneFrom(moment);
                }
                processes.add(launch(running.get(i), other, d, moment));
                if (!setup.sameMoment()) {
                    exits[i] = ForkLauncher.waitForAll(List.of(processes.get(i)), null)[0];
                }
            }
            if (setup.sameMoment()) {
                exits = ForkLauncher.waitForAll(processes, moment);
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            for (int i = 0; i < running.size(); i++) {
                DuetPlan.Fork f = running.get(i);
                Config config = configs.get(f.configuration());
                Path log = file(f, d, ".log");
                JsonNode fork = ForkMerge.readFork(file(f, d, ".json"));
                done++;
                if (exits[i] != 0 || fork == null) {
                    failed.put(f.configuration(), "failed (exit " + exits[i] + ", log " + log + ")");
                    out.printf(Locale.ROOT, "run: %d/%d duet %d cpu %d %s: FAILED (exit %d); the last lines of %s:%n", done,
                            total, d + 1, f.cpu(), config.text(), exits[i], log);
                    ForkLauncher.tail(log, 8).forEach(l -> out.println("run:   " + l));
                } else {
                    forks.computeIfAbsent(f.configuration(), k -> new ArrayList<>()).add(fork);
                    out.printf(Locale.ROOT, "run: %d/%d duet %d cpu %d %s: %.4g %s (%.0f s, %.0f min so far)%n", done, total,
                            d + 1, f.cpu(), config.text(), fork.at("/primaryMetric/score").asDouble(),
                            fork.at("/primaryMetric/scoreUnit").asText(), seconds, (System.nanoTime() - started) / 60e9);
                }
            }
            out.flush();
            save();
        }
        return failed.size();
    }

    /** @param otherCpu the CPU of the fork run at the same moment beside this one, or -1 */
    private Process launch(DuetPlan.Fork f, int otherCpu, int duet, Path moment) throws IOException {
        Config config = configs.get(f.configuration());
        List<String> args = new ArrayList<>(setup.common());
        args.addAll(List.of("-f", "1", "-foe", "true", "-bm", config.mode(), "-rf", "json", "-rff",
                file(f, duet, ".json").toString()));
        config.params().forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
        args.addAll(List.of("-prof", SameMomentProfiler.class.getName(), "-jvmArgsAppend",
                "-D" + SameMomentProfiler.PROPERTY + "=" + moment.toAbsolutePath()));
        args.addAll(SameMoment.swappingCpus(f.cpu(), otherCpu));
        args.add("^" + Pattern.quote(config.benchmark()) + "$");
        return ForkLauncher.launch(setup.java(), setup.hostProperties(), setup.jar(), args, f.cpu(), file(f, duet, ".log"));
    }

    private Path file(DuetPlan.Fork f, int duet, String suffix) {
        return setup.dir().resolve("forks").resolve(String.format(Locale.ROOT, "d%03d-c%03d-cpu%d%s", duet + 1,
                f.configuration(), f.cpu(), suffix));
    }

    /** The run's file as far as it goes, and what it lacks. */
    private void save() throws IOException {
        List<JsonNode> results = new ArrayList<>();
        List<Unfinished.Entry> missing = new ArrayList<>();
        for (int c = 0; c < configs.size(); c++) {
            List<JsonNode> f = forks.getOrDefault(c, List.of());
            if (failed.containsKey(c)) {
                missing.add(new Unfinished.Entry(Unfinished.FAILED, configs.get(c).text()));
            } else if (f.isEmpty()) {
                missing.add(new Unfinished.Entry(Unfinished.NOT_RUN, configs.get(c).text()));
            } else if (f.size() < forksEach) {
                missing.add(new Unfinished.Entry(Unfinished.RUNNING, configs.get(c).text() + " (" + f.size() + " of "
                        + forksEach + " forks)"));
            }
            if (!f.isEmpty() && !failed.containsKey(c)) {
                results.add(ForkMerge.merge(f));
            }
        }
        if (!results.isEmpty()) {
            Files.createDirectories(setup.json().toAbsolutePath().getParent());
            RunFiles.writeResults(results, setup.json());
        }
        Unfinished.write(setup.json(), missing);
    }
}
