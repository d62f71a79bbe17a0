package org.soapbench.stack.axis2;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import org.apache.axiom.om.OMOutputFormat;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.TransportInDescription;
import org.apache.axis2.description.TransportOutDescription;
import org.apache.axis2.engine.AxisEngine;
import org.apache.axis2.handlers.AbstractHandler;
import org.apache.axis2.transport.MessageFormatter;
import org.apache.axis2.transport.OutTransportInfo;
import org.apache.axis2.transport.TransportSender;
import org.apache.axis2.transport.TransportUtils;
import org.apache.axis2.util.MessageContextBuilder;
import org.apache.axis2.util.MessageProcessorSelector;
import org.soapbench.core.spi.Endpoint;
import org.soapbench.core.spi.WireMessage;

/**
 * The server side of Axis2 over the core pipe, doing what AxisServlet and HTTPTransportUtils do
 * with an HTTP POST: the request's bytes are built into an envelope by the builder its content
 * type selects (SOAP or Fast Infoset), Axis2's whole in-flow runs (dispatch, Rampart, the message
 * receiver), and the response (or fault) is written by the formatter the request's message type
 * selects, so a Fast Infoset request gets a Fast Infoset answer. All in the caller's thread.
 */
final class PipeEndpoint implements Endpoint {

    private final ConfigurationContext context;
    private final AxisService service;
    private final TransportInDescription transportIn = new TransportInDescription(PipeTransport.NAME);
    private final TransportOutDescription transportOut = new TransportOutDescription(PipeTransport.NAME);

    PipeEndpoint(ConfigurationContext context, AxisService service) {
        this.context = context;
        this.service = service;
        transportOut.setSender(new Responder());
    }

    @Override
    public WireMessage serve(WireMessage request) {
        ByteArrayOutputStream body = new ByteArrayOutputStream(8192);
        Response response = new Response();
        MessageContext in = context.createMessageContext();
        in.setIncomingTransportName(PipeTransport.NAME);
        in.setTransportIn(transportIn);
        in.setTransportOut(transportOut);
        in.setServerSide(true);
        // The pipe is bound to this one service, as a servlet path would be; the operation is
        // dispatched by Axis2 (SOAPAction, or the Body once Rampart has decrypted it).
        in.setAxisService(service);
        in.setSoapAction(unquote(request.soapAction()));
        in.setProperty(Constants.Configuration.CONTENT_TYPE, request.contentType());
        String charset = PipeTransport.charset(request.contentType());
        in.setProperty(Constants.Configuration.CHARACTER_SET_ENCODING,
                charset != null ? charset : MessageContext.DEFAULT_CHAR_SET_ENCODING);
        in.setProperty(MessageContext.TRANSPORT_OUT, body);
        in.setProperty(Constants.OUT_TRANSPORT_INFO, response);
        try {
            try {
                in.setEnvelope(TransportUtils.createSOAPMessage(in, new ByteArrayInputStream(request.body()),
                        request.contentType()));
                AxisEngine.receive(in);
            } catch (AxisFault e) {
                sendFault(in, e);
            } catch (Exception e) {
                sendFault(in, AxisFault.makeFault(e));
            }
        } catch (AxisFault e) {
            throw new IllegalStateException("Axis2 could not even write a fault for a " + request.contentType()
                    + " request: " + e.getMessage(), e);
        }
        if (response.contentType == null) {
            throw new IllegalStateException("Axis2 wrote no response for a " + request.contentType() + " request.");
        }
        return WireMessage.response(response.contentType, body.toByteArray(), response.fault);
    }

    /** As AxisServlet.handleFault: a fault message context, sent through the out-fault flow. */
    private static void sendFault(MessageContext in, AxisFault fault) throws AxisFault {
        MessageContext faultContext = MessageContextBuilder.createFaultMessageContext(in, fault);
        AxisEngine.sendFault(faultContext);
    }

    /** HTTPTransportUtils strips the quotes of a SOAPAction header the same way. */
    private static String unquote(String action) {
        if (action != null && action.length() > 1 && action.startsWith("\"") && action.endsWith("\"")) {
            return action.substring(1, action.length() - 1);
        }
        return action;
    }

    /** The response's content type and status, as an HTTP response would carry them. */
    private static final class Response implements OutTransportInfo {
        String contentType;
        boolean fault;

        @Override
        public void setContentType(String contentType) {
            this.contentType = contentType;
        }
    }

    /** Writes the response into the exchange's buffer, as CommonsHTTPTransportSender writes to a servlet response. */
    private static final class Responder extends AbstractHandler implements TransportSender {

        @Override
        public InvocationResponse invoke(MessageContext message) throws AxisFault {
            OMOutputFormat format = PipeTransport.outputFormat(message);
            MessageFormatter formatter = MessageProcessorSelector.getMessageFormatter(message);
            Response response = (Response) message.getProperty(Constants.OUT_TRANSPORT_INFO);
            response.fault = message.isFault();
            response.setContentType(formatter.getContentType(message, format, message.getSoapAction()));
            formatter.writeTo(message, format, (OutputStream) message.getProperty(MessageContext.TRANSPORT_OUT), false);
            TransportUtils.setResponseWritten(message, true);
            return InvocationResponse.CONTINUE;
        }

        @Override
        public void init(ConfigurationContext context, TransportOutDescription transportOut) {
        }

        @Override
        public void cleanup(MessageContext message) {
        }

        @Override
        public void stop() {
        }
    }
}
