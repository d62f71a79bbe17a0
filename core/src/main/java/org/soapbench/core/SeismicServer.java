package org.soapbench.core;

/** A stack's running server, reachable only through its {@link Endpoint}. */
public interface SeismicServer extends AutoCloseable {

    /** Where the pipe delivers requests. */
    Endpoint endpoint();

    /**
     * How many requests the server's WS-Security processing accepted after really checking them:
     * a verified signature, a decrypted body or an authenticated UsernameToken, as the mode demands.
     * Always 0 in {@link SecurityMode#PLAIN}. Lets setup prove the server did its half of the work.
     */
    long securedRequestsAccepted();

    @Override
    void close();
}
