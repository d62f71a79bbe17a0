package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;

class TeardownThreadTest {

    @Test
    void theClosingWorkRunsElsewhereWithTheCallersLoaderAndNoneOfItsCpuCountsHere() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        ClassLoader stacks = new URLClassLoader(new URL[0], before);
        String[] name = new String[1];
        ClassLoader[] seen = new ClassLoader[1];
        long[] workCpu = new long[1];
        Thread.currentThread().setContextClassLoader(stacks);
        try {
            long t0 = threads.getCurrentThreadCpuTime();
            TeardownThread.run(() -> {
                name[0] = Thread.currentThread().getName();
                seen[0] = Thread.currentThread().getContextClassLoader();
                long start = threads.getCurrentThreadCpuTime();
                long sum = 0;
                while (threads.getCurrentThreadCpuTime() - start < 300_000_000L) {
                    sum += System.identityHashCode(new Object());
                }
                workCpu[0] = threads.getCurrentThreadCpuTime() - start + (sum & 0);
            });
            long here = threads.getCurrentThreadCpuTime() - t0;
            assertEquals(TeardownThread.NAME, name[0]);
            assertSame(stacks, seen[0]);
            assertTrue(workCpu[0] >= 300_000_000L);
            // Starting and joining a thread costs microseconds; the work's 300 ms would show.
            assertTrue(here < 100_000_000L, "the caller spent " + here / 1e6 + " ms of CPU while it waited");
        } finally {
            Thread.currentThread().setContextClassLoader(before);
        }
    }

    @Test
    void whatTheClosingWorkThrowsReachesTheCaller() {
        IllegalStateException thrown = new IllegalStateException("the server checked 3 of 5 requests");
        assertSame(thrown, assertThrows(IllegalStateException.class, () -> TeardownThread.run(() -> {
            throw thrown;
        })));
        AssertionError error = new AssertionError("boom");
        assertSame(error, assertThrows(AssertionError.class, () -> TeardownThread.run(() -> {
            throw error;
        })));
    }
}
