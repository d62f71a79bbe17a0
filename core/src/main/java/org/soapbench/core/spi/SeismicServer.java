package org.soapbench.core.spi;

import java.net.URI;
import java.util.function.LongSupplier;

/**
 * A stack's running server: over the pipe reachable only through its {@link Endpoint}; over HTTP
 * at its {@link #address()}, and through an endpoint that posts to it ({@link HttpPost}).
 */
public interface SeismicServer extends AutoCloseable {

    /** Where the pipe delivers requests. */
    Endpoint endpoint();

    /** Where an HTTP server listens (http://127.0.0.1:port/...); null for a server on the pipe. */
    default URI address() {
        return null;
    }

    /**
     * How many requests the server's WS-Security processing accepted after really checking them:
     * a verified signature, a decrypted body or an authenticated UsernameToken, as the mode demands.
     * Always 0 in {@link SecurityMode#PLAIN}. Lets setup prove the server did its half of the work.
     */
    long securedRequestsAccepted();

    @Override
    void close();

    /**
     * A server made of its parts, as an adapter has them once its stack's server is up: the endpoint
     * requests go to, its address (null on the pipe), the count of requests its WS-Security accepted
     * ({@link #securedRequestsAccepted()}), and what closing it does.
     */
    static SeismicServer of(Endpoint endpoint, URI address, LongSupplier securedRequestsAccepted, Runnable close) {
        return new SeismicServer() {
            @Override
            public Endpoint endpoint() {
                return endpoint;
            }

            @Override
            public URI address() {
                return address;
            }

            @Override
            public long securedRequestsAccepted() {
                return securedRequestsAccepted.getAsLong();
            }

            @Override
            public void close() {
                close.run();
            }
        };
    }
}
