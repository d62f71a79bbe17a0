package org.soapbench.stack.springws;

import com.sun.xml.messaging.saaj.soap.MessageImpl;
import org.springframework.ws.soap.saaj.SaajSoapMessage;
import org.springframework.ws.soap.saaj.SaajSoapMessageFactory;

/**
 * Spring-WS has no Fast Infoset API (its issue 651), but SAAJ RI, which holds its messages, reads and
 * writes Fast Infoset: it reads a message FI when its Content-Type says {@code application/fastinfoset}, and
 * writes one FI (with that Content-Type) when its implementation class is told to. This factory tells
 * every message it creates (a client's requests, a server's responses), so both directions are FI from the
 * first request; nothing else in Spring-WS or WSS4J changes, they work on SAAJ's DOM as for XML.
 */
final class FastInfosetMessages extends SaajSoapMessageFactory {

    FastInfosetMessages() {
        // A SOAP 1.1 fault's faultstring carries no xml:lang: SAAJ RI writes that attribute into Fast Infoset
        // without its namespace, so no FI reader, SAAJ's own included, can rebuild the fault (XML keeps it).
        setLangAttributeOnSoap11FaultString(false);
    }

    @Override
    public SaajSoapMessage createWebServiceMessage() {
        SaajSoapMessage message = super.createWebServiceMessage();
        ((MessageImpl) message.getSaajMessage()).setIsFastInfoset(true);
        return message;
    }
}
