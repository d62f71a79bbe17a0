package org.soapbench.stack.springws;

import com.sun.xml.messaging.saaj.soap.SOAPPartImpl;
import com.sun.xml.messaging.saaj.soap.impl.ElementImpl;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPMessage;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.server.EndpointInterceptor;
import org.springframework.ws.soap.saaj.SaajSoapMessage;

/**
 * Makes an encrypted response readable to SAAJ RI again. WSS4J writes the response's xenc:EncryptedData
 * into the DOM beneath SAAJ RI 3's element wrappers, so SAAJ cannot wrap the Body's new child, and
 * Spring-WS's own transport code, asking the response whether it is a fault, fails ("Cannot find SOAP
 * wrapper for element"). SAAJ's public registration of a subtree's nodes mends it: first in the chain, so
 * it runs after the security interceptor has encrypted the response; only the Body, a few elements once
 * encrypted. Not used where nothing is encrypted.
 */
final class SaajWrappers implements EndpointInterceptor {

    @Override
    public boolean handleRequest(MessageContext messageContext, Object endpoint) {
        return true;
    }

    @Override
    public boolean handleResponse(MessageContext messageContext, Object endpoint) throws SOAPException {
        SOAPMessage response = ((SaajSoapMessage) messageContext.getResponse()).getSaajMessage();
        ((SOAPPartImpl) response.getSOAPPart()).getDocument()
                .registerChildNodes(((ElementImpl) response.getSOAPBody()).getDomElement(), true);
        return true;
    }

    @Override
    public boolean handleFault(MessageContext messageContext, Object endpoint) {
        return true;
    }

    @Override
    public void afterCompletion(MessageContext messageContext, Object endpoint, Exception ex) {
    }
}
