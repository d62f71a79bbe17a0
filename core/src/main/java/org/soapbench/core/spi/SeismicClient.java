package org.soapbench.core.spi;

/** A stack's client, bound to a pipe: one call is one full SOAP round trip. */
public interface SeismicClient extends AutoCloseable {

    /**
     * Sends the query and reads every quake of the response into an {@link Answer}. A SOAP fault,
     * or a response that fails the client's own security checks, is an exception, never data.
     */
    Answer query(Query query);

    @Override
    void close();
}
