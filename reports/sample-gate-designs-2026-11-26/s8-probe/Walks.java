// Random-access walks over arrays of three sizes, each warmed by a sequential pass first: which level of the cache carries the host's slowdown?
public class Walks {
    static volatile long sink;
    static long walk(int[] a, int n) { long s = 0; int j = 0, mask = a.length - 1; for (int i = 0; i < n; i++) { j = (j * 1103515245 + 12345) & mask; s += a[j]; a[j] = (int) s; } return s; }
    static long warm(int[] a) { long s = 0; for (int v : a) s += v; return s; }
    public static void main(String[] x) {
        int[][] arrays = {new int[1 << 16], new int[1 << 18], new int[1 << 21]}; // 256 KB, 1 MB, 8 MB
        for (int i = 0; i < 300; i++) for (int[] a : arrays) sink = walk(a, 1 << 12) + warm(a);
        StringBuilder out = new StringBuilder(x[0]);
        for (int[] a : arrays) {
            double[] t = new double[15];
            for (int r = 0; r < t.length; r++) { sink = warm(a); long t0 = System.nanoTime(); sink = walk(a, 1 << 18); t[r] = (System.nanoTime() - t0) / 1e3; }
            java.util.Arrays.sort(t);
            out.append(String.format("  %dKB %.0f us", a.length / 256, t[7]));
        }
        System.out.println(out);
    }
}
