package org.soapbench.core.wire;

import java.util.concurrent.atomic.LongAdder;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.WireMessage;

/**
 * A pipe decorator that counts exchanges and bytes each way, cheaply enough to stay on the measured
 * path (a few nanoseconds, included in the {@code PipeCost} benchmark), so that a run's JSON can say
 * how many bytes each configuration put on the wire.
 */
public final class WireMeter implements Pipe {

    private final Pipe next;
    private final LongAdder exchanges = new LongAdder();
    private final LongAdder requestBytes = new LongAdder();
    private final LongAdder responseBytes = new LongAdder();

    public WireMeter(Pipe next) {
        this.next = next;
    }

    @Override
    public WireMessage exchange(WireMessage request) {
        WireMessage response = next.exchange(request);
        exchanges.increment();
        requestBytes.add(request.body().length);
        responseBytes.add(response.body().length);
        return response;
    }

    public long exchanges() {
        return exchanges.sum();
    }

    public long requestBytes() {
        return requestBytes.sum();
    }

    public long responseBytes() {
        return responseBytes.sum();
    }
}
