package org.soapbench.paired;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.soapbench.bench.fork.Rendezvous;
import org.soapbench.bench.fork.SameMomentProfiler;

/**
 * A meeting directory reused by a second run into the same output holds nothing of the first, and a
 * fork of a jar built before the profilers moved is told the profiler's name it knows.
 */
class ForkLauncherTest {

    /** A jar holding only these class files. */
    private static Path jar(Path dir, String name, String... classes) throws Exception {
        Path jar = dir.resolve(name);
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
            for (String c : classes) {
                out.putNextEntry(new java.util.jar.JarEntry(c.replace('.', '/') + ".class"));
                out.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void aJarBuiltBeforeTheProfilersMovedIsToldTheirFormerName(@TempDir Path dir) throws Exception {
        String now = SameMomentProfiler.class.getName();
        String before = "org.soapbench.bench.SameMomentProfiler";
        assertEquals(now, ForkLauncher.FORMER_NAMES.get(before));
        assertEquals(before, ForkLauncher.nameIn(jar(dir, "old.jar", before), SameMomentProfiler.class));
        assertEquals(now, ForkLauncher.nameIn(jar(dir, "new.jar", now), SameMomentProfiler.class));
        assertEquals(now, ForkLauncher.nameIn(dir.resolve("missing.jar"), SameMomentProfiler.class),
                "a jar that cannot be read keeps the name: its fork's log says what is wrong");
        assertEquals(List.of("-prof", before, "-jvmArgsAppend", "-Dsoapbench.same-moment=" + dir.toAbsolutePath()),
                SameMoment.meeting(jar(dir, "older.jar", before), "").apply(dir));
    }

    @Test
    void aFreshMeetingHasNoArrivalOfAnEarlierRunToMeet(@TempDir Path dir) throws Exception {
        Path moment = dir.resolve("moments").resolve("d001");
        Files.createDirectories(moment.resolve("fork1").resolve("d001"));
        Files.writeString(moment.resolve("1.4242"), Long.toString(System.nanoTime())); // an earlier run's twin, arrived
        Files.writeString(moment.resolve("fork1").resolve("d001").resolve(Rendezvous.GONE), "");
        assertTrue(new Rendezvous(moment, TimeUnit.MILLISECONDS.toNanos(100)).meet(1) >= 0,
                "left as it was, the stale arrival is met as if it were the twin");

        ForkLauncher.freshMeeting(moment);
        try (var left = Files.list(moment)) {
            assertEquals(0, left.count(), "nothing of the earlier run is left");
        }
        assertTrue(new Rendezvous(moment, TimeUnit.MILLISECONDS.toNanos(100)).meet(1) < 0,
                "with no twin coming, the fork goes on alone after the timeout");
    }
}
