package org.soapbench.core;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A pipe decorator that keeps the last exchanges and counts bytes: what tests read to prove what
 * really crossed the wire, and what setup reads to report bytes per message. Not for the measured
 * path (it copies nothing, but it does synchronize).
 */
public final class WireCapture implements Pipe {

    /** One request and the response it got. */
    public record Exchange(WireMessage request, WireMessage response) {
    }

    private final Pipe next;
    private final int keep;
    private final Deque<Exchange> last = new ArrayDeque<>();
    private long exchanges;
    private long requestBytes;
    private long responseBytes;

    public WireCapture(Pipe next, int keep) {
        if (keep < 1) {
            throw new IllegalArgumentException("WireCapture must keep at least 1 exchange, not " + keep + ".");
        }
        this.next = next;
        this.keep = keep;
    }

    public WireCapture(Pipe next) {
        this(next, 16);
    }

    @Override
    public WireMessage exchange(WireMessage request) {
        WireMessage response = next.exchange(request);
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
