package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.security.spec.MGF1ParameterSpec;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.spec.OAEPParameterSpec;
import javax.xml.crypto.dsig.Reference;
import javax.xml.crypto.dsig.XMLSignature;
import javax.xml.crypto.dsig.XMLSignatureFactory;
import javax.xml.crypto.dsig.dom.DOMValidateContext;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;
import org.soapbench.core.contract.SecurityAlgorithms;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.dataset.SeismicDataset;
import org.soapbench.core.keys.Identity;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.Query;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.ServerCredentials;
import org.soapbench.core.spi.WireMessage;
import org.soapbench.core.wire.WireCapture;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Keeps the crypto floor honest: it works on as many bytes as a stack really signs (CXF's captured
 * Body, Timestamp and SignedInfo, canonicalized by the JDK's own XML signature code while it verifies
 * CXF's signature), with the algorithms the stacks really put on the wire, and it really verifies.
 */
class CryptoFloorTest {

    private static final SeismicDataset DATASET = SeismicDataset.standard();
    /** How far the floor's byte counts may stray from what CXF signed. */
    private static final double TOLERANCE = 0.10;
    private static final String CACHE_REFERENCE = "javax.xml.crypto.dsig.cacheReference";

    /** One query per workload: a small one, a large one and a sweep size. */
    private static final List<String> SAMPLES = List.of("small:1", "large:0", "sweep-1000:3");

    /** What CXF's signature covered in one message, as canonical bytes. */
    private record Signed(byte[] body, byte[] timestamp, byte[] signedInfo) {
    }

    @Test
    void floorBytesMatchWhatCxfReallySigned() throws Exception {
        KeyMaterial keys = KeyMaterial.shared();
        WireCapture capture = new WireCapture(1);
        try (Loopback cxf = open("cxf", "sign", capture)) {
            for (String sample : SAMPLES) {
                String[] s = sample.split(":");
                QuerySet set = QuerySet.named(DATASET, s[0]);
                Query query = set.query(Integer.parseInt(s[1]));
                assertEquals(set.answer(Integer.parseInt(s[1])), cxf.client().query(query), sample);
                WireCapture.Exchange wire = capture.lastExchange();
                CryptoExchange floor = CryptoPayloads.build(List.of(query)).get(0);
                compare(sample + " request", signed(wire.request(), keys.client().certificate()), floor.request());
                compare(sample + " response", signed(wire.response(), keys.server().certificate()), floor.response());
            }
        }
    }

    @Test
    void floorAlgorithmsAreTheUrisOnTheWire() throws Exception {
        WireCapture capture = new WireCapture(1);
        Set<String> onTheWire = new TreeSet<>();
        try (Loopback cxf = open("cxf", "signencr", capture)) {
            cxf.client().query(QuerySet.small(DATASET).query(1));
            for (WireMessage m : List.of(capture.lastExchange().request(), capture.lastExchange().response())) {
                Document doc = Wire.parse(m);
                Element security = Wire.first(Wire.header(doc), Wire.WSSE, "Security");
                onTheWire.add(algorithm(Wire.first(security, Wire.DS, "SignatureMethod")));
                Wire.all(security, Wire.DS, "Reference").forEach(r -> onTheWire.add(algorithm(Wire.first(r, Wire.DS, "DigestMethod"))));
                onTheWire.add(algorithm(Wire.first(Wire.first(Wire.body(doc), Wire.XENC, "EncryptedData"), Wire.XENC, "EncryptionMethod")));
                Element keyTransport = Wire.first(Wire.first(security, Wire.XENC, "EncryptedKey"), Wire.XENC, "EncryptionMethod");
                onTheWire.add(algorithm(keyTransport));
                // rsa-oaep-mgf1p's digest is SHA-1 unless the EncryptionMethod names another; the JCA name says SHA-1.
                Element oaepDigest = Wire.first(keyTransport, Wire.DS, "DigestMethod");
                if (oaepDigest != null) {
                    assertEquals("http://www.w3.org/2000/09/xmldsig#sha1", algorithm(oaepDigest), "OAEP digest on the wire");
                }
            }
        }
        assertEquals(new TreeSet<>(SUITE), onTheWire, "the suite must be exactly the URIs CXF puts on the wire in signencr");
        onTheWire.forEach(JcaSuite::name); // and the crypto floor's table computes every one of them
    }

    @Test
    void tableIsTheSuiteAndItsJcaNamesComputeIt() throws Exception {
        SUITE.forEach(JcaSuite::name);
        assertEquals(32, MessageDigest.getInstance(JcaSuite.name(SecurityAlgorithms.DIGEST)).getDigestLength(), "sha256");
        assertEquals("SHA256withRSA", JcaSuite.name(SecurityAlgorithms.SIGNATURE));
        Cipher aes = Cipher.getInstance(JcaSuite.name(SecurityAlgorithms.DATA_ENCRYPTION));
        KeyGenerator aesKeys = KeyGenerator.getInstance(JcaSuite.keyAlgorithm(JcaSuite.name(SecurityAlgorithms.DATA_ENCRYPTION)));
        aesKeys.init(SecurityAlgorithms.AES_BITS);
        aes.init(Cipher.ENCRYPT_MODE, aesKeys.generateKey());
        assertEquals(16, aes.getBlockSize(), "AES block");
        assertEquals(16, aes.getIV().length, "CBC with a 128-bit IV");
        Cipher oaep = Cipher.getInstance(JcaSuite.name(SecurityAlgorithms.KEY_TRANSPORT));
        oaep.init(Cipher.WRAP_MODE, KeyMaterial.shared().server().certificate());
        OAEPParameterSpec spec = oaep.getParameters().getParameterSpec(OAEPParameterSpec.class);
        assertEquals("SHA-1", spec.getDigestAlgorithm(), "rsa-oaep-mgf1p digests with SHA-1");
        assertEquals("MGF1", spec.getMGFAlgorithm());
        assertEquals("SHA-1", ((MGF1ParameterSpec) spec.getMGFParameters()).getDigestAlgorithm(), "and masks with MGF1-SHA1");
    }

    @Test
    void roundTripRunsInEachModeAndRefusesTheWrongKeys() {
        KeyMaterial keys = KeyMaterial.shared();
        CryptoExchange exchange = CryptoPayloads.build(List.of(QuerySet.small(DATASET).query(1))).get(0);
        for (SecurityMode mode : List.of(SecurityMode.SIGN, SecurityMode.SIGN_ENCRYPT)) {
            assertEquals(SecurityAlgorithms.RSA_BITS / 8, new CryptoRoundTrip(mode, keys.client(), keys.server()).run(exchange).length);
        }
        // A client signing with the impostor's key: the server's verification must fail.
        Identity impostor = new Identity(KeyMaterial.CLIENT_ALIAS, keys.stranger().privateKey(), keys.client().certificate(),
                keys.client().chain());
        assertThrows(IllegalStateException.class,
                () -> new CryptoRoundTrip(SecurityMode.SIGN, impostor, keys.server()).run(exchange));
        // A server unwrapping with a key that is not its own: decryption must fail.
        Identity wrongServer = new Identity(KeyMaterial.SERVER_ALIAS, keys.client().privateKey(), keys.server().certificate(),
                keys.server().chain());
        assertThrows(IllegalStateException.class,
                () -> new CryptoRoundTrip(SecurityMode.SIGN_ENCRYPT, keys.client(), wrongServer).run(exchange));
    }

    @Test
    void securityParamIsExactlyTheModesWithCryptography() throws Exception {
        Set<String> signing = new TreeSet<>();
        Arrays.stream(SecurityMode.values()).filter(SecurityMode::signs).forEach(m -> signing.add(m.id()));
        assertEquals(signing, new TreeSet<>(Arrays.asList(
                CryptoFloor.Payloads.class.getField("security").getAnnotation(Param.class).value())));
        assertEquals("CryptoFloor has nothing to measure for security 'username': it does no cryptography, "
                + "so its crypto floor is zero; use sign or signencr.",
                assertThrows(IllegalArgumentException.class, () -> CryptoFloor.mode("username")).getMessage());
    }

    private static void compare(String what, Signed cxf, SecuredMessage floor) {
        close(what + " Body", cxf.body().length, floor.body().length);
        close(what + " Timestamp", cxf.timestamp().length, floor.timestamp().length);
        close(what + " SignedInfo", cxf.signedInfo().length, signedInfoLength(floor));
        // The floor writes Timestamp and SignedInfo out by hand: they must have WSS4J's very shape.
        assertEquals(shape(cxf.timestamp()), shape(floor.timestamp()), what + " Timestamp");
        byte[] digest = "0".repeat(DIGEST_VALUE_CHARS).getBytes(StandardCharsets.UTF_8);
        byte[] signedInfo = concat(floor.signedInfo()[0], digest, floor.signedInfo()[1], digest, floor.signedInfo()[2]);
        assertEquals(signedInfo.length, signedInfoLength(floor));
        assertEquals(shape(cxf.signedInfo()), shape(signedInfo), what + " SignedInfo");
    }

    /** Length of a base64 SHA-256 DigestValue. */
    private static final int DIGEST_VALUE_CHARS = 44;

    /** The project's one algorithm suite. */
    private static final Set<String> SUITE = Set.of(SecurityAlgorithms.DIGEST, SecurityAlgorithms.SIGNATURE,
            SecurityAlgorithms.DATA_ENCRYPTION, SecurityAlgorithms.KEY_TRANSPORT);

    /** Bytes of the canonical SignedInfo that the signature covers, DigestValues included. */
    private static int signedInfoLength(SecuredMessage m) {
        return m.signedInfo()[0].length + m.signedInfo()[1].length + m.signedInfo()[2].length + 2 * DIGEST_VALUE_CHARS;
    }

    /** Canonical XML with its Ids, times and digest values blanked: what must not differ between messages. */
    private static String shape(byte[] canonical) {
        return new String(canonical, StandardCharsets.UTF_8)
                .replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "{uuid}")
                .replaceAll("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z", "{time}")
                .replaceAll("<ds:DigestValue>[^<]*</ds:DigestValue>", "<ds:DigestValue>{digest}</ds:DigestValue>");
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static void close(String what, int cxf, int floor) {
        double off = (floor - cxf) / (double) cxf;
        System.out.printf("crypto floor %-28s CXF %9d B, floor %9d B (%+.2f%%)%n", what, cxf, floor, 100 * off);
        assertTrue(Math.abs(off) <= TOLERANCE, what + ": the floor has " + floor + " bytes where CXF signed " + cxf);
    }

    /**
     * Verifies a captured message's signature with the JDK's own XML DSig and keeps what each reference
     * digested and the canonical SignedInfo: exactly the bytes CXF signed.
     */
    private static Signed signed(WireMessage m, X509Certificate signer) throws Exception {
        Document doc = Wire.parse(m);
        Element security = Wire.first(Wire.header(doc), Wire.WSSE, "Security");
        Element body = Wire.body(doc);
        Element timestamp = Wire.first(security, Wire.WSU, "Timestamp");
        DOMValidateContext context = new DOMValidateContext(signer.getPublicKey(), Wire.first(security, Wire.DS, "Signature"));
        context.setIdAttributeNS(body, Wire.WSU, "Id");
        context.setIdAttributeNS(timestamp, Wire.WSU, "Id");
        context.setProperty(CACHE_REFERENCE, Boolean.TRUE);
        XMLSignature signature = XMLSignatureFactory.getInstance("DOM").unmarshalXMLSignature(context);
        assertTrue(signature.validate(context), "CXF's signature must verify with the JDK's XML DSig");
        Map<String, byte[]> digested = new HashMap<>();
        for (Object r : signature.getSignedInfo().getReferences()) {
            try (InputStream in = ((Reference) r).getDigestInputStream()) {
                byte[] bytes = in.readAllBytes();
                assertArrayEquals(((Reference) r).getDigestValue(), MessageDigest.getInstance("SHA-256").digest(bytes),
                        "the canonical bytes are what CXF digested");
                digested.put(((Reference) r).getURI(), bytes);
            }
        }
        byte[] bodyBytes = digested.get("#" + body.getAttributeNS(Wire.WSU, "Id"));
        byte[] timestampBytes = digested.get("#" + timestamp.getAttributeNS(Wire.WSU, "Id"));
        assertNotNull(bodyBytes, "a reference covers the Body");
        assertNotNull(timestampBytes, "a reference covers the Timestamp");
        try (InputStream in = signature.getSignedInfo().getCanonicalizedData()) {
            return new Signed(bodyBytes, timestampBytes, in.readAllBytes());
        }
    }

    private static String algorithm(Element e) {
        assertNotNull(e, "an algorithm element is missing on the wire");
        return e.getAttribute("Algorithm");
    }

    private static Loopback open(String stack, String security, WireCapture capture) {
        KeyMaterial keys = KeyMaterial.shared();
        return Loopback.open(Stacks.load(stack), Stacks.load(stack), Scenario.of(security, "xml"),
                ClientCredentials.standard(keys), ServerCredentials.standard(keys), new SeismicService(DATASET), capture::around);
    }
}
