package org.soapbench.stack.axis2;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import org.apache.axiom.om.OMOutputFormat;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.OperationContext;
import org.apache.axis2.description.TransportOutDescription;
import org.apache.axis2.handlers.AbstractHandler;
import org.apache.axis2.transport.MessageFormatter;
import org.apache.axis2.transport.TransportSender;
import org.apache.axis2.transport.http.HTTPConstants;
import org.apache.axis2.util.MessageProcessorSelector;
import org.apache.axis2.wsdl.WSDLConstants;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.WireMessage;

/**
 * The client's transport: the request is serialized by the message formatter Axis2 selects for the
 * message type (SOAP or Fast Infoset), goes through the core pipe, and the response's bytes and
 * content type are handed back where Axis2's HTTP sender leaves them, for the operation client to
 * build the response with the builder that content type selects. All in the caller's thread.
 * Axis2's own local transport is not used: it always writes XML, reads with the platform charset,
 * and reports no response content type (LocalTransportSender, LocalTransportReceiver).
 */
final class PipeSender extends AbstractHandler implements TransportSender {

    private final Pipe pipe;

    private PipeSender(Pipe pipe) {
        this.pipe = pipe;
    }

    /** A transport-out description whose sender writes into {@code pipe}. */
    static TransportOutDescription over(Pipe pipe) {
        TransportOutDescription description = new TransportOutDescription(PipeTransport.NAME);
        description.setSender(new PipeSender(pipe));
        return description;
    }

    @Override
    public InvocationResponse invoke(MessageContext request) throws AxisFault {
        OMOutputFormat format = PipeTransport.outputFormat(request);
        MessageFormatter formatter = MessageProcessorSelector.getMessageFormatter(request);
        ByteArrayOutputStream body = new ByteArrayOutputStream(8192);
        formatter.writeTo(request, format, body, false);
        String contentType = formatter.getContentType(request, format, request.getSoapAction());
        // The SOAPAction header as Axis2's HTTP sender writes it: whatever the formatter makes of the
        // action (quoted for SOAP 1.1 XML; none at all from the Fast Infoset formatter).
        String soapAction = formatter.formatSOAPAction(request, format, request.getSoapAction());

        WireMessage response = pipe.exchange(WireMessage.request(contentType, soapAction, body.toByteArray()));

        // Where HTTPSenderImpl puts a response: status on the request, content type and charset on the
        // response message context, the stream on the operation context.
        request.setProperty(HTTPConstants.MC_HTTP_STATUS_CODE, response.fault() ? 500 : 200);
        OperationContext operation = request.getOperationContext();
        MessageContext in = operation.getMessageContext(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        if (in == null) {
            // Without it the response's content type would be lost, and Axis2 would read any bytes as XML.
            throw new AxisFault("The pipe transport serves request-response operations only.");
        }
        in.setProperty(Constants.Configuration.CONTENT_TYPE, response.contentType());
        in.setProperty(Constants.Configuration.CHARACTER_SET_ENCODING, PipeTransport.charset(response.contentType()));
        operation.setProperty(MessageContext.TRANSPORT_IN, new ByteArrayInputStream(response.body()));
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
