package org.soapbench.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.soapbench.bench.fork.SettlingRule;
import org.soapbench.core.spi.Answer;
import org.soapbench.core.spi.SeismicClient;

/**
 * The floor beside the stacks: the same queries, the same request and response payloads marshalled
 * and unmarshalled with plain JAXB (the classes CXF generates) over Woodstox or Fast Infoset, through
 * the same pipe and the same dataset lookup, with no SOAP processing at all. A stack's time divided
 * by this is how many times the bare binding cost it pays.
 *
 * <p>Run: {@code java -jar benchmarks.jar Floor -p encoding=xml}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class Floor {

    /** The stack id of the floor's jar set (the report draws the floor's sweep beside the stacks' by it). */
    public static final String STACK = "jaxb-floor";

    @State(Scope.Benchmark)
    public static class FloorState {
        @Param({"xml", "fi"})
        public String encoding;

        private Connection connection;

        @Setup(Level.Trial)
        public void open(BenchmarkParams params, PipeMeter meter) {
            connection = Connection.open(STACK, "plain", encoding, params, meter);
        }

        SeismicClient client() {
            return connection.client();
        }

        @TearDown(Level.Trial)
        public void close() {
            connection.close();
        }
    }

    /** Settles the floor's round trip as {@link StackSettling} does a stack's. */
    @State(Scope.Thread)
    public static class SteadyFloor {
        @Setup(Level.Trial)
        public void settle(FloorState floor, QueryCursor queries, BenchmarkParams jmh) {
            SettlingRule.settle(() -> floor.client().query(queries.next()).checksum(), queries::rewind, jmh);
        }
    }

    @Benchmark
    public Answer small(FloorState floor, QueryCursor queries, WireCounters wire, SteadyFloor steady) {
        return floor.client().query(queries.next());
    }

    @Benchmark
    public Answer large(FloorState floor, QueryCursor queries, WireCounters wire, SteadyFloor steady) {
        return floor.client().query(queries.next());
    }

    /** The floor of {@link SizeSweep}. */
    @Benchmark
    @Warmup(iterations = 2, time = 1)
    @Measurement(iterations = 5, time = 1)
    @Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
    public Answer sweep(SizeSweep.Size size, FloorState floor, QueryCursor queries, WireCounters wire, SteadyFloor steady) {
        return floor.client().query(queries.next());
    }
}
