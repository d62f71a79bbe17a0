package org.soapbench.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.soapbench.bench.fork.CpuTimeProfiler;
import org.soapbench.bench.fork.Slowdown;

/**
 * Operations of known cost, to check what {@link CpuTimeProfiler} reports against the work done, and
 * to see on a machine how far wall time and CPU time part: {@code spin} burns 200 µs of this thread's
 * CPU time, so its {@code ·cpu.thread} must be 200 µs whatever else the machine runs, while its wall
 * time grows with steal and neighbours; {@code sleep} waits 200 µs and must cost almost no CPU.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 1)
public class CpuCalibration {

    /** The CPU time, and the wait, of one operation. */
    public static final long NANOS = 200_000;
    private final ThreadMXBean clock = ManagementFactory.getThreadMXBean();

    /**
     * The slowdown the power self-test injects, checked here against a known cost (unset: one branch),
     * with its extra calls counted.
     */
    @Benchmark
    public long spin(SlowdownCounters counted) {
        Slowdown slowdown = counted.slowdown();
        long reads = burn();
        if (slowdown.active() && slowdown.extraCallDue()) {
            reads += burn();
        }
        return reads;
    }

    /** Burns {@link #NANOS} of this thread's CPU time; returns the clock reads it took. */
    private long burn() {
        long until = clock.getCurrentThreadCpuTime() + NANOS;
        long reads = 0;
        while (clock.getCurrentThreadCpuTime() < until) {
            reads++;
        }
        return reads;
    }

    @Benchmark
    public long sleep() {
        long t0 = System.nanoTime();
        long until = t0 + NANOS;
        while (System.nanoTime() < until) {
            LockSupport.parkNanos(until - System.nanoTime());
        }
        return System.nanoTime() - t0;
    }
}
