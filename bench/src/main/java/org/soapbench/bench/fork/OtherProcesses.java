package org.soapbench.bench.fork;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The machine's CPU time that went to processes outside this run: a neighbour's burst, a build, a
 * browser. Steal shows another guest; this shows another tenant of this guest, which the speed probe
 * catches only when it happens to run during the burst. The run is the process named by
 * {@code SOAPBENCH_RUN_PID} (the launcher of a designed run sets it for its forks) or this JVM's parent
 * (JMH's host), and everything below it: the forks and the JVMs that start them. Read from Linux's
 * {@code /proc} in clock ticks (10 ms), so a share over half a second is within a few percent.
 * <p>
 * The run's time is summed process by process, each on its own ticks, over the processes that belonged
 * to it at either reading: a fork that ends between two readings then takes its ticks away from no one
 * (summed over the tree, its parent's count of reaped children jumped or its ticks vanished, and a
 * main job once read others at 212% of the machine).
 */
public final class OtherProcesses {

    /** The variable a run's launcher sets so that every JVM below it knows the run's top process. */
    public static final String RUN_PID = "SOAPBENCH_RUN_PID";
    private static final Path PROC = Path.of("/proc");

    /**
     * Ticks of the machine busy (not idle, waiting or stolen) and of all; every process's own ticks by pid;
     * the pids of the run's processes.
     */
    record Ticks(long busy, long total, Map<Long, Long> processes, Set<Long> run) {
    }

    private final long root;

    OtherProcesses(long root) {
        this.root = root;
    }

    /** For this JVM; null where there is no {@code /proc} to read. */
    public static OtherProcesses ofThisRun() {
        if (!Files.isReadable(PROC.resolve("stat"))) {
            return null;
        }
        String set = System.getenv(RUN_PID);
        long root = set != null && set.strip().matches("\\d+") ? Long.parseLong(set.strip())
                : ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(ProcessHandle.current().pid());
        return new OtherProcesses(root);
    }

    /** Now, or null when {@code /proc} could not be read. */
    Ticks now() {
        try {
            long[] machine = CpuTimeProfiler.parseStat(CpuTimeProfiler.firstLine());
            if (machine == null) {
                return null;
            }
            List<long[]> processes = new ArrayList<>();
            try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> isNumber(p.getFileName().toString()))) {
                for (Path dir : dirs) {
                    long[] p = process(dir);
                    if (p != null) {
                        processes.add(p);
                    }
                }
            }
            Map<Long, Long> ticks = new HashMap<>();
            processes.forEach(p -> ticks.put(p[0], p[2]));
            return new Ticks(machine[2], machine[1], ticks, runPids(root, processes));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The percentage of the machine's CPU time between two readings that processes outside the run used,
     * at least 0 (ticks are rounded per process).
     */
    static double othersPercent(Ticks before, Ticks after) {
        long total = after.total() - before.total();
        if (total <= 0) {
            return 0;
        }
        Set<Long> run = new HashSet<>(before.run());
        run.addAll(after.run());
        long ran = 0;
        for (long pid : run) {
            Long now = after.processes().get(pid);
            if (now != null) { // one that has ended took its last ticks with it: counted as others, at most a reading's gap
                ran += Math.max(0, now - before.processes().getOrDefault(pid, 0L));
            }
        }
        long others = (after.busy() - before.busy()) - ran;
        return Math.max(0, 100.0 * others / total);
    }

    /** The pids of {@code root} and every process below it, of processes each {pid, ppid, ticks}. */
    static Set<Long> runPids(long root, List<long[]> processes) {
        Map<Long, List<long[]>> children = new HashMap<>();
        long[] top = null;
        for (long[] p : processes) {
            children.computeIfAbsent(p[1], k -> new ArrayList<>()).add(p);
            if (p[0] == root) {
                top = p;
            }
        }
        Set<Long> pids = new HashSet<>();
        if (top == null) {
            return pids;
        }
        List<long[]> todo = new ArrayList<>(List.of(top));
        while (!todo.isEmpty()) {
            long[] p = todo.remove(todo.size() - 1);
            pids.add(p[0]);
            todo.addAll(children.getOrDefault(p[0], List.of()));
        }
        return pids;
    }

    /** {pid, ppid, utime + stime} from {@code /proc/PID/stat}, or null if it has gone. */
    private static long[] process(Path dir) {
        try {
            return parseProcessStat(Long.parseLong(dir.getFileName().toString()),
                    Files.readString(dir.resolve("stat"), StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The command name in parentheses may hold spaces and parentheses: the fields start after the last ')'. */
    static long[] parseProcessStat(long pid, String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        // f[0] state, f[1] ppid, ..., f[11] utime, f[12] stime: the process's own, all its threads'
        long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
        return new long[] {pid, Long.parseLong(f[1]), ticks};
    }

    private static boolean isNumber(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return false;
            }
        }
        return !name.isEmpty();
    }
}
