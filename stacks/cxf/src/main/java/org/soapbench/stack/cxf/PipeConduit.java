package org.soapbench.stack.cxf;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import org.apache.cxf.common.logging.LogUtils;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageImpl;
import org.apache.cxf.transport.AbstractConduit;
import org.apache.cxf.ws.addressing.EndpointReferenceUtils;
import org.soapbench.core.contract.Contract;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.WireMessage;

/**
 * The client side of CXF over the core pipe. The out chain serializes the whole request into a
 * buffer; when CXF closes the message, the bytes go through the pipe and the response is handed to
 * the client's in chain, all in the caller's thread. CXF's own local transport is not used: it
 * hands work to other threads through piped streams, and its direct dispatch skips serialization.
 */
final class PipeConduit extends AbstractConduit {

    private static final Logger LOG = LogUtils.getL7dLogger(PipeConduit.class);
    private static final String REQUEST_BUFFER = PipeConduit.class.getName() + ".requestBuffer";

    private final Pipe pipe;

    PipeConduit(Pipe pipe) {
        super(EndpointReferenceUtils.getEndpointReference(Contract.ADDRESS));
        this.pipe = pipe;
    }

    @Override
    public void prepare(Message message) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(8192);
        message.setContent(OutputStream.class, buffer);
        message.put(REQUEST_BUFFER, buffer);
    }

    @Override
    public void close(Message message) throws IOException {
        ByteArrayOutputStream buffer = (ByteArrayOutputStream) message.remove(REQUEST_BUFFER);
        if (buffer == null) {
            super.close(message); // the response message: just close its stream
            return;
        }
        OutputStream out = message.getContent(OutputStream.class);
        if (out != null) {
            out.close(); // flushes any wrapper CXF put around the buffer
        }
        WireMessage response = pipe.exchange(
                WireMessage.request(contentType(message), soapAction(message), buffer.toByteArray()));

        Exchange exchange = message.getExchange();
        Message in = new MessageImpl();
        in.setExchange(exchange);
        in.put(Message.CONTENT_TYPE, response.contentType());
        in.put(Message.RESPONSE_CODE, response.fault() ? 500 : 200);
        in.setContent(InputStream.class, new ByteArrayInputStream(response.body()));
        exchange.setInMessage(in);
        incomingObserver.onMessage(in);
    }

    /** The Content-Type CXF's HTTP transport would send: media type plus charset for text. */
    static String contentType(Message message) {
        String type = (String) message.get(Message.CONTENT_TYPE);
        String charset = (String) message.get(Message.ENCODING);
        if (type != null && type.startsWith("text/") && charset != null && !type.contains("charset")) {
            return type + "; charset=" + charset;
        }
        return type;
    }

    @SuppressWarnings("unchecked")
    private static String soapAction(Message message) {
        Map<String, List<String>> headers = (Map<String, List<String>>) message.get(Message.PROTOCOL_HEADERS);
        List<String> action = headers == null ? null : headers.get("SOAPAction");
        return action == null || action.isEmpty() ? null : action.get(0);
    }

    @Override
    protected Logger getLogger() {
        return LOG;
    }
}
