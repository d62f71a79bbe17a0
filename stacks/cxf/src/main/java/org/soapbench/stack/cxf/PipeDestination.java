package org.soapbench.stack.cxf;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.logging.Logger;
import org.apache.cxf.Bus;
import org.apache.cxf.common.logging.LogUtils;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.ExchangeImpl;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageImpl;
import org.apache.cxf.service.model.EndpointInfo;
import org.apache.cxf.transport.AbstractConduit;
import org.apache.cxf.transport.AbstractDestination;
import org.apache.cxf.transport.Conduit;
import org.apache.cxf.transport.Destination;
import org.apache.cxf.transport.DestinationFactory;
import org.apache.cxf.ws.addressing.EndpointReferenceUtils;
import org.soapbench.core.spi.Endpoint;
import org.soapbench.core.spi.WireMessage;

/**
 * The server side of CXF over the core pipe: a request's bytes enter the endpoint's in chain as an
 * HTTP POST would, and the out (or fault) chain writes the response into a buffer through the back
 * channel. CXF's default executor is synchronous, so all of it runs in the caller's thread.
 */
final class PipeDestination extends AbstractDestination implements Endpoint {

    private static final Logger LOG = LogUtils.getL7dLogger(PipeDestination.class);

    private final Conduit backChannel = new BackChannel();

    PipeDestination(Bus bus, EndpointInfo endpointInfo) {
        super(bus, EndpointReferenceUtils.getEndpointReference(endpointInfo.getAddress()), endpointInfo);
    }

    @Override
    public WireMessage serve(WireMessage request) {
        MessageImpl in = new MessageImpl();
        Exchange exchange = new ExchangeImpl();
        exchange.setInMessage(in);
        in.setExchange(exchange);
        in.setDestination(this);
        in.put(Message.HTTP_REQUEST_METHOD, "POST");
        in.put(Message.CONTENT_TYPE, request.contentType());
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.put("Content-Type", List.of(request.contentType()));
        if (request.soapAction() != null) {
            headers.put("SOAPAction", List.of(request.soapAction()));
        }
        in.put(Message.PROTOCOL_HEADERS, headers);
        in.setContent(InputStream.class, new ByteArrayInputStream(request.body()));

        getMessageObserver().onMessage(in);

        ByteArrayOutputStream body = exchange.get(ByteArrayOutputStream.class);
        Message fault = exchange.getOutFaultMessage();
        Message out = fault != null && fault.getContent(OutputStream.class) != null ? fault : exchange.getOutMessage();
        if (body == null || out == null) {
            throw new IllegalStateException("CXF wrote no response for a " + request.contentType() + " request.");
        }
        return WireMessage.response(PipeConduit.contentType(out), body.toByteArray(), out == fault);
    }

    @Override
    protected Conduit getInbuiltBackChannel(Message inMessage) {
        return backChannel;
    }

    @Override
    protected Logger getLogger() {
        return LOG;
    }

    /** Collects the serialized response in the exchange, where {@link #serve} picks it up. */
    private static final class BackChannel extends AbstractConduit {
        BackChannel() {
            super(null);
        }

        @Override
        public void prepare(Message message) {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream(8192);
            message.setContent(OutputStream.class, buffer);
            message.getExchange().put(ByteArrayOutputStream.class, buffer);
        }

        @Override
        protected Logger getLogger() {
            return LOG;
        }
    }

    /** Hands the one destination to CXF's server factory. */
    static final class Factory implements DestinationFactory {
        private PipeDestination destination;

        @Override
        public Destination getDestination(EndpointInfo endpointInfo, Bus bus) {
            destination = new PipeDestination(bus, endpointInfo);
            return destination;
        }

        PipeDestination destination() {
            return destination;
        }

        @Override
        public Set<String> getUriPrefixes() {
            return Set.of("http");
        }

        @Override
        public List<String> getTransportIds() {
            return List.of("urn:soapbench:pipe");
        }
    }
}
