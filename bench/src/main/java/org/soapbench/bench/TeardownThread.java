package org.soapbench.bench;

/**
 * Runs a trial's closing work on a thread of its own while the benchmark thread waits for it. JMH
 * runs a trial's teardown inside the last measured iteration, on the benchmark thread, so whatever
 * closing a stack costs (its last checks, shutting down its bus or server) would count in that
 * iteration's thread CPU time though no call of it is counted: over the samples' `small` forks the
 * last iteration stood 0.7% above the fork's others at the median
 * (reports/sample-main-settle-wave-2026-12-06). A waiting thread spends no CPU.
 */
final class TeardownThread {

    static final String NAME = "soapbench-teardown";

    private TeardownThread() {
    }

    /** Runs {@code work} on the teardown thread, with the caller's context class loader, and rethrows what it threw. */
    static void run(Runnable work) {
        Throwable[] failure = new Throwable[1];
        Thread thread = new Thread(() -> {
            try {
                work.run();
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, NAME);
        // Stacks find their own classes through it while they shut down.
        thread.setContextClassLoader(Thread.currentThread().getContextClassLoader());
        thread.start();
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                // Closing must finish, or the next trial would find this one's server still open.
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure[0] instanceof RuntimeException e) {
            throw e;
        }
        if (failure[0] instanceof Error e) {
            throw e;
        }
        if (failure[0] != null) {
            throw new IllegalStateException("Closing the trial failed", failure[0]);
        }
    }
}
