package org.soapbench.bench.fork;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Puts the evidence that a result was measured in steady state into JMH's own results (and so its
 * JSON), as secondary metrics of every benchmark:
 * <ul>
 *   <li>{@code ·jit.share}: the percentage of each measured iteration's wall time that the JIT spent
 *       compiling (the JVM's {@code CompilationMXBean}), averaged over iterations and forks;</li>
 *   <li>{@code ·steady.warmup}: seconds the fork spent settling before JMH's warm-up
 *       ({@link SettlingRule}; the longest fork), absent when the warm-up was fixed;</li>
 *   <li>{@code ·steady.met}: seconds after which the fork first met the rule; less than {@code ·steady.warmup}
 *       where it went on settling until the fork beside it met the rule too (a paired design);</li>
 *   <li>{@code ·steady.reached}: 1 when every fork met the rule, 0 when one hit the ceiling;</li>
 *   <li>{@code ·steady.fall}: how much faster per call, in percent, the second half of the fork's last
 *       span of settling was than its first, on the time settling judged (the fork that fell most).</li>
 * </ul>
 * The launcher adds it to every run: {@code -prof org.soapbench.bench.fork.SteadyStateProfiler}.
 */
public final class SteadyStateProfiler implements InternalProfiler {

    // The names in the results' JSON, which the tools read: a renamed one leaves the results written
    // before it unread unless the tools learn the old name too.
    public static final String JIT_SHARE = "·jit.share";
    public static final String WARMUP = "·steady.warmup";
    public static final String MET = "·steady.met";
    public static final String REACHED = "·steady.reached";
    public static final String FALL = "·steady.fall";

    private final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    private long startNanos;
    private long startJitMillis;

    @Override
    public String getDescription() {
        return "soapbench: JIT share of measured time and how the fork settled";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        startJitMillis = jit.getTotalCompilationTime();
        startNanos = System.nanoTime();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        long wallNanos = System.nanoTime() - startNanos;
        long jitMillis = jit.getTotalCompilationTime() - startJitMillis;
        List<Result> out = new ArrayList<>();
        out.add(new ScalarResult(JIT_SHARE, 100.0 * jitMillis * 1e6 / wallNanos, "%", AggregationPolicy.AVG));
        SettlingRule.Evidence settled = SettlingRule.evidence();
        if (settled != null) {
            out.add(new ScalarResult(WARMUP, settled.seconds(), "s", AggregationPolicy.MAX));
            out.add(new ScalarResult(MET, settled.metSeconds() < 0 ? settled.seconds() : settled.metSeconds(), "s",
                    AggregationPolicy.MAX));
            out.add(new ScalarResult(REACHED, settled.reached() ? 1 : 0, "", AggregationPolicy.MIN));
            out.add(new ScalarResult(FALL, 100 * settled.fall(), "%", AggregationPolicy.MAX));
        }
        return out;
    }
}
