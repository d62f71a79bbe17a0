package org.soapbench.core.wire;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.WireMessage;

/**
 * Keeps the last exchanges that cross a pipe and counts their bytes: what tests read to prove what
 * really crossed the wire, and what setup reads to report bytes per message. Made first, then put
 * around the pipe it watches ({@link #around}, e.g. as a {@code loading.Loopback}'s decoration), so the
 * caller holds it from the start. Not for the measured path (it copies nothing, but it does
 * synchronize).
 */
public final class WireCapture {

    /** One request and the response it got. */
    public record Exchange(WireMessage request, WireMessage response) {
    }

    private final int keep;
    private final Deque<Exchange> last = new ArrayDeque<>();
    private long exchanges;
    private long requestBytes;
    private long responseBytes;

    /** Keeps the last {@code keep} exchanges. */
    public WireCapture(int keep) {
        if (keep < 1) {
            throw new IllegalArgumentException("WireCapture must keep at least 1 exchange, not " + keep + ".");
        }
        this.keep = keep;
    }

    /** Keeps the last 16 exchanges. */
    public WireCapture() {
        this(16);
    }

    /** {@code next}, with every exchange through it recorded here. */
    public Pipe around(Pipe next) {
        return request -> record(request, next.exchange(request));
    }

    private WireMessage record(WireMessage request, WireMessage response) {
        synchronized (this) {
            if (last.size() == keep) {
                last.removeFirst();
            }
            last.addLast(new Exchange(request, response));
            exchanges++;
            requestBytes += request.body().length;
            responseBytes += response.body().length;
        }
        return response;
    }

    /** The most recent exchange; fails if nothing has crossed yet. */
    public synchronized Exchange lastExchange() {
        if (last.isEmpty()) {
            throw new IllegalStateException("No exchange has crossed this pipe yet.");
        }
        return last.getLast();
    }

    public synchronized List<Exchange> exchanges() {
        return new ArrayList<>(last);
    }

    public synchronized long exchangeCount() {
        return exchanges;
    }

    public synchronized long requestBytes() {
        return requestBytes;
    }

    public synchronized long responseBytes() {
        return responseBytes;
    }

    public synchronized void reset() {
        last.clear();
        exchanges = 0;
        requestBytes = 0;
        responseBytes = 0;
    }
}
