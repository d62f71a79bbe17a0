package org.soapbench.noise;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * A reproducible noisy neighbour: for a given time, bursts of CPU and memory work of 2 to 6 seconds on
 * one CPU, the other or both, at random, with pauses of 2 to 6 seconds between them, as a busy
 * tenant of a shared machine does. Each burst is a JVM of its own ({@link Burner}) pinned with
 * {@code taskset} and ending at its own deadline, so the neighbour leaves nothing running even when
 * it is killed; when it ends it ends every burst still running.
 */
public final class NoisyNeighbour {

    static final double MIN_SECONDS = 2;
    static final double MAX_SECONDS = 6;

    private final Duration length;
    private final int[] cpus;
    private final int megabytes;
    private final Random random;
    private final PrintWriter out;
    private final boolean pin;

    public NoisyNeighbour(Duration length, int[] cpus, int megabytes, long seed, PrintWriter out) {
        this.length = length;
        this.cpus = cpus.clone();
        this.megabytes = megabytes;
        this.random = new Random(seed);
        this.out = out;
        this.pin = onPath("taskset");
    }

    /** Runs bursts and pauses until the time is up; returns the number of bursts. */
    public int run() throws IOException, InterruptedException {
        long end = System.nanoTime() + length.toNanos();
        List<Process> running = new ArrayList<>();
        Thread cleanup = new Thread(() -> running.forEach(Process::destroyForcibly));
        Runtime.getRuntime().addShutdownHook(cleanup);
        if (!pin) {
            out.println("noise: taskset is not on the PATH, so bursts run wherever the system puts them");
        }
        int bursts = 0;
        try {
            while (System.nanoTime() < end) {
                double seconds = Math.min(between(), (end - System.nanoTime()) / 1e9);
                int[] targets = targets();
                out.printf(Locale.ROOT, "noise: burst %.1f s on CPU %s%n", seconds, Arrays.toString(targets));
                out.flush();
                for (int cpu : targets) {
                    running.add(burner(cpu, seconds));
                }
                for (int i = 0; i < running.size(); i++) {
                    int exit = running.get(i).waitFor();
                    if (exit != 0) {
                        throw new IllegalStateException(String.format(Locale.ROOT, "A noise burst on CPU %d exited with "
                                + "code %d instead of working for %.1f s; expected a JVM that can hold a %d MB array.",
                                targets[i], exit, seconds, megabytes));
                    }
                }
                running.clear();
                bursts++;
                long pause = (long) (Math.min(between(), Math.max(0, (end - System.nanoTime()) / 1e9)) * 1000);
                Thread.sleep(pause);
            }
        } finally {
            running.forEach(Process::destroyForcibly);
            Runtime.getRuntime().removeShutdownHook(cleanup);
        }
        out.printf(Locale.ROOT, "noise: done after %.0f s, %d bursts%n", length.toMillis() / 1e3, bursts);
        out.flush();
        return bursts;
    }

    private double between() {
        return MIN_SECONDS + random.nextDouble() * (MAX_SECONDS - MIN_SECONDS);
    }

    /** One CPU, the other, or both, each a third of the time. */
    private int[] targets() {
        int pick = random.nextInt(cpus.length + 1);
        return pick == cpus.length ? cpus.clone() : new int[] {cpus[pick]};
    }

    private Process burner(int cpu, double seconds) throws IOException {
        List<String> command = new ArrayList<>();
        if (pin) {
            command.addAll(List.of("taskset", "-c", Integer.toString(cpu)));
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xshare:auto",
                "-XX:+UseSerialGC", "-Xmx" + (2 * megabytes + 64) + "m", "-cp", home(), Burner.class.getName(), String.format(Locale.ROOT, "%.3f", seconds), Integer.toString(megabytes)));
        // The heap holds the array in the old generation (twice its size); a burst's own errors reach this console.
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.INHERIT)
                .start();
    }

    /** Where the burst's class is: the jar the neighbour runs from (or the classes directory, in tests). */
    private static String home() {
        try {
            return Path.of(Burner.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException("noise cannot tell where its classes are: " + e.getMessage(), e);
        }
    }

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        return path != null && Arrays.stream(path.split(File.pathSeparator))
                .anyMatch(d -> Files.isExecutable(Path.of(d, command)));
    }
}
