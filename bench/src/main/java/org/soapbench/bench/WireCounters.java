package org.soapbench.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Bytes on the wire as JMH secondary metrics, so a result file alone tells them: totals of each
 * measured iteration (JMH sums these events), from which the report divides bytes by exchanges.
 * With several threads each thread reports the shared totals, which scales bytes and exchanges alike.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class WireCounters {

    private PipeMeter pipe;
    private long exchanges;
    private long requestBytes;
    private long responseBytes;

    @Setup(Level.Iteration)
    public void mark(PipeMeter meter) {
        pipe = meter;
        exchanges = meter.meter.exchanges();
        requestBytes = meter.meter.requestBytes();
        responseBytes = meter.meter.responseBytes();
    }

    public long wireExchanges() {
        return pipe.meter.exchanges() - exchanges;
    }

    public long wireRequestBytes() {
        return pipe.meter.requestBytes() - requestBytes;
    }

    public long wireResponseBytes() {
        return pipe.meter.responseBytes() - responseBytes;
    }
}
