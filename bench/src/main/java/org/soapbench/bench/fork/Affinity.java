package org.soapbench.bench.fork;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Which CPU this JVM runs on (Linux), set with {@code taskset}, since Java has no call for it: every
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
}
