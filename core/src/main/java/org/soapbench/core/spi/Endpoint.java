package org.soapbench.core.spi;

/**
 * The server side of a stack as the pipe sees it: reads one serialized request and returns the
 * serialized response, in the caller's thread. A SOAP fault is a response too, never an exception.
 */
@FunctionalInterface
public interface Endpoint {
    WireMessage serve(WireMessage request);
}
