package org.soapbench.core.spi;

import java.net.URI;

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
}
