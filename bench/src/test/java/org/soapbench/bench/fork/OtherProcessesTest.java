package org.soapbench.bench.fork;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

class OtherProcessesTest {

    @Test
    void aCommandNameWithSpacesAndParenthesesDoesNotShiftTheFields() {
        String stat = "4242 (java (x) y) S 4200 4242 4200 0 -1 4194560 100 0 0 0 250 50 7 3 20 0 40 0 1000 0 0";
        assertArrayEquals(new long[] {4242, 4200, 250 + 50}, OtherProcesses.parseProcessStat(4242, stat),
                "its own ticks, not its reaped children's");
    }

    @Test
    void theRunIsItsTopProcessAndEverythingBelowIt() {
        List<long[]> processes = List.of(
                new long[] {1, 0, 1_000},   // init: not the run's
                new long[] {10, 1, 5},      // the launcher
                new long[] {11, 10, 300},   // a fork's host JVM, holding a fork it reaped
                new long[] {12, 11, 400},   // a fork
                new long[] {20, 1, 900});   // a neighbour
        assertEquals(Set.of(10L, 11L, 12L), OtherProcesses.runPids(10, processes));
        assertEquals(Set.of(), OtherProcesses.runPids(99, processes), "a top process that has gone counts nothing");
    }

    @Test
    void othersAreWhatWasBusyBesideTheRun() {
        OtherProcesses.Ticks before = new OtherProcesses.Ticks(1_000, 5_000, Map.of(10L, 5L, 11L, 795L, 20L, 300L), Set.of(10L, 11L));
        OtherProcesses.Ticks after = new OtherProcesses.Ticks(1_090, 5_100, Map.of(10L, 5L, 11L, 855L, 20L, 330L), Set.of(10L, 11L));
        assertEquals(30.0, OtherProcesses.othersPercent(before, after), 1e-9);
        OtherProcesses.Ticks rounded = new OtherProcesses.Ticks(1_050, 5_100, Map.of(10L, 5L, 11L, 855L, 20L, 300L), Set.of(10L, 11L));
        assertEquals(0.0, OtherProcesses.othersPercent(before, rounded), 1e-9,
                "ticks rounded per process may make the run look busier than the machine: that is no one else");
    }

    /** Summed over the tree, a fork that ended took its ticks away from the run: others read 212% once. */
    @Test
    void aForkThatEndsBetweenTwoReadingsIsNotCountedAsOthers() {
        OtherProcesses.Ticks before = new OtherProcesses.Ticks(1_000, 5_000,
                Map.of(10L, 5L, 11L, 100L, 12L, 8_000L, 13L, 50L), Set.of(10L, 11L, 12L, 13L));
        OtherProcesses.Ticks after = new OtherProcesses.Ticks(1_100, 5_100,
                Map.of(10L, 5L, 11L, 140L, 13L, 100L, 14L, 10L), Set.of(10L, 11L, 13L, 14L)); // 12 ended, 14 is new
        double others = OtherProcesses.othersPercent(before, after);
        assertEquals(0.0, others, 1e-9, "40 + 50 + 10 ticks of the run's in 100 busy: " + others);
    }

    /** A process that leaves the run's tree (its parent ended and init took it) still counts as the run's. */
    @Test
    void aProcessThatLeavesTheTreeStillCountsForTheRun() {
        OtherProcesses.Ticks before = new OtherProcesses.Ticks(1_000, 5_000, Map.of(10L, 5L, 12L, 100L), Set.of(10L, 12L));
        OtherProcesses.Ticks after = new OtherProcesses.Ticks(1_100, 5_100, Map.of(10L, 5L, 12L, 200L), Set.of(10L));
        assertEquals(0.0, OtherProcesses.othersPercent(before, after), 1e-9);
    }

    /** A busy loop whose parent has gone belongs to no run; the same work on a thread of the run does. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aBusyProcessOutsideTheRunShowsAndWorkInsideItDoesNot() throws Exception {
        OtherProcesses self = new OtherProcesses(ProcessHandle.current().pid());
        double oneCpu = 100.0 / Runtime.getRuntime().availableProcessors();

        OtherProcesses.Ticks before = self.now();
        assertNotNull(before);
        Process orphaning = new ProcessBuilder("sh", "-c", "timeout 3 sh -c 'while :; do :; done' >/dev/null 2>&1 &").start();
        assertTrue(orphaning.waitFor(5, TimeUnit.SECONDS));
        Thread.sleep(1_500);
        double outside = OtherProcesses.othersPercent(before, self.now());
        assertTrue(outside > 0.5 * oneCpu, () -> "a loop outside the run on one CPU for 1.5 s: " + outside + "%");
        Thread.sleep(1_600); // the loop ends

        before = self.now();
        long end = System.nanoTime() + 1_500_000_000L;
        long spin = 0;
        while (System.nanoTime() < end) {
            spin++;
        }
        double inside = OtherProcesses.othersPercent(before, self.now());
        assertTrue(inside < 0.25 * oneCpu, () -> "the run's own loop for 1.5 s counted as others: " + inside + "%");
        assertTrue(spin > 0);
    }
}
