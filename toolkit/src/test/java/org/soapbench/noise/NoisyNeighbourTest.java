package org.soapbench.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The neighbour makes noise for the time asked, then stops on its own and leaves no process behind. */
class NoisyNeighbourTest {

    @Test
    void stopsOnItsOwnAndLeavesNothingRunning() throws Exception {
        StringWriter text = new StringWriter();
        long t0 = System.nanoTime();
        // The noise command's own default memory, so that a burst that cannot hold its array fails here.
        int bursts = new NoisyNeighbour(Duration.ofSeconds(4), new int[] {0, 1}, 256, 7, new PrintWriter(text)).run();
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(bursts >= 1, text.toString());
        // The last burst and pause are cut at the deadline; JVM start and exit of a burst take a little more.
        assertTrue(seconds >= 4 && seconds < 4 + 3, "ran " + seconds + " s for 4 s: " + text);
        assertEquals(0, ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count(),
                "no burst outlives the neighbour");
        assertTrue(text.toString().contains("noise: burst "), text.toString());
        assertTrue(text.toString().contains("noise: done after 4 s"), text.toString());
    }

    @Test
    void aBurstEndsAtItsOwnDeadlineWhateverStartedIt() throws Exception {
        Process burst = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Burner.class.getName(), "0.5", "16")
                .redirectErrorStream(true).start();
        assertTrue(burst.waitFor(20, java.util.concurrent.TimeUnit.SECONDS), "a 0.5 s burst ends by itself");
        assertEquals(0, burst.exitValue(), new String(burst.getInputStream().readAllBytes()));
    }
}
