package org.soapbench.paired;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.soapbench.bench.fork.Rendezvous;

/** A meeting directory reused by a second run into the same output holds nothing of the first. */
class ForkLauncherTest {

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
