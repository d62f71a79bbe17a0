package org.soapbench.bench;

import com.sun.xml.fastinfoset.dom.DOMDocumentParser;
import com.sun.xml.fastinfoset.dom.DOMDocumentSerializer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.soapbench.core.spi.Encoding;
import org.soapbench.core.spi.WireMessage;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** Reading (and, for attack tests, rewriting) captured messages, XML or Fast Infoset alike. */
final class Wire {

    static final String SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
    static final String WSSE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";
    static final String WSU = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";
    static final String DS = "http://www.w3.org/2000/09/xmldsig#";
    static final String XENC = "http://www.w3.org/2001/04/xmlenc#";
    static final byte[] FI_MAGIC = {(byte) 0xE0, 0x00, 0x00, 0x01};

    private Wire() {
    }

    /** Parses a message body as the encoding its content type names. */
    static Document parse(WireMessage message) {
        try {
            Encoding encoding = message.encoding();
            if (encoding == Encoding.FAST_INFOSET) {
                Document doc = newBuilderFactory().newDocumentBuilder().newDocument();
                new DOMDocumentParser().parse(doc, new ByteArrayInputStream(message.body()));
                return doc;
            }
            return newBuilderFactory().newDocumentBuilder().parse(new ByteArrayInputStream(message.body()));
        } catch (Exception e) {
            throw new AssertionError("Cannot parse a " + message.contentType() + " message: " + e, e);
        }
    }

    /** Serializes a document back in the message's encoding (for tampering tests). */
    static WireMessage rewrite(WireMessage message, Document doc) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (message.encoding() == Encoding.FAST_INFOSET) {
                DOMDocumentSerializer serializer = new DOMDocumentSerializer();
                serializer.setOutputStream(out);
                serializer.serialize(doc);
            } else {
                TransformerFactory.newInstance().newTransformer().transform(new DOMSource(doc), new StreamResult(out));
            }
            return message.withBody(out.toByteArray());
        } catch (Exception e) {
            throw new AssertionError("Cannot re-encode a " + message.contentType() + " message: " + e, e);
        }
    }

    static Element header(Document doc) {
        return first(doc.getDocumentElement(), SOAP, "Header");
    }

    static Element body(Document doc) {
        Element body = first(doc.getDocumentElement(), SOAP, "Body");
        if (body == null) {
            throw new AssertionError("The envelope has no soap:Body.");
        }
        return body;
    }

    /** The first descendant element with that name, or null. */
    static Element first(Node under, String ns, String local) {
        if (under == null) {
            return null;
        }
        NodeList list = under instanceof Document d ? d.getElementsByTagNameNS(ns, local)
                : ((Element) under).getElementsByTagNameNS(ns, local);
        return list.getLength() == 0 ? null : (Element) list.item(0);
    }

    static List<Element> all(Node under, String ns, String local) {
        NodeList list = under instanceof Document d ? d.getElementsByTagNameNS(ns, local)
                : ((Element) under).getElementsByTagNameNS(ns, local);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            out.add((Element) list.item(i));
        }
        return out;
    }

    /** Element children of an element (ignoring text). */
    static List<Element> children(Element parent) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                out.add(e);
            }
        }
        return out;
    }

    private static DocumentBuilderFactory newBuilderFactory() {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f;
    }
}
