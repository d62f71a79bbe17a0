package org.soapbench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Which CPUs this JVM may run on (Linux), set with {@code taskset}, since Java has no call for it: every
 * thread of the process at once ({@code -a}), and the threads it starts later inherit it.
 */
public final class Affinity {

    private Affinity() {
    }

    /** Pins every thread of this JVM to {@code cpu}; fails with one sentence when taskset cannot. */
    public static void pin(int cpu) {
        long pid = ProcessHandle.current().pid();
        try {
            Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", Integer.toString(cpu), Long.toString(pid))
                    .redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.waitFor() != 0) {
                throw new IllegalStateException("taskset could not pin process " + pid + " to CPU " + cpu + ": " + said);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("taskset could not pin process " + pid + " to CPU " + cpu + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while pinning process " + pid + " to CPU " + cpu + ".", e);
        }
    }

    /** The CPUs the calling thread may run on, as Linux lists them ("1", "0-1"). */
    public static String allowed() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/thread-self/status"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
            throw new IllegalStateException("/proc/thread-self/status has no Cpus_allowed_list line.");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read /proc/thread-self/status: " + e.getMessage(), e);
        }
    }
}
