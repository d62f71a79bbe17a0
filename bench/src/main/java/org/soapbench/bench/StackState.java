package org.soapbench.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.soapbench.core.spi.SeismicClient;

/**
 * A stack in one configuration: loaded in its own class loader, server and client opened over the
 * in-memory pipe (or over HTTP), answers checked against the dataset, with one client per benchmark
 * thread. All of it happens here, outside measurement.
 * An unknown stack, mode or encoding, or one the stack cannot run, fails here with one sentence.
 */
@State(Scope.Benchmark)
public class StackState {

    /**
     * Only what stock JMH uses when run without soapbench's launcher: {@code java -jar benchmarks.jar}
     * passes {@code -p stack=} every stack its jar sets mark for a default run ({@code
     * Stacks.inDefaultRun}), so a new stack module needs no edit here. Version twins such as cxf-4.1
     * are opt-in ({@code -p stack=cxf,cxf-4.1}).
     */
    @Param({"cxf", "metro", "axis2", "spring-ws"})
    public String stack;

    @Param({"plain", "username", "sign", "signencr"})
    public String security;

    @Param({"xml", "fi"})
    public String encoding;

    /**
     * {@code pipe}: the in-memory pipe, the default. {@code http} ({@code -p transport=http}): each
     * stack's own HTTP client and server on 127.0.0.1, started here and stopped at teardown.
     */
    @Param({"pipe"})
    public String transport;

    private Connection connection;

    @Setup(Level.Trial)
    public void open(BenchmarkParams params, PipeMeter meter) {
        connection = Connection.open(stack, security, encoding, transport, params, meter);
    }

    public SeismicClient client() {
        return connection.client();
    }

    /**
     * Also re-checks that a secured server verified every request it served during the trial, and,
     * with several threads, every thread's client against the dataset once more.
     */
    @TearDown(Level.Trial)
    public void close() {
        connection.close();
    }
}
