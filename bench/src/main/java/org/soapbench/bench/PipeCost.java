package org.soapbench.bench;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.WireMessage;
import org.soapbench.core.wire.WireMeter;

/**
 * The in-memory pipe's own cost: a pre-encoded request handed to an endpoint that returns a
 * pre-encoded response, with no stack involved. Every stack's figure is "pipe + stack"; this shows
 * the pipe's part is negligible (nanoseconds against the cheapest stack call's tens of microseconds).
 *
 * <p>Run: {@code java -jar benchmarks.jar PipeCost}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class PipeCost {

    @State(Scope.Benchmark)
    public static class Echo {
        WireMessage request;
        Pipe pipe;

        @Setup(Level.Trial)
        public void open() {
            request = WireMessage.request("text/xml; charset=UTF-8", "urn:soapbench:seismic:matchQuakes",
                    "<soap:Envelope/>".getBytes(StandardCharsets.UTF_8));
            WireMessage response = WireMessage.response("text/xml; charset=UTF-8",
                    "<soap:Envelope/>".getBytes(StandardCharsets.UTF_8), false);
            pipe = new WireMeter(Pipe.to(r -> response)); // the pipe as benchmarks use it, meter included
        }
    }

    @Benchmark
    public WireMessage exchange(Echo echo) {
        return echo.pipe.exchange(echo.request);
    }
}
