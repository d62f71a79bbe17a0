package org.soapbench.core.spi;

/**
 * The in-memory transport every stack's client uses: it hands a serialized request to a server
 * {@link Endpoint} in the caller's thread and returns the serialized response. No sockets, no
 * thread hand-off, nothing skipped. Decorators (such as {@code wire.WireCapture}) wrap it for tests;
 * the one the benchmarks use is {@link #to(Endpoint)}, which adds nothing to the call.
 */
@FunctionalInterface
public interface Pipe {

    WireMessage exchange(WireMessage request);

    /** The measured pipe: a direct call of the endpoint. */
    static Pipe to(Endpoint endpoint) {
        return endpoint::serve;
    }
}
