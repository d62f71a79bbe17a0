package org.soapbench.noise;

/**
 * One burst of the noisy neighbour: until its deadline, walks an array larger than the caches,
 * reading and writing every cache line (memory bandwidth and cache pressure) with integer work
 * between (CPU), then exits. Its own deadline is what makes the neighbour stop even if the process
 * that started it is killed.
 */
public final class Burner {

    private Burner() {
    }

    /** {@code SECONDS MEGABYTES}. */
    public static void main(String[] args) {
        long end = System.nanoTime() + (long) (Double.parseDouble(args[0]) * 1e9);
        long[] memory = new long[Integer.parseInt(args[1]) * (1 << 17)]; // 8 bytes each: MEGABYTES MiB
        long x = 1;
        int i = 0;
        while (System.nanoTime() < end) {
            for (int n = 0; n < 1 << 16; n++) {
                i += 8; // one 64-byte line after another
                if (i >= memory.length) {
                    i = 0;
                }
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
                memory[i] += x;
            }
        }
        System.exit(memory[(int) (x & 7)] == 42 ? 1 : 0); // uses the work, so none of it is optimized away
    }
}
