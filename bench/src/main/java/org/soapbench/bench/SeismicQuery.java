package org.soapbench.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.soapbench.bench.fork.Slowdown;
import org.soapbench.core.spi.Answer;

/**
 * One seismic query, as a full SOAP round trip: client marshalling and WS-Security, the in-memory
 * pipe, the server's whole chain (security checks, unmarshalling, the dataset lookup, response
 * marshalling and security), and the client reading every quake of the response.
 * Outside the timed region: loading the stack, key generation, opening server and client, the
 * setup calls that check answers against the dataset (see {@link StackState}), and settling: calls
 * until the fork is steady ({@link StackSettling}), before JMH's own short warm-up.
 *
 * <p>{@code small}: cycles through 1,000 queries answering 816 quakes in all (per-request cost).
 * {@code large}: cycles through 100 queries answering 176,745 quakes in all (data-volume cost).
 *
 * <p>Secondary metrics {@code wireRequestBytes}, {@code wireResponseBytes} and {@code wireExchanges}
 * ({@link WireCounters}) record what crossed the pipe.
 *
 * <p>Run: {@code java -jar benchmarks.jar SeismicQuery -p stack=cxf -p security=sign -p encoding=fi}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class SeismicQuery {

    @Benchmark
    public Answer small(StackState state, QueryCursor queries, WireCounters wire, StackSettling steady, Slowdown slowdown) {
        return call(state, queries, slowdown);
    }

    @Benchmark
    public Answer large(StackState state, QueryCursor queries, WireCounters wire, StackSettling steady, Slowdown slowdown) {
        return call(state, queries, slowdown);
    }

    /** One round trip; with an injected slowdown ({@link Slowdown}, the gate's power self-test) now and then two. */
    private static Answer call(StackState state, QueryCursor queries, Slowdown slowdown) {
        if (!slowdown.active()) {
            return state.client().query(queries.next());
        }
        Answer answer = state.client().query(queries.next());
        if (slowdown.extraCallDue()) {
            slowdown.keep(state.client().query(queries.next()));
        }
        return answer;
    }
}
