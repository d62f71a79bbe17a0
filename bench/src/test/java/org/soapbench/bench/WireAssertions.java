package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.soapbench.core.contract.Contract;
import org.soapbench.core.contract.SecurityAlgorithms;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.spi.Encoding;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.WireMessage;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The one set of wire assertions every stack must pass: what a captured request or response proves
 * about its configuration. Each failure message names the direction and the configuration.
 */
final class WireAssertions {

    private static final String PASSWORD_TEXT =
            "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText";
    /** Element names of the payload that must never be readable in an encrypted Body. */
    private static final List<String> PAYLOAD_NAMES = List.of("matchQuakes", "minLatitude", "maxTime",
            "matchQuakesResponse", "quake", "magnitudeType");

    private WireAssertions() {
    }

    static void assertRequest(Scenario scenario, WireMessage request) {
        assertMessage(scenario, request, true);
    }

    static void assertResponse(Scenario scenario, WireMessage response) {
        assertFalse(response.fault(), "response to " + scenario + " is a fault: " + describe(response));
        assertMessage(scenario, response, false);
    }

    private static void assertMessage(Scenario scenario, WireMessage m, boolean request) {
        String where = (request ? "request" : "response") + " of " + scenario;
        assertEncoding(scenario.encoding(), m, where);
        Document doc = Wire.parse(m);
        assertEquals(Wire.SOAP, doc.getDocumentElement().getNamespaceURI(), where + ": not a SOAP 1.1 envelope");
        Element body = Wire.body(doc);
        Element security = Wire.first(Wire.header(doc), Wire.WSSE, "Security");
        String payload = request ? "matchQuakes" : "matchQuakesResponse";

        SecurityMode mode = scenario.security();
        boolean securedHere = mode.signs() || (mode == SecurityMode.USERNAME && request);
        if (!securedHere) {
            assertNull(security, where + ": carries a wsse:Security header it should not");
        } else {
            assertNotNull(security, where + ": has no wsse:Security header");
        }
        if (mode == SecurityMode.USERNAME && request) {
            assertUsernameToken(security, where);
        }
        if (mode.signs()) {
            assertSignature(security, body, where);
        }
        if (mode == SecurityMode.SIGN_ENCRYPT) {
            assertEncryptedBody(security, body, m, where);
        } else {
            List<Element> content = Wire.children(body);
            assertEquals(1, content.size(), where + ": the Body should hold exactly the payload element");
            assertEquals(Contract.NAMESPACE, content.get(0).getNamespaceURI(), where + ": payload namespace");
            assertEquals(payload, content.get(0).getLocalName(), where + ": payload element");
        }
    }

    private static void assertEncoding(Encoding encoding, WireMessage m, String where) {
        assertEquals(encoding, m.encoding(), where + ": content type '" + m.contentType() + "'");
        byte[] head = Arrays.copyOf(m.body(), Math.min(4, m.body().length));
        if (encoding == Encoding.FAST_INFOSET) {
            assertArrayEquals(Wire.FI_MAGIC, head, where + ": a Fast Infoset document starts with E0 00 00 01");
        } else {
            assertTrue(m.contentType().toLowerCase().contains("charset=utf-8"), where + ": XML without charset=UTF-8");
            String start = new String(m.body(), 0, Math.min(64, m.body().length), StandardCharsets.UTF_8).trim();
            assertTrue(start.startsWith("<"), where + ": XML body does not start with markup: " + start);
        }
    }

    private static void assertUsernameToken(Element security, String where) {
        Element token = Wire.first(security, Wire.WSSE, "UsernameToken");
        assertNotNull(token, where + ": no wsse:UsernameToken");
        assertEquals(KeyMaterial.USERNAME, text(Wire.first(token, Wire.WSSE, "Username")), where + ": username");
        Element password = Wire.first(token, Wire.WSSE, "Password");
        assertNotNull(password, where + ": no wsse:Password");
        assertEquals(PASSWORD_TEXT, password.getAttribute("Type"), where + ": the password must be plain text");
        assertEquals(KeyMaterial.PASSWORD, text(password), where + ": password text");
    }

    private static void assertSignature(Element security, Element body, String where) {
        Element timestamp = Wire.first(security, Wire.WSU, "Timestamp");
        assertNotNull(timestamp, where + ": no wsu:Timestamp");
        assertNotNull(Wire.first(timestamp, Wire.WSU, "Created"), where + ": Timestamp without Created");
        assertNotNull(Wire.first(timestamp, Wire.WSU, "Expires"), where + ": Timestamp without Expires");
        List<Element> signatures = Wire.all(security, Wire.DS, "Signature");
        assertEquals(1, signatures.size(), where + ": expected exactly one ds:Signature");
        Element signedInfo = Wire.first(signatures.get(0), Wire.DS, "SignedInfo");
        assertEquals(SecurityAlgorithms.SIGNATURE, algorithm(signedInfo, Wire.DS, "SignatureMethod"), where + ": SignatureMethod");
        assertEquals(SecurityAlgorithms.CANONICALIZATION, algorithm(signedInfo, Wire.DS, "CanonicalizationMethod"),
                where + ": CanonicalizationMethod");
        List<Element> references = Wire.all(signedInfo, Wire.DS, "Reference");
        Set<String> uris = references.stream().map(r -> r.getAttribute("URI")).collect(Collectors.toSet());
        for (Element reference : references) {
            assertEquals(SecurityAlgorithms.DIGEST, algorithm(reference, Wire.DS, "DigestMethod"), where + ": DigestMethod");
        }
        String bodyId = id(body);
        String timestampId = id(timestamp);
        assertFalse(bodyId.isEmpty(), where + ": the Body has no wsu:Id, so no signature can reference it");
        assertTrue(uris.contains("#" + bodyId), where + ": no signature reference covers the Body (#" + bodyId + "), only " + uris);
        assertTrue(uris.contains("#" + timestampId), where + ": no signature reference covers the Timestamp (#"
                + timestampId + "), only " + uris);
        Element signatureValue = Wire.first(signatures.get(0), Wire.DS, "SignatureValue");
        assertTrue(signatureValue != null && text(signatureValue).length() >= 340,
                where + ": SignatureValue missing or too short for RSA-2048");
    }

    private static void assertEncryptedBody(Element security, Element body, WireMessage m, String where) {
        List<Element> content = Wire.children(body);
        assertEquals(1, content.size(), where + ": an encrypted Body holds exactly one element");
        Element data = content.get(0);
        assertEquals(Wire.XENC, data.getNamespaceURI(), where + ": Body content is not xenc:EncryptedData");
        assertEquals("EncryptedData", data.getLocalName(), where + ": Body content is not xenc:EncryptedData");
        assertEquals(SecurityAlgorithms.DATA_ENCRYPTION, algorithm(data, Wire.XENC, "EncryptionMethod"),
                where + ": data encryption algorithm");
        Element key = Wire.first(security, Wire.XENC, "EncryptedKey");
        assertNotNull(key, where + ": no xenc:EncryptedKey in the Security header");
        assertEquals(SecurityAlgorithms.KEY_TRANSPORT, algorithm(key, Wire.XENC, "EncryptionMethod"),
                where + ": key transport algorithm");
        for (String name : PAYLOAD_NAMES) {
            if (!Wire.all(body, Contract.NAMESPACE, name).isEmpty()) {
                fail(where + ": element " + name + " is readable in the encrypted Body");
            }
        }
        if (m.encoding() == Encoding.XML) {
            String text = m.text();
            for (String name : PAYLOAD_NAMES) {
                assertFalse(text.contains("<" + name) || text.contains(":" + name + " ") || text.contains(":" + name + ">"),
                        where + ": '" + name + "' appears in the message bytes");
            }
        }
    }

    private static String algorithm(Element under, String ns, String local) {
        Element e = Wire.first(under, ns, local);
        if (e == null) {
            throw new AssertionError("no " + local + " element");
        }
        return e.getAttribute("Algorithm");
    }

    private static String id(Element e) {
        return e.getAttributeNS(Wire.WSU, "Id");
    }

    private static String text(Element e) {
        return e == null ? null : e.getTextContent().trim();
    }

    static String describe(WireMessage m) {
        return m.contentType() + ", " + m.body().length + " bytes"
                + (m.encoding() == Encoding.XML ? ": " + m.text().substring(0, Math.min(2000, m.text().length())) : "");
    }
}
