package org.soapbench.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.soapbench.core.spi.Answer;

/**
 * The same round trip as {@link SeismicQuery}, with responses of exactly {@code quakes} quakes, so
 * that a straight line through the points gives each configuration's fixed cost per request and its
 * cost per quake. Eight distinct queries per size, cycled.
 *
 * <p>Run: {@code java -jar benchmarks.jar SizeSweep -p stack=cxf -p security=plain -p quakes=0,100,10000}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class SizeSweep {

    /** Quakes per response; read by {@link Workloads} to pick the sweep's query set. */
    @State(Scope.Benchmark)
    public static class Size {
        @Param({"0", "1", "10", "100", "1000", "10000"})
        public int quakes;
    }

    @Benchmark
    public Answer query(Size size, StackState state, QueryCursor queries, WireCounters wire, StackSettling steady) {
        return state.client().query(queries.next());
    }
}
