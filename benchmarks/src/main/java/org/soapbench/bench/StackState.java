package org.soapbench.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.soapbench.core.SeismicClient;

/**
 * A stack in one configuration: loaded in its own class loader, server and client opened over the
 * in-memory pipe, answers checked against the dataset. All of it happens here, outside measurement.
 * An unknown stack, mode or encoding, or one the stack cannot run, fails here with one sentence.
 */
@State(Scope.Benchmark)
public class StackState {

    /** The stacks of a default run; version twins such as cxf-4.1 are opt-in ({@code -p stack=cxf,cxf-4.1}). */
    @Param({"cxf", "metro", "axis2"})
    public String stack;

    @Param({"plain", "username", "sign", "signencr"})
    public String security;

    @Param({"xml", "fi"})
    public String encoding;

    private Connection connection;

    @Setup(Level.Trial)
    public void open(BenchmarkParams params, PipeMeter meter) {
        connection = Connection.open(stack, security, encoding, params, meter);
    }

    public SeismicClient client() {
        return connection.client();
    }

    /** Also re-checks that a secured server verified every request it served during the trial. */
    @TearDown(Level.Trial)
    public void close() {
        connection.close();
    }
}
