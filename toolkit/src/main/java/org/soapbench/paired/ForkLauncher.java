package org.soapbench.paired;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.soapbench.bench.fork.CpuTimeProfiler;
import org.soapbench.bench.fork.FlightRecordingProfiler;
import org.soapbench.bench.fork.OtherProcesses;
import org.soapbench.bench.fork.Rendezvous;
import org.soapbench.bench.fork.SameMomentProfiler;
import org.soapbench.bench.fork.SteadyStateProfiler;

/**
 * Starts one JMH fork as a run of its own ({@code java -jar JAR run ...}, one configuration, one
 * fork), pinned to a CPU with {@code taskset} when asked, its console in a log whose first line is
 * the command; and waits for forks started together. What the gate and a run with a design share.
 */
public final class ForkLauncher {

    /**
     * The profilers' names in jars built before they moved to a package of their own ({@code
     * org.soapbench.bench.fork}), and their names now: a fork started by such a jar (the gate's base)
     * may name one the old way, and a fork of such a jar (the gate's head) knows only the old name.
     */
    public static final Map<String, String> FORMER_NAMES = Stream.of(CpuTimeProfiler.class,
            FlightRecordingProfiler.class, SameMomentProfiler.class, SteadyStateProfiler.class)
            .collect(Collectors.toUnmodifiableMap(c -> "org.soapbench.bench." + c.getSimpleName(), Class::getName));

    private ForkLauncher() {
    }

    /**
     * The system properties of the JVMs that launch forks: with forks at the same moment, two JMH runs at
     * once by design, which JMH's lock would keep waiting one for the other; otherwise whatever this
     * JVM was told of that lock.
     */
    public static List<String> hostProperties(boolean sameMoment) {
        if (sameMoment) {
            return List.of("-Djmh.ignoreLock=true");
        }
        String lock = System.getProperty("jmh.ignoreLock");
        return lock == null ? List.of() : List.of("-Djmh.ignoreLock=" + lock);
    }

    /** The name a fork of {@code jar} knows this class by: its own, or its former one in a jar built before it moved. */
    static String nameIn(Path jar, Class<?> profiler) {
        String name = profiler.getName();
        try (JarFile j = new JarFile(jar.toFile())) {
            for (Map.Entry<String, String> e : FORMER_NAMES.entrySet()) {
                if (e.getValue().equals(name) && j.getEntry(classFile(name)) == null && j.getEntry(classFile(e.getKey())) != null) {
                    return e.getKey();
                }
            }
        } catch (IOException e) {
            // not a jar this JVM can read: the fork's own log will say what is wrong with it
        }
        return name;
    }

    private static String classFile(String name) {
        return name.replace('.', '/') + ".class";
    }

    /**
     * @param java           the java launcher of the run that starts the fork (JMH then starts the fork's own JVM)
     * @param hostProperties system properties for that launching JVM ({@code -Djmh.ignoreLock=true}, ...)
     * @param jar            the benchmarks.jar to run
     * @param runArguments   {@code run}'s arguments: settings, parameters, the benchmark's regex
     * @param cpu            the CPU to pin it to, or -1 for wherever the system puts it
     */
    public static Process launch(Path java, List<String> hostProperties, Path jar, List<String> runArguments, int cpu,
                                 Path log) throws IOException {
        List<String> command = new ArrayList<>();
        if (cpu >= 0) {
            command.addAll(List.of("taskset", "-c", Integer.toString(cpu)));
        }
        command.add(java.toString());
        command.addAll(hostProperties);
        command.addAll(List.of("-jar", jar.toString(), "run"));
        command.addAll(runArguments);
        Files.createDirectories(log.toAbsolutePath().getParent());
        Files.writeString(log, "# " + String.join(" ", command) + "\n", StandardCharsets.UTF_8);
        ProcessBuilder builder = new ProcessBuilder(command);
        // Every JVM below this one belongs to the run: what else uses the machine is a neighbour.
        builder.environment().putIfAbsent(OtherProcesses.RUN_PID, Long.toString(ProcessHandle.current().pid()));
        return builder.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    }

    /**
     * Waits for every process; when one of a same-moment pair ends, tells the other (a file in their
     * meeting directory) so that it does not wait for iterations that will never come.
     */
    public static int[] waitForAll(List<Process> processes, Path moment) throws IOException, InterruptedException {
        int[] exits = new int[processes.size()];
        boolean told = false;
        try {
            while (true) {
                boolean all = true;
                for (int i = 0; i < processes.size(); i++) {
                    Process p = processes.get(i);
                    if (p.waitFor(200, TimeUnit.MILLISECONDS)) {
                        exits[i] = p.exitValue();
                        if (moment != null && !told) {
                            goneFrom(moment);
                            told = true;
                        }
                    } else {
                        all = false;
                    }
                }
                if (all) {
                    return exits;
                }
            }
        } catch (InterruptedException e) {
            processes.forEach(Process::destroy);
            throw e;
        }
    }

    /**
     * Empties the meeting directory of forks about to start: the arrivals an earlier run into the same
     * directory left there would be met in place of the twin, and its "gone" would send them on alone.
     */
    public static void freshMeeting(Path moment) throws IOException {
        if (Files.exists(moment)) {
            try (Stream<Path> all = Files.walk(moment)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(moment);
    }

    /** Tells whoever meets in {@code moment} that its other side is gone (or never comes): it goes on alone. */
    public static void goneFrom(Path moment) throws IOException {
        Files.createDirectories(moment);
        Files.writeString(moment.resolve(Rendezvous.GONE), "", StandardCharsets.UTF_8);
    }

    /** The last lines of a fork's log, for the console when it failed. */
    public static List<String> tail(Path log, int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return all.subList(Math.max(0, all.size() - lines), all.size());
        } catch (IOException e) {
            return List.of("(log unreadable: " + e.getMessage() + ")");
        }
    }
}
