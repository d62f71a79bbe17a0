package org.soapbench.stack.springws;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.namespace.QName;
import org.soapbench.core.contract.Contract;
import org.soapbench.core.spi.Endpoint;
import org.soapbench.core.spi.WireMessage;
import org.springframework.ws.WebServiceMessageFactory;
import org.springframework.ws.transport.AbstractReceiverConnection;
import org.springframework.ws.transport.FaultAwareWebServiceConnection;
import org.springframework.ws.transport.WebServiceMessageReceiver;
import org.springframework.ws.transport.support.WebServiceMessageReceiverObjectSupport;

/**
 * The server side of Spring-WS over the core pipe: a request's bytes and headers enter Spring-WS as an
 * HTTP connection's would, through the same handling its HTTP transports use ({@code handleConnection}:
 * read the message, dispatch it, write the response, mark a fault), in the caller's thread.
 */
final class PipeReceiver extends WebServiceMessageReceiverObjectSupport implements Endpoint {

    private final WebServiceMessageReceiver dispatcher;

    PipeReceiver(WebServiceMessageFactory messageFactory, WebServiceMessageReceiver dispatcher) {
        setMessageFactory(messageFactory);
        this.dispatcher = dispatcher;
    }

    @Override
    public WireMessage serve(WireMessage request) {
        Connection connection = new Connection(request);
        try {
            handleConnection(connection, dispatcher);
        } catch (Exception e) {
            throw new IllegalStateException("Spring-WS could not handle a " + request.contentType() + " request: " + e, e);
        }
        return WireMessage.response(connection.responseHeaders.get("Content-Type"), connection.response.toByteArray(),
                connection.fault);
    }

    private static final class Connection extends AbstractReceiverConnection implements FaultAwareWebServiceConnection {
        private final WireMessage request;
        private final Map<String, String> responseHeaders = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        private final ByteArrayOutputStream response = new ByteArrayOutputStream(8192);
        private boolean fault;

        Connection(WireMessage request) {
            this.request = request;
        }

        @Override
        public Iterator<String> getRequestHeaderNames() {
            List<String> names = new ArrayList<>(2);
            names.add("Content-Type");
            if (request.soapAction() != null) {
                names.add("SOAPAction");
            }
            return names.iterator();
        }

        @Override
        public Iterator<String> getRequestHeaders(String name) {
            String value = "Content-Type".equalsIgnoreCase(name) ? request.contentType()
                    : "SOAPAction".equalsIgnoreCase(name) ? request.soapAction() : null;
            return value == null ? java.util.Collections.emptyIterator() : List.of(value).iterator();
        }

        @Override
        protected InputStream getRequestInputStream() {
            return new ByteArrayInputStream(request.body());
        }

        @Override
        public void addResponseHeader(String name, String value) {
            responseHeaders.put(name, value);
        }

        @Override
        protected OutputStream getResponseOutputStream() {
            return response;
        }

        @Override
        public URI getUri() {
            return URI.create(Contract.ADDRESS);
        }

        @Override
        public boolean hasError() {
            return false;
        }

        @Override
        public String getErrorMessage() {
            return null;
        }

        @Override
        public boolean hasFault() {
            return fault;
        }

        /** Spring-WS marks a fault response here; over HTTP it becomes status 500. */
        @Override
        public void setFaultCode(QName faultCode) {
            fault = faultCode != null;
        }
    }
}
