package org.soapbench.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.xml.crypto.Data;
import javax.xml.crypto.OctetStreamData;
import javax.xml.crypto.dsig.CanonicalizationMethod;
import javax.xml.crypto.dsig.TransformException;
import javax.xml.crypto.dsig.TransformService;
import org.soapbench.core.contract.SecurityAlgorithms;
import org.soapbench.core.dataset.SeismicDataset;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.Query;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.ServerCredentials;
import org.soapbench.core.spi.WireMessage;
import org.soapbench.core.wire.WireCapture;

/**
 * Builds the crypto floor's bytes for each query, at setup: the request and response payloads as
 * the JAXB floor really writes them (captured on its pipe), each wrapped in a soap:Body with a wsu:Id
 * and canonicalized with the JDK's own exclusive C14N ({@code java.xml.crypto}), plus a wsu:Timestamp
 * and a ds:SignedInfo in the canonical shape WSS4J gives them. So the floor digests, signs and encrypts
 * as many bytes as a stack does for the same query; a test compares them with what CXF really signed.
 */
final class CryptoPayloads {

    private static final String SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String WSSE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";
    private static final String WSU = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";
    private static final String DS = "http://www.w3.org/2000/09/xmldsig#";

    private static final String BODY_END = "</soap:Body>";
    /** Created and Expires with milliseconds, as the stacks write them. */
    private static final DateTimeFormatter XML_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private CryptoPayloads() {
    }

    /** One exchange per query, in order: each query is run once through the JAXB floor for its payloads. */
    static List<CryptoExchange> build(List<Query> queries) {
        KeyMaterial keys = KeyMaterial.shared();
        WireCapture capture = new WireCapture(1);
        List<CryptoExchange> exchanges = new ArrayList<>(queries.size());
        try (Loopback floor = Loopback.open(Stacks.load(Floor.STACK), Stacks.load(Floor.STACK),
                Scenario.of("plain", "xml"), ClientCredentials.standard(keys), ServerCredentials.standard(keys),
                new SeismicService(SeismicDataset.standard()), capture::around)) {
            for (Query query : queries) {
                floor.client().query(query);
                WireCapture.Exchange exchange = capture.lastExchange();
                Instant now = Instant.now();
                exchanges.add(new CryptoExchange(message(exchange.request(), now), message(exchange.response(), now)));
            }
        }
        return exchanges;
    }

    /** The canonical bytes a stack would sign and encrypt for a message carrying this payload. */
    private static SecuredMessage message(WireMessage payload, Instant created) {
        // Ids as CXF and WSS4J make them: "_" + UUID on the Body, "TS-" + UUID on the Timestamp.
        String bodyId = "_" + UUID.randomUUID();
        String timestampId = "TS-" + UUID.randomUUID();
        byte[] body = canonical("<soap:Body xmlns:soap=\"" + SOAP + "\" xmlns:wsu=\"" + WSU + "\" wsu:Id=\"" + bodyId + "\">"
                + withoutDeclaration(payload.text()) + BODY_END);
        // The Body's start tag holds no '>' (namespace URIs and an Id only): its first '>' ends it.
        int contentStart = indexOf(body, (byte) '>') + 1;
        int contentEnd = body.length - BODY_END.length();
        return new SecuredMessage(body, contentStart, contentEnd, timestamp(timestampId, created),
                signedInfo(timestampId, bodyId));
    }

    /**
     * WSS4J's Timestamp, in the canonical form its reference digests: exclusive C14N with the in-scope
     * wsse and soap prefixes listed as inclusive, so their declarations are rendered with wsu's. Written
     * out already canonical (it is a fixed shape; the JDK's canonicalizer cannot take a prefix list
     * through its public API without a signature around it); a test compares it with CXF's.
     */
    private static byte[] timestamp(String id, Instant created) {
        return ("<wsu:Timestamp xmlns:soap=\"" + SOAP + "\" xmlns:wsse=\"" + WSSE + "\" xmlns:wsu=\"" + WSU
                + "\" wsu:Id=\"" + id + "\"><wsu:Created>" + XML_TIME.format(created) + "</wsu:Created><wsu:Expires>"
                + XML_TIME.format(created.plusSeconds(ClientCredentials.STANDARD_TIMESTAMP_TTL_SECONDS))
                + "</wsu:Expires></wsu:Timestamp>").getBytes(UTF_8);
    }

    /**
     * WSS4J's SignedInfo in canonical form (soap as inclusive prefix, as CXF writes it), cut around its
     * two DigestValues; written out already canonical, like the Timestamp.
     */
    private static byte[][] signedInfo(String timestampId, String bodyId) {
        String c14n = SecurityAlgorithms.CANONICALIZATION;
        String digestMethod = "<ds:DigestMethod Algorithm=\"" + SecurityAlgorithms.DIGEST + "\"></ds:DigestMethod><ds:DigestValue>";
        String head = "<ds:SignedInfo xmlns:ds=\"" + DS + "\" xmlns:soap=\"" + SOAP + "\">"
                + "<ds:CanonicalizationMethod Algorithm=\"" + c14n + "\">" + inclusive("soap") + "</ds:CanonicalizationMethod>"
                + "<ds:SignatureMethod Algorithm=\"" + SecurityAlgorithms.SIGNATURE + "\"></ds:SignatureMethod>"
                + "<ds:Reference URI=\"#" + timestampId + "\"><ds:Transforms><ds:Transform Algorithm=\"" + c14n + "\">"
                + inclusive("wsse soap") + "</ds:Transform></ds:Transforms>" + digestMethod;
        String middle = "</ds:DigestValue></ds:Reference>"
                + "<ds:Reference URI=\"#" + bodyId + "\"><ds:Transforms><ds:Transform Algorithm=\"" + c14n + "\"></ds:Transform>"
                + "</ds:Transforms>" + digestMethod;
        String tail = "</ds:DigestValue></ds:Reference></ds:SignedInfo>";
        return new byte[][] {head.getBytes(UTF_8), middle.getBytes(UTF_8), tail.getBytes(UTF_8)};
    }

    private static String inclusive(String prefixes) {
        return "<ec:InclusiveNamespaces xmlns:ec=\"" + SecurityAlgorithms.CANONICALIZATION + "\" PrefixList=\"" + prefixes
                + "\"></ec:InclusiveNamespaces>";
    }

    /** The JDK's exclusive C14N (without comments) of a whole document. */
    private static byte[] canonical(String xml) {
        try {
            TransformService c14n = TransformService.getInstance(CanonicalizationMethod.EXCLUSIVE, "DOM");
            c14n.init(null);
            Data out = c14n.transform(new OctetStreamData(new ByteArrayInputStream(xml.getBytes(UTF_8))), null);
            return ((OctetStreamData) out).getOctetStream().readAllBytes();
        } catch (GeneralSecurityException | TransformException | IOException e) {
            throw new IllegalStateException("The JDK's exclusive C14N failed on the crypto floor's payload", e);
        }
    }

    private static String withoutDeclaration(String xml) {
        return xml.startsWith("<?xml") ? xml.substring(xml.indexOf("?>") + 2) : xml;
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        throw new IllegalStateException("no '" + (char) b + "' in the canonical Body");
    }
}
