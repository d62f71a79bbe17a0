package org.soapbench.bench.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two real processes meet at numbered points and start together, however late one of them arrives. */
class RendezvousTest {

    /** One side: meets at points 1..N, sleeping {@code lateMillis} before point 3; prints "k start-nanos waited". */
    public static void main(String[] args) throws Exception {
        Rendezvous r = new Rendezvous(Path.of(args[0]), TimeUnit.SECONDS.toNanos(30));
        int points = Integer.parseInt(args[1]);
        long late = Long.parseLong(args[2]);
        for (int k = 1; k <= points; k++) {
            if (k == 3) {
                Thread.sleep(late);
            }
            long waited = r.meet(k);
            long started = System.nanoTime();
            System.out.println(k + " " + started + " " + waited);
            Thread.sleep(30); // an "iteration"
        }
    }

    private static Process side(Path dir, int points, long lateMillis, Path out) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), RendezvousTest.class.getName(), dir.toString(),
                Integer.toString(points), Long.toString(lateMillis)));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    }

    private static List<long[]> lines(Path out) throws IOException {
        List<long[]> lines = new ArrayList<>();
        for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            String[] f = line.split(" ");
            lines.add(new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2])});
        }
        return lines;
    }

    /**
     * How far apart two processes may start meeting point {@code k}. At the first both JVMs are starting
     * up, loading and compiling on the same two cores (a fork's first iteration is warm-up); from then on
     * a start is one spin-wait's read of the clock apart, unless the scheduler takes a spinning side off
     * its core for a few ticks (two JVMs and their compiler threads on two cores: 11.6 ms was seen once):
     * 25 ms is 5% of the shortest iteration a profile uses (500 ms).
     */
    static long startSkewLimit(int k) {
        return TimeUnit.MILLISECONDS.toNanos(k == 1 ? 100 : 25);
    }

    @Test
    void twoProcessesStartEachPointTogetherEvenWhenOneIsLate(@TempDir Path tmp) throws Exception {
        Path a = tmp.resolve("a.txt");
        Path b = tmp.resolve("b.txt");
        Process pa = side(tmp.resolve("meet"), 5, 0, a);
        Process pb = side(tmp.resolve("meet"), 5, 400, b);
        assertTrue(pa.waitFor(60, TimeUnit.SECONDS) && pb.waitFor(60, TimeUnit.SECONDS), "both sides end");
        List<long[]> la = lines(a);
        List<long[]> lb = lines(b);
        assertEquals(5, la.size(), Files.readString(a));
        assertEquals(5, lb.size(), Files.readString(b));
        for (int i = 0; i < 5; i++) {
            long skew = Math.abs(la.get(i)[1] - lb.get(i)[1]);
            assertTrue(skew < startSkewLimit(i + 1), "point " + (i + 1) + " started " + skew / 1e6 + " ms apart");
            assertTrue(la.get(i)[2] >= 0 && lb.get(i)[2] >= 0, "both met the other at every point");
        }
        // At point 3 the punctual side waited for the late one.
        assertTrue(la.get(2)[2] >= TimeUnit.MILLISECONDS.toNanos(300), "waited " + la.get(2)[2] / 1e6 + " ms");
    }

    @Test
    void aFlagIsSeenByTheOtherSideOnlyWhileItIsUp(@TempDir Path tmp) throws Exception {
        Path meet = tmp.resolve("meet");
        Rendezvous self = new Rendezvous(meet, 0);
        self.flag("steady", true);
        assertFalse(self.flagged("steady"), "a side's own flag is not the other's");
        Files.writeString(meet.resolve("steady.4242"), ""); // the other side's, as its own flag() writes it
        assertTrue(self.flagged("steady"));
        Files.delete(meet.resolve("steady.4242"));
        assertFalse(self.flagged("steady"));
        self.flag("steady", false);
        assertFalse(Files.exists(meet.resolve("steady." + ProcessHandle.current().pid())), "lowered");
        assertFalse(self.arrived(2));
        Files.writeString(meet.resolve("2.4242"), Long.toString(System.nanoTime()));
        assertTrue(self.arrived(2), "the other side is at point 2");
        Files.writeString(meet.resolve(Rendezvous.GONE), "");
        assertTrue(self.flagged("steady"), "a side that is gone is waited for no more");
    }

    @Test
    void theSideLeftGoesOnAloneWhenTheOtherIsGone(@TempDir Path tmp) throws Exception {
        Path meet = tmp.resolve("meet");
        Files.createDirectories(meet);
        Files.writeString(meet.resolve(Rendezvous.GONE), "");
        long waited = new Rendezvous(meet, TimeUnit.SECONDS.toNanos(30)).meet(1);
        assertTrue(waited < 0, "went on alone");
    }
}
