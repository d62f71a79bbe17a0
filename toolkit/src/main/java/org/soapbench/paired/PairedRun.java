package org.soapbench.paired;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.regex.Pattern;
import org.soapbench.results.RunFiles;
import org.soapbench.results.Unfinished;

/**
 * Runs forks in pairs: the one runner of the gate's rounds ({@link Schedule}) and of run's duets
 * ({@link DuetPlan}). Every fork is a JMH run of one configuration with {@code -f 1}, started from its
 * side's jar by {@link ForkLauncher}. The forks of a {@link Meeting} start together, each pinned to its
 * CPU and meeting the other before every iteration ({@code SameMomentProfiler}), or one after the
 * other. After every meeting each side's result file is rewritten (each configuration's forks joined,
 * {@link ForkMerge}) with what it lacks beside it ({@link Unfinished}), so that a run cut short keeps
 * what it measured. A configuration whose fork fails is not started again after the round it failed
 * in; a fork meeting it runs alone.
 */
public final class PairedRun {

    /**
     * One side of the run: the gate's base or head, or the one side of run's duets.
     *
     * @param jar            the benchmarks.jar its forks run
     * @param arguments      run's arguments every fork of the side gets: the settings (profiles expanded), its runtime
     * @param configurations what its forks measure, by index; the gate's two sides list the same configurations,
     *                       each with its side's parameters
     * @param extra          more arguments for the forks of one configuration (the injected slowdown), or none
     * @param meeting        the arguments of a fork that meets another in the directory given
     * @param json           its result file
     */
    public record Side(Path jar, List<String> arguments, List<ForkConfig> configurations,
                       IntFunction<List<String>> extra, Function<Path, List<String>> meeting, Path json) {

        public Side {
            arguments = List.copyOf(arguments);
            configurations = List.copyOf(configurations);
        }

        /**
         * A side whose forks get the settings every side shares, then its own (its runtime), and meet
         * another fork with {@code meetingJvm} among their JVM options ({@link SameMoment#meeting}).
         */
        public static Side of(Path jar, List<String> common, List<String> own, List<ForkConfig> configurations,
                              IntFunction<List<String>> extra, String meetingJvm, Path json) {
            List<String> arguments = new ArrayList<>(common);
            arguments.addAll(own);
            return new Side(jar, arguments, configurations, extra, SameMoment.meeting(jar, meetingJvm), json);
        }
    }

    /**
     * One fork: of which side and configuration (indexes), on which CPU (-1: wherever the system puts
     * it), how the console names it, and the name of its files (.json, .log) under {@code forks/}.
     */
    public record Fork(int side, int configuration, int cpu, String label, String file) {
    }

    /**
     * Forks started at the same moment, or one after the other, in the directory {@code moments/NAME}
     * when {@code meeting} names one (null: none).
     *
     * @param round forks of a configuration that failed in an earlier round are not started (each of run's
     *              duets is a round of its own)
     */
    public record Meeting(int round, List<Fork> forks, String meeting) {

        public Meeting {
            forks = List.copyOf(forks);
        }
    }

    private final Path java;
    private final List<String> hostProperties;
    private final String name;
    private final boolean sameMoment;
    private final Path dir;
    private final List<Side> sides;
    private final java.util.function.IntUnaryOperator forksEach;
    private final List<Map<Integer, List<JsonNode>>> forks = new ArrayList<>();
    /** For each configuration that failed, in the order they failed: the sides it failed on. */
    private final Map<Integer, Set<Integer>> failed = new LinkedHashMap<>();
    /** The round in which a configuration first failed: its other forks of that round still run, then no more. */
    private final Map<Integer, Integer> failedRound = new LinkedHashMap<>();
    private long started;
    private int done;
    private int total;

    /**
     * @param java           the java launcher of every fork's run
     * @param hostProperties system properties for each fork's launching JVM
     * @param name           how the console lines begin (the command: run, gate)
     * @param sameMoment     true: a meeting's forks together, in step; false: one after the other
     * @param dir            where the forks' files ({@code forks/}) and their meeting directories ({@code moments/}) go
     * @param forksEach      how many forks each configuration (by its index) of a side gets in all
     */
    public PairedRun(Path java, List<String> hostProperties, String name, boolean sameMoment, Path dir, List<Side> sides,
                     java.util.function.IntUnaryOperator forksEach) {
        this.java = java;
        this.hostProperties = List.copyOf(hostProperties);
        this.name = name;
        this.sameMoment = sameMoment;
        this.dir = dir;
        this.sides = List.copyOf(sides);
        this.forksEach = forksEach;
        sides.forEach(s -> forks.add(new LinkedHashMap<>()));
    }

    /**
     * Runs every meeting in order; returns how many configurations failed, on any side. Meetings whose
     * forks share one CPU (a pair on each CPU, {@link Design#SAME_CPU}) run in lanes, one a CPU, at once:
     * each lane takes its meetings in their order.
     */
    public int run(List<Meeting> meetings, PrintWriter out) throws IOException, InterruptedException {
        Files.createDirectories(dir.resolve("forks"));
        save();
        started = System.nanoTime();
        done = 0;
        total = meetings.stream().mapToInt(m -> m.forks().size()).sum();
        Map<Integer, List<Meeting>> lanes = lanes(meetings);
        if (lanes.size() < 2) {
            for (Meeting meeting : meetings) {
                meet(meeting, out);
            }
            return failed.size();
        }
        List<Thread> threads = new ArrayList<>();
        List<Exception> thrown = new ArrayList<>();
        for (List<Meeting> lane : lanes.values()) {
            Thread t = new Thread(() -> {
                try {
                    for (Meeting meeting : lane) {
                        meet(meeting, out);
                    }
                } catch (IOException | InterruptedException | RuntimeException e) {
                    synchronized (thrown) {
                        thrown.add(e);
                    }
                }
            }, name + "-cpu-" + lane.get(0).forks().get(0).cpu());
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        if (!thrown.isEmpty()) {
            Exception e = thrown.get(0);
            if (e instanceof IOException io) {
                throw io;
            }
            if (e instanceof InterruptedException ie) {
                throw ie;
            }
            throw (RuntimeException) e;
        }
        return failed.size();
    }

    /**
     * The meetings by the one CPU all their forks share, when every meeting's forks share one and there are
     * several such CPUs; else one lane of them all.
     */
    static Map<Integer, List<Meeting>> lanes(List<Meeting> meetings) {
        Map<Integer, List<Meeting>> lanes = new LinkedHashMap<>();
        for (Meeting m : meetings) {
            Set<Integer> cpus = new LinkedHashSet<>();
            m.forks().forEach(f -> cpus.add(f.cpu()));
            int cpu = cpus.iterator().next();
            if (cpus.size() != 1 || cpu < 0) {
                return Map.of(-1, meetings);
            }
            lanes.computeIfAbsent(cpu, k -> new ArrayList<>()).add(m);
        }
        return lanes;
    }

    private void meet(Meeting meeting, PrintWriter out) throws IOException, InterruptedException {
        List<Fork> running = new ArrayList<>();
        synchronized (this) {
            for (Fork f : meeting.forks()) {
                if (failedRound.getOrDefault(f.configuration(), meeting.round()) < meeting.round()) {
                    done++;
                } else {
                    running.add(f);
                }
            }
        }
        if (running.isEmpty()) {
            return;
        }
        Path moment = meeting.meeting() == null ? null : dir.resolve("moments").resolve(meeting.meeting());
        if (moment != null) {
            ForkLauncher.freshMeeting(moment);
            if (running.size() < 2 || !sameMoment) {
                ForkLauncher.goneFrom(moment); // no one to wait for: each fork goes on alone
            }
        }
        long t0 = System.nanoTime();
        int[] exits = start(running, moment);
        double seconds = (System.nanoTime() - t0) / 1e9;
        synchronized (this) {
            for (int i = 0; i < running.size(); i++) {
                Fork f = running.get(i);
                ForkConfig config = sides.get(f.side()).configurations().get(f.configuration());
                Path log = file(f, ".log");
                JsonNode fork = ForkMerge.readFork(file(f, ".json"));
                done++;
                if (exits[i] != 0 || fork == null) {
                    failed.computeIfAbsent(f.configuration(), k -> new LinkedHashSet<>()).add(f.side());
                    failedRound.putIfAbsent(f.configuration(), meeting.round());
                    out.printf(Locale.ROOT, "%s: %d/%d %s %s: FAILED (exit %d); the last lines of %s:%n", name, done, total,
                            f.label(), config.text(), exits[i], log);
                    ForkLauncher.tail(log, 8).forEach(l -> out.println(name + ":   " + l));
                } else {
                    forks.get(f.side()).computeIfAbsent(f.configuration(), k -> new ArrayList<>()).add(fork);
                    out.printf(Locale.ROOT, "%s: %d/%d %s %s: %.4g %s (%.0f s, %.0f min so far)%n", name, done, total,
                            f.label(), config.text(), fork.at("/primaryMetric/score").asDouble(),
                            fork.at("/primaryMetric/scoreUnit").asText(), seconds, (System.nanoTime() - started) / 60e9);
                }
            }
            out.flush();
            save();
        }
    }

    /** Starts the forks, together or one after the other; their exit codes. */
    private int[] start(List<Fork> running, Path moment) throws IOException, InterruptedException {
        List<Process> processes = new ArrayList<>();
        int[] exits = new int[running.size()];
        for (int i = 0; i < running.size(); i++) {
            int other = running.size() == 2 && sameMoment ? running.get(1 - i).cpu() : -1;
            if (i > 0 && !sameMoment && moment != null) {
                ForkLauncher.freshMeeting(moment); // the fork before left its arrivals here: no twin to meet
                ForkLauncher.goneFrom(moment);
            }
            processes.add(launch(running.get(i), other, moment));
            if (!sameMoment) {
                exits[i] = ForkLauncher.waitForAll(List.of(processes.get(i)), null)[0];
            }
        }
        return sameMoment ? ForkLauncher.waitForAll(processes, moment) : exits;
    }

    /** @param otherCpu the CPU of the fork started beside this one, or -1 */
    private Process launch(Fork f, int otherCpu, Path moment) throws IOException {
        Side side = sides.get(f.side());
        ForkConfig config = side.configurations().get(f.configuration());
        List<String> args = new ArrayList<>(side.arguments());
        args.addAll(List.of("-f", "1", "-foe", "true", "-bm", config.mode(), "-rf", "json", "-rff",
                file(f, ".json").toString()));
        config.params().forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
        args.addAll(side.extra().apply(f.configuration()));
        if (moment != null) {
            args.addAll(side.meeting().apply(moment));
            args.addAll(SameMoment.swappingCpus(f.cpu(), otherCpu));
        }
        args.add("^" + Pattern.quote(config.benchmark()) + "$");
        return ForkLauncher.launch(java, hostProperties, side.jar(), args, f.cpu(), file(f, ".log"));
    }

    private Path file(Fork f, String suffix) {
        return dir.resolve("forks").resolve(f.file() + suffix);
    }

    /** A side's result file. */
    public Path json(int side) {
        return sides.get(side).json();
    }

    /** The configurations that failed on a side, as text, in the order they failed. */
    public List<String> failedOn(int side) {
        return failed.entrySet().stream().filter(e -> e.getValue().contains(side))
                .map(e -> sides.get(side).configurations().get(e.getKey()).text()).toList();
    }

    /** Every side's file as far as it goes, and what each lacks. */
    private void save() throws IOException {
        for (int s = 0; s < sides.size(); s++) {
            Side side = sides.get(s);
            List<JsonNode> results = new ArrayList<>();
            List<Unfinished.Entry> missing = new ArrayList<>();
            for (int c = 0; c < side.configurations().size(); c++) {
                List<JsonNode> f = forks.get(s).getOrDefault(c, List.of());
                String text = side.configurations().get(c).text();
                Set<Integer> failedOn = failed.getOrDefault(c, Set.of());
                if (failedOn.contains(s)) {
                    missing.add(new Unfinished.Entry(Unfinished.FAILED, text));
                } else if (!f.isEmpty()) {
                    results.add(ForkMerge.merge(f));
                    if (f.size() < forksEach.applyAsInt(c) && failedOn.isEmpty()) {
                        missing.add(new Unfinished.Entry(Unfinished.RUNNING, text + " (" + f.size() + " of " + forksEach.applyAsInt(c)
                                + " forks)"));
                    }
                } else if (failedOn.isEmpty()) {
                    missing.add(new Unfinished.Entry(Unfinished.NOT_RUN, text));
                }
            }
            if (!results.isEmpty()) {
                Files.createDirectories(side.json().toAbsolutePath().getParent());
                RunFiles.writeResults(results, side.json());
            }
            Unfinished.write(side.json(), missing);
        }
    }
}
