package org.soapbench.bench;

/**
 * A fixed computation whose wall time tells how fast the machine is at a moment: integer arithmetic
 * in registers, no allocation, no memory traffic, so it moves with steal time, frequency and a busy
 * sibling hyper-thread, not with the code under test. About a millisecond on a quiet machine.
 */
final class SpeedProbe {

    private static final int ROUNDS = 1 << 20;
    /** Where the result goes, so the loop cannot be optimized away. */
    static volatile long sink;

    private SpeedProbe() {
    }

    /** Runs the computation once and returns its wall time in microseconds. */
    static double microseconds() {
        long t0 = System.nanoTime();
        sink = compute(ROUNDS);
        return (System.nanoTime() - t0) / 1e3;
    }

    /** xorshift64 steps: each depends on the last, so the loop runs at the core's speed, not its width. */
    static long compute(int rounds) {
        long x = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < rounds; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
