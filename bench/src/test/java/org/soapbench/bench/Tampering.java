package org.soapbench.bench;

import java.time.Instant;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.soapbench.core.contract.Contract;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.WireMessage;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Test-only pipe decorators and message edits for attack tests. Edits work on the decoded document
 * and re-encode it in the message's own encoding (XML or Fast Infoset), so every stack parses the
 * tampered message exactly as it parses a real one. Nothing here is on the measured path.
 */
final class Tampering {

    private Tampering() {
    }

    /** A pipe that rewrites each request before the server sees it. */
    static UnaryOperator<Pipe> requests(UnaryOperator<WireMessage> edit) {
        return next -> request -> next.exchange(edit.apply(request));
    }

    /** A pipe that rewrites each response before the client sees it. */
    static UnaryOperator<Pipe> responses(UnaryOperator<WireMessage> edit) {
        return next -> request -> edit.apply(next.exchange(request));
    }

    /** A pipe that holds each request for a while, as a slow network or a replay would. */
    static UnaryOperator<Pipe> delayed(long millis) {
        return next -> request -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            return next.exchange(request);
        };
    }

    /** Decodes, edits the document in place, re-encodes in the same encoding. */
    static UnaryOperator<WireMessage> document(Consumer<Document> edit) {
        return m -> {
            Document doc = Wire.parse(m);
            edit.accept(doc);
            return Wire.rewrite(m, doc);
        };
    }

    /** Changes one digit of the first numeric value in the payload (an element's text or a quake attribute). */
    static void changeOnePayloadDigit(Document doc) {
        Element body = Wire.body(doc);
        for (Element e : Wire.all(body, Contract.NAMESPACE, "*")) {
            for (int i = 0; i < e.getAttributes().getLength(); i++) {
                Attr a = (Attr) e.getAttributes().item(i);
                if (a.getNamespaceURI() == null && hasDigit(a.getValue())) {
                    a.setValue(flipDigit(a.getValue()));
                    return;
                }
            }
            Node text = e.getFirstChild();
            if (text != null && text.getNodeType() == Node.TEXT_NODE && hasDigit(text.getNodeValue())) {
                text.setNodeValue(flipDigit(text.getNodeValue()));
                return;
            }
        }
        throw new AssertionError("No numeric payload value to tamper with in the Body.");
    }

    /** Changes one character of the Body's encrypted content. */
    static void alterCiphertext(Document doc) {
        Element data = Wire.first(Wire.body(doc), Wire.XENC, "EncryptedData");
        Element value = Wire.first(data, Wire.XENC, "CipherValue");
        if (value == null) {
            throw new AssertionError("No xenc:CipherValue in the Body to tamper with.");
        }
        String text = value.getTextContent().trim();
        int i = text.length() / 2;
        char c = text.charAt(i) == 'A' ? 'B' : 'A';
        value.setTextContent(text.substring(0, i) + c + text.substring(i + 1));
    }

    /** Moves the Timestamp's Expires an hour later, after it was signed. */
    static void extendExpires(Document doc) {
        Element expires = Wire.first(Wire.header(doc), Wire.WSU, "Expires");
        if (expires == null) {
            throw new AssertionError("No wsu:Expires to tamper with.");
        }
        expires.setTextContent(Instant.parse(expires.getTextContent().trim()).plusSeconds(3600).toString());
    }

    static void removeSignature(Document doc) {
        remove(Wire.first(Wire.header(doc), Wire.DS, "Signature"), "ds:Signature");
    }

    static void removeUsernameToken(Document doc) {
        remove(Wire.first(Wire.header(doc), Wire.WSSE, "UsernameToken"), "wsse:UsernameToken");
    }

    private static void remove(Element e, String what) {
        if (e == null) {
            throw new AssertionError("No " + what + " to remove.");
        }
        e.getParentNode().removeChild(e);
    }

    private static boolean hasDigit(String s) {
        return s.chars().anyMatch(Character::isDigit);
    }

    private static String flipDigit(String s) {
        for (int i = s.length() - 1; i >= 0; i--) {
            char c = s.charAt(i);
            if (Character.isDigit(c)) {
                return s.substring(0, i) + (char) (c == '9' ? '8' : c + 1) + s.substring(i + 1);
            }
        }
        return s;
    }
}
