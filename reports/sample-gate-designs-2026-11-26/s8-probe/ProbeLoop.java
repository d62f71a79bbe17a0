// Prints, every ~0.3 s for the given seconds, the time of four fixed computations: which of them sees the host slowing a vCPU?
import java.util.HashMap;
public class ProbeLoop {
    static volatile long sink;
    static long chain(int n) { long x = 0x9E3779B97F4A7C15L; for (int i = 0; i < n; i++) { x ^= x << 13; x ^= x >>> 7; x ^= x << 17; } return x; }
    static long wide(int n) {
        long a = 1, b = 2, c = 3, d = 4;
        for (int i = 0; i < n; i++) {
            a ^= a << 13; a ^= a >>> 7; a ^= a << 17; b ^= b << 13; b ^= b >>> 7; b ^= b << 17;
            c ^= c << 13; c ^= c >>> 7; c ^= c << 17; d ^= d << 13; d ^= d >>> 7; d ^= d << 17;
        }
        return a + b + c + d;
    }
    static final int[] ARRAY = new int[1 << 18];
    static long walk(int n) { long s = 0; int j = 0, mask = ARRAY.length - 1; for (int i = 0; i < n; i++) { j = (j * 1103515245 + 12345) & mask; s += ARRAY[j]; ARRAY[j] = (int) s; } return s; }
    static long mix(int n) {
        HashMap<String, Integer> m = new HashMap<>(); long s = 0;
        for (int i = 0; i < n; i++) { String k = "k" + (i % 997); Integer v = m.get(k); m.put(k, v == null ? i : v + 1); s += k.hashCode(); }
        return s + m.size();
    }
    static double t(java.util.function.IntToLongFunction f, int n) { long t = System.nanoTime(); sink = f.applyAsLong(n); return (System.nanoTime() - t) / 1e3; }
    public static void main(String[] a) {
        for (int i = 0; i < 300; i++) sink = chain(1 << 12) + wide(1 << 10) + walk(1 << 12) + mix(1 << 10);
        long end = System.nanoTime() + (long) (Double.parseDouble(a[0]) * 1e9);
        while (System.nanoTime() < end) {
            System.out.printf("%s %.1f chain %.0f wide %.0f walk %.0f mix %.0f%n", a[1], System.nanoTime() / 1e9,
                t(ProbeLoop::chain, 1 << 20), t(ProbeLoop::wide, 1 << 18), t(ProbeLoop::walk, 1 << 18), t(ProbeLoop::mix, 1 << 16));
            try { Thread.sleep(300); } catch (InterruptedException e) { return; }
        }
    }
}
