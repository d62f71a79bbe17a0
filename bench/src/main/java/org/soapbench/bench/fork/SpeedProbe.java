package org.soapbench.bench.fork;

/**
 * A fixed computation whose wall time tells how fast the machine is at a moment: a random walk over
 * 8 MB, more than a core's own caches hold, so it moves with what the host shares with this guest (a
 * last-level cache, memory bandwidth, a core's other thread) as well as with steal and frequency, and
 * not with the code under test. Half a millisecond alone on this project's machine, about one after
 * an iteration of a stack, whose data it first has to displace.
 *
 * <p>Why a walk over memory: on one guest a vCPU ran the SOAP stacks and a Python loop 1.6-1.8 times
 * slower for minutes at a time, with no steal and no pause in the guest's clock, and the same walk
 * 1.4-1.8 times slower, while a chain of register arithmetic (this probe until then) moved by 3%
 * (reports/sample-gate-designs-2026-11-26, s8-probe/). Each probe first reads the area in order, untimed, so that the walk starts from
 * the same state of the caches whatever the iteration before it left there.
 */
final class SpeedProbe {

    /** 8 MB of ints. */
    private static final int[] AREA = new int[1 << 21];
    private static final int STEPS = 1 << 18;
    /** Where the result goes, so the loops cannot be optimized away. */
    static volatile long sink;

    private SpeedProbe() {
    }

    /** Runs the computation once and returns its wall time in microseconds. */
    static double microseconds() {
        sink = read(AREA);
        long t0 = System.nanoTime();
        sink = walk(AREA, STEPS);
        return (System.nanoTime() - t0) / 1e3;
    }

    private static long read(int[] area) {
        long sum = 0;
        for (int v : area) {
            sum += v;
        }
        return sum;
    }

    /** Steps to places an LCG picks, reading and writing each: the places do not depend on what is read. */
    private static long walk(int[] area, int steps) {
        long sum = 0;
        int at = 0;
        int mask = area.length - 1;
        for (int i = 0; i < steps; i++) {
            at = (at * 1103515245 + 12345) & mask;
            sum += area[at];
            area[at] = (int) sum;
        }
        return sum;
    }
}
