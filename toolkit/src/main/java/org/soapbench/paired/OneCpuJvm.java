package org.soapbench.paired;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The JVM a paired fork runs in: pinned to one CPU of two, with the settings a JVM alone on one CPU
 * would otherwise choose for itself, set alike for every fork of the gate and of run's duets.
 */
public final class OneCpuJvm {

    /**
     * One CPU seen, one GC thread of each kind, the fewest compiler threads tiered compilation allows,
     * and compilation in the foreground ({@code -XX:-BackgroundCompilation}): a method is compiled when
     * its counters say, on profiles gathered up to that call, not whenever a compiler thread gets the
     * shared CPU. That cut the spread of a same-moment round's CPU-time ratio, which is JVM to JVM (one
     * fork's JIT ends up 5-10% slower than another's), from about 4.4% to 1.7%
     * (reports/sample-gate-2026-11-25). On one CPU it costs nothing: the compiler shares that CPU anyway.
     */
    public static final String ONE_CPU_JVM = "-XX:ActiveProcessorCount=1 -XX:ParallelGCThreads=1 -XX:ConcGCThreads=1 "
            + "-XX:CICompilerCount=2 -XX:-BackgroundCompilation";

    /**
     * The heap where the settings choose none: fixed, and touched before the benchmark starts. Left to
     * grow, G1 kept moving its young generation onto memory never touched before, and the first touch
     * of each page is a fault: half-second windows of one fork took 25,000 faults and half their CPU
     * time in the kernel, and ran 6-15 times slower per call, with the same allocation per call and no
     * compilation; a fixed, pre-touched heap ended it (reports/sample-gate-designs-2026-11-26). Huge pages
     * make the touching 512 faults a gigabyte instead of 262,144.
     */
    public static final String FIXED_HEAP = "-Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages";

    private static final Pattern GC_CHOICE = Pattern.compile("-XX:\\+Use\\w+GC\\b");
    private static final Pattern HEAP_CHOICE = Pattern.compile("(^|\\s)(-Xm[sx]\\d|-XX:(Max|Initial|Min)HeapSize=|-XX:\\w*RAMPercentage=)");

    private OneCpuJvm() {
    }

    /** A pinned JVM's options: {@link #ONE_CPU_JVM} and the {@link #defaults} for what {@code chosen} leaves open. */
    public static String options(String chosen) {
        return String.join(" ", ONE_CPU_JVM, String.join(" ", defaults(chosen))).strip();
    }

    /**
     * What a JVM pinned to one CPU gets where the options it was given choose none: G1 (it would
     * otherwise choose Serial), and the fixed, pre-touched heap ({@link #FIXED_HEAP}).
     */
    public static List<String> defaults(String chosen) {
        List<String> out = new ArrayList<>();
        if (!choosesGc(chosen)) {
            out.add("-XX:+UseG1GC");
        }
        if (!choosesHeap(chosen)) {
            out.addAll(List.of(FIXED_HEAP.split(" ")));
        }
        return out;
    }

    /** Whether these JVM options choose a garbage collector. */
    public static boolean choosesGc(String options) {
        return GC_CHOICE.matcher(options).find();
    }

    /** Whether these JVM options choose the heap's size. */
    public static boolean choosesHeap(String options) {
        return HEAP_CHOICE.matcher(options).find();
    }

    /**
     * Two CPUs from "A,B", checked against this machine: it offers them, and taskset is there to pin a JVM
     * to each. "A,A" pins both JVMs to one CPU, which the kernel then shares between them a few
     * milliseconds at a time, so that both run on the same CPU at the same moment: where two vCPUs run at
     * different speeds, a pair on two of them strays by that difference at every iteration. What cannot
     * work is one sentence, naming {@code otherwise}, the design that would.
     */
    public static int[] pinnedCpus(String cpus, String otherwise) {
        int[] pair;
        try {
            pair = Arrays.stream(cpus.split(",")).map(String::strip).mapToInt(Integer::parseInt).toArray();
        } catch (NumberFormatException e) {
            pair = new int[0];
        }
        int available = Runtime.getRuntime().availableProcessors();
        if (pair.length != 2 || pair[0] < 0 || pair[1] < 0) {
            throw new IllegalArgumentException("--cpus '" + cpus + "' is not two CPU numbers; expected e.g. 0,1 (a CPU "
                    + "each) or 0,0 (one shared).");
        }
        if (available < 2 && pair[0] != pair[1]) {
            throw new IllegalArgumentException("--design same-moment needs two CPUs, one a side, but this machine offers "
                    + available + "; use " + otherwise + ".");
        }
        if (!onPath("taskset")) {
            throw new IllegalArgumentException("--design pins each JVM to a CPU with taskset, which is not "
                    + "on the PATH (Debian: apt-get install util-linux); or use " + otherwise + ".");
        }
        return pair;
    }

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        return path != null && Arrays.stream(path.split(java.io.File.pathSeparator))
                .anyMatch(d -> Files.isExecutable(Path.of(d, command)));
    }

    /** The java launcher of the JVM that runs this command, for the forks it starts. */
    public static Path ownJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** The jar this command runs from, which the forks run too (the gate's base). */
    public static Path ownJar() {
        try {
            Path home = Path.of(OneCpuJvm.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(home)) {
                throw new IllegalArgumentException("gate runs from the base's benchmarks.jar (java -jar benchmarks.jar "
                        + "gate ...), not from " + home + ".");
            }
            return home;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("gate cannot tell which jar it runs from (" + e.getMessage() + ").");
        }
    }
}
