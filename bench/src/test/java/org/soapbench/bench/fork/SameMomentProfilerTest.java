package org.soapbench.bench.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.Result;

/** Two real processes, each with the profiler, start every iteration together and swap CPUs between iterations. */
class SameMomentProfilerTest {

    /** One side: N iterations through the profiler; prints "k start-nanos cpus-allowed ·moment.cpu" for each. */
    public static void main(String[] args) throws Exception {
        SameMomentProfiler profiler = new SameMomentProfiler();
        int iterations = Integer.parseInt(args[0]);
        for (int k = 1; k <= iterations; k++) {
            profiler.beforeIteration(null, null);
            long started = System.nanoTime();
            String allowed = allowed();
            Thread.sleep(30); // an "iteration"
            double cpu = Double.NaN;
            for (Result r : profiler.afterIteration(null, null, null)) {
                if (r.getLabel().equals(SameMomentProfiler.CPU)) {
                    cpu = r.getScore();
                }
            }
            System.out.println(k + " " + started + " " + allowed + " " + cpu);
        }
    }

    private static Process side(Path dir, String cpus, int iterations, Path out) throws IOException {
        List<String> command = new ArrayList<>(List.of("taskset", "-c", cpus.split(",")[0],
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + SameMomentProfiler.PROPERTY + "=" + dir, "-D" + SameMomentProfiler.CPUS + "=" + cpus,
                "-cp", System.getProperty("java.class.path"), SameMomentProfilerTest.class.getName(),
                Integer.toString(iterations)));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    }

    @Test
    void theTwoSidesSwapCpusAtEveryIterationAndStillStartTogether(@TempDir Path tmp) throws Exception {
        assumeTrue(allowed().startsWith("0-"), "needs CPUs 0 and 1; this JVM may use " + allowed());
        Path a = tmp.resolve("a.txt");
        Path b = tmp.resolve("b.txt");
        Process pa = side(tmp.resolve("meet"), "0,1", 6, a);
        Process pb = side(tmp.resolve("meet"), "1,0", 6, b);
        assertTrue(pa.waitFor(60, TimeUnit.SECONDS) && pb.waitFor(60, TimeUnit.SECONDS), "both sides end");
        List<String[]> la = lines(a);
        List<String[]> lb = lines(b);
        assertEquals(6, la.size(), Files.readString(a));
        assertEquals(6, lb.size(), Files.readString(b));
        for (int i = 0; i < 6; i++) {
            String expectA = i % 2 == 0 ? "0" : "1";
            assertEquals(expectA, la.get(i)[2], "side A's CPU in iteration " + (i + 1));
            assertNotEquals(la.get(i)[2], lb.get(i)[2], "never on the same CPU, iteration " + (i + 1));
            assertEquals(Double.parseDouble(expectA), Double.parseDouble(la.get(i)[3]), "·moment.cpu says where it ran");
            long skew = Math.abs(Long.parseLong(la.get(i)[1]) - Long.parseLong(lb.get(i)[1]));
            // RendezvousTest's bound: moving to the other CPU fits in the meeting's margin
            assertTrue(skew < RendezvousTest.startSkewLimit(i + 1), "iteration " + (i + 1) + " started " + skew / 1e6
                    + " ms apart");
        }
    }

    /** The CPUs the calling thread may run on, as Linux lists them ("1", "0-1"). */
    private static String allowed() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/thread-self/status"), StandardCharsets.US_ASCII)) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return line.substring(line.indexOf(':') + 1).strip();
            }
        }
        throw new IllegalStateException("/proc/thread-self/status has no Cpus_allowed_list line.");
    }

    private static List<String[]> lines(Path out) throws IOException {
        List<String[]> lines = new ArrayList<>();
        for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            lines.add(line.split(" "));
        }
        return lines;
    }

    @Test
    void cpusAreTwoNumbersOrAbsent() {
        assertNull(SameMomentProfiler.cpus(null));
        assertEquals(List.of(1, 0), List.of(SameMomentProfiler.cpus("1,0")[0], SameMomentProfiler.cpus("1,0")[1]));
        assertEquals(List.of(0, 0), List.of(SameMomentProfiler.cpus("0,0")[0], SameMomentProfiler.cpus("0,0")[1]));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SameMomentProfiler.cpus("0,-1"));
        assertEquals("-Dsoapbench.same-moment.cpus=0,-1: expected two CPU numbers, this fork's and the other "
                + "side's, such as 0,1 (or 0,0 for one shared).", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SameMomentProfiler.cpus("x"));
    }
}
