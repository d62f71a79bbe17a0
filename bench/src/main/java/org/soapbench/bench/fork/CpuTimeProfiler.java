package org.soapbench.bench.fork;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * CPU time beside wall time, and the machine's state, as secondary metrics of every result:
 * <ul>
 *   <li>{@code ·cpu.thread}: CPU time of the benchmark threads per operation, in the benchmark's time
 *       unit. Time the hypervisor gave another guest (steal) or the scheduler gave another process
 *       counts in wall time but not here, so on a shared machine this moves far less than wall time.
 *       Over the pipe a whole round trip runs on the benchmark thread, so this is the request's cost;</li>
 *   <li>{@code ·cpu.process}: the whole JVM's CPU time per operation, JIT, GC and server threads
 *       included. Linux counts it in clock ticks of 10 ms, so an iteration's figure is within 10 ms of
 *       CPU of the truth: fine for heavy operations, coarse for light ones;</li>
 *   <li>{@code ·alloc.bytes}: bytes the benchmark threads allocated per operation (nearly
 *       deterministic, read from the JVM's per-thread counter at no measurable cost);</li>
 *   <li>{@code ·machine.steal}: the share of the machine's CPU time stolen by the hypervisor during
 *       the iteration ({@code /proc/stat}; absent where the machine has no such file, or has counted
 *       no steal since it booted: a hypervisor that reports none);</li>
 *   <li>{@code ·machine.others}: the share of the machine's CPU time during the iteration that went to
 *       processes outside this run ({@link OtherProcesses}): a neighbour at work, whose bursts a pair
 *       of forks does not feel alike when their work is unlike;</li>
 *   <li>{@code ·machine.probe}: the wall time of a fixed computation run right after the iteration,
 *       so a reader sees how far the machine's speed moved during the run.</li>
 * </ul>
 * Operations are JMH's count of all operations the iteration made, as JMH's own GC profiler counts them.
 * The launcher adds it to every run: {@code -prof org.soapbench.bench.fork.CpuTimeProfiler}.
 */
public final class CpuTimeProfiler implements InternalProfiler {

    // The names in the results' JSON, which the tools read: a renamed one leaves the results written
    // before it unread unless the tools learn the old name too.
    public static final String CPU_THREAD = "·cpu.thread";
    public static final String CPU_PROCESS = "·cpu.process";
    public static final String ALLOC = "·alloc.bytes";
    public static final String STEAL = "·machine.steal";
    public static final String PROBE = "·machine.probe";
    public static final String OTHERS = "·machine.others";
    /** JMH names its benchmark threads {@code <benchmark id>-jmh-worker-<n>}. */
    private static final String WORKER = "-jmh-worker-";
    private static final Path PROC_STAT = Path.of("/proc/stat");

    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private Map<Long, long[]> start = Map.of(); // thread id -> {cpu nanos, allocated bytes}
    private long processStart;
    private long[] statStart;
    private final OtherProcesses others = OtherProcesses.ofThisRun();
    private OtherProcesses.Ticks othersStart;

    @Override
    public String getDescription() {
        return "soapbench: CPU time and allocation per operation beside wall time, steal share and a speed probe";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        othersStart = others == null ? null : others.now();
        statStart = stealAndTotal();
        processStart = os.getProcessCpuTime();
        start = workerClocks();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        Since since = since();
        long ops = result.getMetadata().getAllOps();
        List<Result> out = new ArrayList<>();
        if (ops > 0) {
            TimeUnit unit = benchmarkParams.getTimeUnit();
            double perUnit = TimeUnit.NANOSECONDS.convert(1, unit);
            String label = TimeValue.tuToString(unit) + "/op";
            out.add(new ScalarResult(CPU_THREAD, since.cpu() / perUnit / ops, label, AggregationPolicy.AVG));
            out.add(new ScalarResult(CPU_PROCESS, since.process() / perUnit / ops, label, AggregationPolicy.AVG));
            out.add(new ScalarResult(ALLOC, (double) since.allocated() / ops, "B/op", AggregationPolicy.AVG));
        }
        long[] stat = since.stat();
        // Where the machine has counted no steal since it booted (its hypervisor reports none, as in
        // reports/sample-gate-designs-2026-11-26), a 0% would read as a quiet host; such a machine records none.
        if (statStart != null && stat != null && stat[1] > statStart[1] && stat[0] > 0) {
            out.add(new ScalarResult(STEAL, 100.0 * (stat[0] - statStart[0]) / (stat[1] - statStart[1]), "%",
                    AggregationPolicy.AVG));
        }
        if (since.othersEnd() != null) {
            out.add(new ScalarResult(OTHERS, OtherProcesses.othersPercent(othersStart, since.othersEnd()), "%",
                    AggregationPolicy.AVG));
        }
        out.add(new ScalarResult(PROBE, since.probeMicros(), "us", AggregationPolicy.AVG));
        return out;
    }

    /** What an iteration cost its worker threads and the process, and the machine's state at its end. */
    private record Since(long cpu, long allocated, long process, long[] stat, OtherProcesses.Ticks othersEnd,
                         double probeMicros) {
    }

    /** Everything read at the end of an iteration, against what {@link #beforeIteration} read. */
    private Since since() {
        Map<Long, long[]> end = workerClocks();
        long process = os.getProcessCpuTime() - processStart;
        long[] stat = stealAndTotal();
        OtherProcesses.Ticks othersEnd = othersStart == null ? null : others.now();
        long cpu = 0;
        long allocated = 0;
        for (Map.Entry<Long, long[]> e : end.entrySet()) {
            long[] before = start.getOrDefault(e.getKey(), new long[2]); // a thread new since: all of its time
            cpu += e.getValue()[0] - before[0];
            allocated += e.getValue()[1] - before[1];
        }
        return new Since(cpu, allocated, process, stat, othersEnd, SpeedProbe.microseconds());
    }

    /** The profiler whose readings {@link #readAsAtIterationBoundary()} makes: settling has none of its own. */
    private static CpuTimeProfiler atSettling;

    /**
     * Reads, and drops, everything this profiler reads at a JMH iteration boundary. Settling calls it between its
     * windows. Why: the readings run through JDK code a stack's calls run too (regular expressions,
     * {@code String.trim}, streams, {@code HashMap.putVal}, {@code InputStream.read}); where C2 had compiled that code
     * on the stack's calls alone, the first boundaries after settling failed its class checks and untaken branches:
     * C2 threw away up to 11 such methods a fork and compiled them again, {@code String.trim} 16 s later, while
     * measuring (reports/sample-boundary-deopt-2026-12-07). Read between windows, those checks fail while settling
     * waits for the JIT. One reading a window ({@link #since} runs every method {@link #beforeIteration} runs): it reads
     * {@code /proc} for every process, a few milliseconds on a machine of a hundred processes, outside the clocks the
     * rule judges.
     */
    static synchronized void readAsAtIterationBoundary() {
        if (atSettling == null) {
            atSettling = new CpuTimeProfiler();
            atSettling.beforeIteration(null, null);
        }
        atSettling.since();
    }

    /** CPU time and allocated bytes of each JMH worker thread alive now. */
    private Map<Long, long[]> workerClocks() {
        long[] ids = threads.getAllThreadIds();
        ThreadInfo[] infos = threads.getThreadInfo(ids);
        List<Long> workers = new ArrayList<>();
        for (ThreadInfo info : infos) {
            if (info != null && info.getThreadName().contains(WORKER)) {
                workers.add(info.getThreadId());
            }
        }
        long[] workerIds = workers.stream().mapToLong(Long::longValue).toArray();
        long[] allocated = threads.getThreadAllocatedBytes(workerIds);
        Map<Long, long[]> out = new HashMap<>();
        for (int i = 0; i < workerIds.length; i++) {
            long cpu = threads.getThreadCpuTime(workerIds[i]);
            if (cpu >= 0) {
                out.put(workerIds[i], new long[] {cpu, Math.max(0, allocated[i])});
            }
        }
        return out;
    }

    /**
     * The machine's steal, total and busy CPU ticks from the first line of {@code /proc/stat} (user,
     * nice, system, idle, iowait, irq, softirq, steal; guest time is already inside user), or null.
     */
    public static long[] stealAndTotal() {
        try {
            return parseStat(firstLine());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The first line of {@code /proc/stat}, read by itself: the whole file's interrupt line runs to
     * thousands of characters, and reading it twice an iteration made C2 compile BufferedReader.readLine
     * for 40 ms in the twelfth iteration of every fork, JIT time the result then carried.
     */
    static String firstLine() throws IOException {
        byte[] head = new byte[256];
        int n;
        try (InputStream in = Files.newInputStream(PROC_STAT)) {
            n = in.readNBytes(head, 0, head.length);
        }
        int end = 0;
        while (end < n && head[end] != '\n') {
            end++;
        }
        return new String(head, 0, end, StandardCharsets.US_ASCII);
    }

    static long[] parseStat(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        if (!f[0].equals("cpu") || f.length < 9) {
            return null;
        }
        long[] v = Arrays.stream(f, 1, 9).mapToLong(Long::parseLong).toArray();
        return new long[] {v[7], Arrays.stream(v).sum(), v[0] + v[1] + v[2] + v[5] + v[6]};
    }
}
