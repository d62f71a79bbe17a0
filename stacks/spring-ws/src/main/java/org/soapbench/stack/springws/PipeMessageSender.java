package org.soapbench.stack.springws;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.namespace.QName;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.WireMessage;
import org.springframework.ws.WebServiceMessage;
import org.springframework.ws.transport.AbstractSenderConnection;
import org.springframework.ws.transport.FaultAwareWebServiceConnection;
import org.springframework.ws.transport.WebServiceConnection;
import org.springframework.ws.transport.WebServiceMessageSender;

/**
 * The client side of Spring-WS over the core pipe: Spring-WS writes the whole request (headers and
 * bytes) into the connection, which hands them to the pipe once written and reads the response back
 * from what the pipe returned, all in the caller's thread. As Spring-WS's HTTP senders do, a fault
 * response is an error that carries a SOAP fault, which the template turns into its fault exception.
 */
final class PipeMessageSender implements WebServiceMessageSender {

    private final Pipe pipe;

    PipeMessageSender(Pipe pipe) {
        this.pipe = pipe;
    }

    @Override
    public WebServiceConnection createConnection(URI uri) {
        return new Connection(pipe, uri);
    }

    @Override
    public boolean supports(URI uri, UriSource source) {
        return true;
    }

    private static final class Connection extends AbstractSenderConnection implements FaultAwareWebServiceConnection {
        private final Pipe pipe;
        private final URI uri;
        private final Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        private final ByteArrayOutputStream request = new ByteArrayOutputStream(8192);
        private WireMessage response;

        Connection(Pipe pipe, URI uri) {
            this.pipe = pipe;
            this.uri = uri;
        }

        @Override
        public void addRequestHeader(String name, String value) {
            headers.put(name, value);
        }

        @Override
        protected OutputStream getRequestOutputStream() {
            return request;
        }

        @Override
        protected void onSendAfterWrite(WebServiceMessage message) {
            response = pipe.exchange(WireMessage.request(headers.get("Content-Type"), headers.get("SOAPAction"),
                    request.toByteArray()));
        }

        @Override
        protected boolean hasResponse() {
            return response.body().length > 0;
        }

        @Override
        public Iterator<String> getResponseHeaderNames() {
            return List.of("Content-Type").iterator();
        }

        @Override
        public Iterator<String> getResponseHeaders(String name) {
            return "Content-Type".equalsIgnoreCase(name) ? List.of(response.contentType()).iterator()
                    : java.util.Collections.emptyIterator();
        }

        @Override
        protected InputStream getResponseInputStream() {
            return new ByteArrayInputStream(response.body());
        }

        @Override
        public URI getUri() {
            return uri;
        }

        /** A fault travels as an error status, as over HTTP (500). */
        @Override
        public boolean hasError() {
            return response.fault();
        }

        @Override
        public String getErrorMessage() {
            return response.fault() ? "SOAP fault" : null;
        }

        @Override
        public boolean hasFault() {
            return response.fault();
        }

        @Override
        public void setFaultCode(QName faultCode) {
            // Only a server connection carries a fault out.
        }

        @Override
        protected void onClose() {
        }
    }
}
