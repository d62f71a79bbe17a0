package org.soapbench.core.spi;

import java.nio.charset.StandardCharsets;

/**
 * One fully serialized SOAP message, as it would cross an HTTP connection: the body bytes, the
 * Content-Type, the SOAPAction (requests only) and, for responses, whether it is a fault (HTTP 500).
 */
public record WireMessage(String contentType, String soapAction, byte[] body, boolean fault) {

    public static WireMessage request(String contentType, String soapAction, byte[] body) {
        return new WireMessage(contentType, soapAction, body, false);
    }

    public static WireMessage response(String contentType, byte[] body, boolean fault) {
        return new WireMessage(contentType, null, body, fault);
    }

    public Encoding encoding() {
        return Encoding.ofContentType(contentType);
    }

    /** The body as text; meaningful for XML only (for tests and error messages). */
    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    public WireMessage withBody(byte[] newBody) {
        return new WireMessage(contentType, soapAction, newBody, fault);
    }
}
