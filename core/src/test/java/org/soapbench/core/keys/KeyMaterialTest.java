package org.soapbench.core.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertPath;
import java.security.cert.CertPathValidator;
import java.security.cert.CertPathValidatorException;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.X509Certificate;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.security.auth.x500.X500Principal;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The run-time key material as every stack's security engine will read it: certificates checked
 * byte by byte (DER, extensions, PKIX paths) and key stores as WSS4J 1.6, WSS4J 4 and XWSS look
 * them up. One file on purpose: the certificate checks share their DER helpers, and splitting them
 * would split one contract ("what a CA-issued identity looks like") across files.
 */
class KeyMaterialTest {

    private static final String SUBJECT_KEY_IDENTIFIER = "2.5.29.14";
    private static final String AUTHORITY_KEY_IDENTIFIER = "2.5.29.35";
    private static final String KEY_USAGE = "2.5.29.15";
    private static final String BASIC_CONSTRAINTS = "2.5.29.19";

    private static final X500Principal CA = new X500Principal("CN=soapbench-ca, O=soapbench");
    private static final X500Principal ROGUE_CA = new X500Principal("CN=soapbench-rogue-ca, O=soapbench");
    private static final X500Principal SERVER = new X500Principal("CN=soapbench-server, O=soapbench");
    private static final X500Principal CLIENT = new X500Principal("CN=soapbench-client, O=soapbench");

    /** AlgorithmIdentifier { sha256WithRSAEncryption, NULL } */
    private static final byte[] SHA256_WITH_RSA_NULL = {
        0x30, 0x0D, 0x06, 0x09, 0x2A, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xF7, 0x0D, 0x01, 0x01, 0x0B, 0x05, 0x00};

    private static KeyMaterial keys;

    @BeforeAll
    static void generateOnce() {
        keys = KeyMaterial.shared();
    }

    static Stream<String> identities() {
        return Stream.of("server", "client", "stranger");
    }

    private static Identity identity(String name) {
        return switch (name) {
            case "server" -> keys.server();
            case "client" -> keys.client();
            case "stranger" -> keys.stranger();
            default -> throw new IllegalArgumentException(name);
        };
    }

    // ---- the certificates themselves ----

    @Test
    void namesAndAliases() {
        assertEquals(CA, keys.caCertificate().getSubjectX500Principal());
        assertEquals(CA, keys.caCertificate().getIssuerX500Principal());
        assertEquals(ROGUE_CA, keys.rogueCaCertificate().getSubjectX500Principal());
        assertEquals(ROGUE_CA, keys.rogueCaCertificate().getIssuerX500Principal());

        assertEquals("server", keys.server().alias());
        assertEquals(SERVER, keys.server().certificate().getSubjectX500Principal());
        assertEquals(CA, keys.server().certificate().getIssuerX500Principal());

        assertEquals("client", keys.client().alias());
        assertEquals(CLIENT, keys.client().certificate().getSubjectX500Principal());
        assertEquals(CA, keys.client().certificate().getIssuerX500Principal());

        assertEquals("client", keys.stranger().alias());
        assertEquals(CLIENT, keys.stranger().certificate().getSubjectX500Principal());
        assertEquals(ROGUE_CA, keys.stranger().certificate().getIssuerX500Principal());

        assertEquals("CN=soapbench-server,O=soapbench", SERVER.getName());
        assertEquals("CN=soapbench-server,O=soapbench",
                keys.server().certificate().getSubjectX500Principal().getName());
    }

    @Test
    void issuerNamesAreByteIdenticalToTheCaSubjects() {
        assertArrayEquals(keys.caCertificate().getSubjectX500Principal().getEncoded(),
                keys.client().certificate().getIssuerX500Principal().getEncoded());
        assertArrayEquals(keys.caCertificate().getSubjectX500Principal().getEncoded(),
                keys.server().certificate().getIssuerX500Principal().getEncoded());
        assertArrayEquals(keys.rogueCaCertificate().getSubjectX500Principal().getEncoded(),
                keys.stranger().certificate().getIssuerX500Principal().getEncoded());
        // O then CN, both PrintableString (tag 0x13), exactly as the JDK itself encodes this name.
        assertArrayEquals(CA.getEncoded(), keys.caCertificate().getSubjectX500Principal().getEncoded());
    }

    @Test
    void everyCertificateIsAConventionalV3Certificate() throws Exception {
        Date now = new Date();
        for (X509Certificate c : allCertificates()) {
            X509Certificate reparsed = reparse(c);
            assertEquals(c, reparsed);
            assertEquals(3, c.getVersion(), c::toString);
            assertEquals("SHA256withRSA", c.getSigAlgName());
            assertEquals("1.2.840.113549.1.1.11", c.getSigAlgOID());
            // The JDK hides NULL parameters from getSigAlgParams(), so look for them in the encoding.
            assertEquals(1, occurrences(c.getTBSCertificate(), SHA256_WITH_RSA_NULL), "in the TBSCertificate");
            assertEquals(2, occurrences(c.getEncoded(), SHA256_WITH_RSA_NULL), "in the TBSCertificate and outside");
            assertTrue(c.getSerialNumber().signum() > 0);
            assertTrue(c.getSerialNumber().bitLength() >= 64);
            assertTrue(c.getSerialNumber().toByteArray().length <= 20);
            c.checkValidity(now);
            assertTrue(c.getNotBefore().getTime() <= now.getTime() - 23 * 3600_000L, "backdated a day");
            assertTrue(c.getNotAfter().getTime() >= now.getTime() + 700 * 86400_000L, "about two years");
            assertEquals(0, c.getNotBefore().getTime() % 1000);
            assertEquals(0, c.getNotAfter().getTime() % 1000);
            RSAPublicKey key = assertInstanceOf(RSAPublicKey.class, c.getPublicKey());
            assertTrue(key.getModulus().bitLength() >= 2048);
            assertEquals("RSA", key.getAlgorithm());
            assertEquals(Set.of(BASIC_CONSTRAINTS, KEY_USAGE), c.getCriticalExtensionOIDs());
            assertNull(c.getExtendedKeyUsage());
        }
    }

    @Test
    void serialNumbersDiffer() {
        Set<BigInteger> serials = new HashSet<>();
        for (X509Certificate c : allCertificates()) {
            serials.add(c.getSerialNumber());
        }
        assertEquals(5, serials.size());
    }

    @Test
    void caCertificatesAreSelfSignedCas() throws Exception {
        for (X509Certificate ca : List.of(keys.caCertificate(), keys.rogueCaCertificate())) {
            ca.verify(ca.getPublicKey());
            assertTrue(ca.getBasicConstraints() >= 0, "cA=true");
            assertEquals(Integer.MAX_VALUE, ca.getBasicConstraints(), "no pathLenConstraint");
            // keyCertSign(5), cRLSign(6) only
            assertArrayEquals(new boolean[] {false, false, false, false, false, true, true}, trimmed(ca.getKeyUsage()));
            assertNull(ca.getExtensionValue(AUTHORITY_KEY_IDENTIFIER));
        }
    }

    @ParameterizedTest
    @MethodSource("identities")
    void endEntitiesAreSignedByTheirCa(String name) throws Exception {
        Identity identity = identity(name);
        X509Certificate certificate = identity.certificate();
        X509Certificate issuer = name.equals("stranger") ? keys.rogueCaCertificate() : keys.caCertificate();
        certificate.verify(issuer.getPublicKey());
        X509Certificate other = name.equals("stranger") ? keys.caCertificate() : keys.rogueCaCertificate();
        assertThrows(java.security.SignatureException.class, () -> certificate.verify(other.getPublicKey()));

        assertEquals(-1, certificate.getBasicConstraints(), "not a CA");
        assertNotNull(certificate.getExtensionValue(BASIC_CONSTRAINTS));
        // digitalSignature, nonRepudiation, keyEncipherment, dataEncipherment
        assertArrayEquals(new boolean[] {true, true, true, true}, trimmed(certificate.getKeyUsage()));

        assertArrayEquals(new X509Certificate[] {certificate, issuer}, identity.chain());
        assertArrayEquals(subjectKeyIdentifier(issuer), authorityKeyIdentifier(certificate),
                "AKI names the issuer's SKI");
    }

    @Test
    void subjectKeyIdentifierIsSha1OfTheKey() throws Exception {
        for (X509Certificate c : allCertificates()) {
            RSAPublicKey key = (RSAPublicKey) c.getPublicKey();
            // RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }: the BIT STRING contents.
            byte[] pkcs1 = der(0x30, der(0x02, key.getModulus().toByteArray()),
                    der(0x02, key.getPublicExponent().toByteArray()));
            byte[] spki = key.getEncoded();
            assertArrayEquals(pkcs1, Arrays.copyOfRange(spki, spki.length - pkcs1.length, spki.length));
            byte[] expected = MessageDigest.getInstance("SHA-1").digest(pkcs1);
            assertArrayEquals(expected, subjectKeyIdentifier(c), c.getSubjectX500Principal()::toString);
            assertFalse(c.getNonCriticalExtensionOIDs().isEmpty());
        }
    }

    @Test
    void identityChainIsDefensivelyCopied() {
        X509Certificate[] chain = keys.client().chain();
        chain[1] = null;
        assertNotNull(keys.client().chain()[1]);
        assertNotSame(keys.client().chain(), keys.client().chain());
        assertFalse(keys.client().toString().contains("modulus"));
        assertTrue(keys.client().toString().contains("soapbench-client"));
    }

    // ---- trust ----

    @Test
    void pkixAcceptsTheTrustedChains() throws Exception {
        for (Identity identity : List.of(keys.client(), keys.server())) {
            // Just the end entity, as a BinarySecurityToken X509v3 would carry it...
            validate(List.of(identity.certificate()), keys.trustStore());
            // ...and the whole chain up to the anchor, as a PKIPath token might.
            validate(Arrays.asList(identity.chain()), keys.trustStore());
        }
    }

    @Test
    void pkixRejectsTheStranger() {
        assertThrows(CertPathValidatorException.class,
                () -> validate(List.of(keys.stranger().certificate()), keys.trustStore()));
        assertThrows(CertPathValidatorException.class,
                () -> validate(Arrays.asList(keys.stranger().chain()), keys.trustStore()));
    }

    @Test
    void pkixAgainstAStoreOnlyTrustsItsCertificateEntries() throws Exception {
        // A keystore's trusted-certificate entry is a trust anchor; its own private-key entry is not.
        PKIXParameters parameters = new PKIXParameters(keys.serverKeyStore());
        assertEquals(1, parameters.getTrustAnchors().size());
        assertEquals(keys.client().certificate(), parameters.getTrustAnchors().iterator().next().getTrustedCert());
    }

    // ---- using the keys ----

    @ParameterizedTest
    @MethodSource("identities")
    void privateKeySignsWhatTheCertificateVerifies(String name) throws Exception {
        Identity identity = identity(name);
        assertTrue(((RSAPrivateKey) identity.privateKey()).getModulus().bitLength() >= 2048);
        byte[] data = "<soap:Body>quakes</soap:Body>".getBytes(StandardCharsets.UTF_8);

        Signature signer = Signature.getInstance("SHA256withRSA");
        signer.initSign(identity.privateKey());
        signer.update(data);
        byte[] signature = signer.sign();

        // initVerify(Certificate) enforces a critical KeyUsage: digitalSignature must be set.
        Signature verifier = Signature.getInstance("SHA256withRSA");
        verifier.initVerify(identity.certificate());
        verifier.update(data);
        assertTrue(verifier.verify(signature));

        verifier.initVerify(keys.server() == identity ? keys.client().certificate() : keys.server().certificate());
        verifier.update(data);
        assertFalse(verifier.verify(signature), "another key must not verify it");
    }

    @ParameterizedTest
    @MethodSource("identities")
    void oaepWrapsAnAesKey(String name) throws Exception {
        Identity identity = identity(name);
        KeyGenerator aes = KeyGenerator.getInstance("AES");
        aes.init(256);
        SecretKey sessionKey = aes.generateKey();

        // init(Certificate) enforces a critical KeyUsage: keyEncipherment for WRAP, dataEncipherment for ENCRYPT.
        Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPWithSHA-1AndMGF1Padding");
        cipher.init(Cipher.WRAP_MODE, identity.certificate());
        byte[] wrapped = cipher.wrap(sessionKey);
        cipher.init(Cipher.ENCRYPT_MODE, identity.certificate());
        byte[] encrypted = cipher.doFinal(sessionKey.getEncoded());

        cipher.init(Cipher.UNWRAP_MODE, identity.privateKey());
        Key unwrapped = cipher.unwrap(wrapped, "AES", Cipher.SECRET_KEY);
        assertArrayEquals(sessionKey.getEncoded(), unwrapped.getEncoded());
        cipher.init(Cipher.DECRYPT_MODE, identity.privateKey());
        assertArrayEquals(sessionKey.getEncoded(), cipher.doFinal(encrypted));
    }

    // ---- keystores ----

    @Test
    void trustStoreHoldsOnlyTheCa() throws Exception {
        KeyStore store = keys.trustStore();
        assertEquals("PKCS12", store.getType());
        assertEquals(List.of("ca"), Collections.list(store.aliases()));
        assertTrue(store.isCertificateEntry("ca"));
        assertFalse(store.isKeyEntry("ca"));
        assertEquals(keys.caCertificate(), store.getCertificate("ca"));
        assertEquals("ca", store.getCertificateAlias(keys.caCertificate()));
        assertInstanceOf(KeyStore.TrustedCertificateEntry.class, store.getEntry("ca", null));
        assertNull(store.getCertificateAlias(keys.rogueCaCertificate()));
    }

    @Test
    void clientKeyStore() throws Exception {
        assertKeyStore(keys.clientKeyStore(), keys.client(), "server", keys.server().certificate());
    }

    @Test
    void serverKeyStore() throws Exception {
        assertKeyStore(keys.serverKeyStore(), keys.server(), "client", keys.client().certificate());
    }

    @Test
    void strangerKeyStore() throws Exception {
        assertKeyStore(keys.strangerKeyStore(), keys.stranger(), "server", keys.server().certificate());
    }

    @Test
    void keyStoreRefusesAPeerThatWouldReplaceItsOwnEntry() {
        assertThrows(IllegalArgumentException.class,
                () -> keys.keyStore(keys.client(), keys.client().certificate()));
        assertThrows(IllegalArgumentException.class,
                () -> keys.keyStore(keys.client(), keys.server().certificate(), keys.server().certificate()));
    }

    @Test
    void keyStoreWithManyPeers() throws Exception {
        KeyStore store = keys.keyStore(keys.server(), keys.client().certificate(), keys.caCertificate(),
                keys.rogueCaCertificate());
        assertEquals(Set.of("server", "client", "ca", "rogue-ca"), new HashSet<>(Collections.list(store.aliases())));
    }

    /** Looks certificates up the way WSS4J's Merlin does: by issuer and serial, by SKI, by thumbprint. */
    @Test
    void merlinStyleLookups() throws Exception {
        KeyStore store = keys.serverKeyStore();
        for (Identity identity : List.of(keys.server(), keys.client())) {
            X509Certificate wanted = identity.certificate();
            String expectedAlias = identity.alias();
            assertEquals(expectedAlias, findAlias(store, c -> c.getIssuerX500Principal()
                    .equals(wanted.getIssuerX500Principal()) && c.getSerialNumber().equals(wanted.getSerialNumber())));
            byte[] ski = subjectKeyIdentifier(wanted);
            assertEquals(expectedAlias, findAlias(store, c -> Arrays.equals(ski, subjectKeyIdentifier(c))));
            byte[] thumbprint = MessageDigest.getInstance("SHA-1").digest(wanted.getEncoded());
            assertEquals(expectedAlias, findAlias(store, c -> Arrays.equals(thumbprint,
                    MessageDigest.getInstance("SHA-1").digest(c.getEncoded()))));
        }
        // The stranger shares the client's subject, but neither its serial nor its key.
        X509Certificate stranger = keys.stranger().certificate();
        assertNull(findAlias(store, c -> c.getIssuerX500Principal().equals(stranger.getIssuerX500Principal())
                && c.getSerialNumber().equals(stranger.getSerialNumber())));
        assertNull(findAlias(store, c -> Arrays.equals(subjectKeyIdentifier(stranger), subjectKeyIdentifier(c))));
    }

    /**
     * The JDK's default PKCS12 key protection (10,000 PBKDF2 iterations) makes every getKey cost about 2 ms,
     * which a stack reading its key per message would pay inside the benchmark. The entries use one iteration:
     * PBKDF2-params { salt OCTET STRING (16), iterationCount 1, keyLength 32, prf hmacWithSHA256 } in the stored
     * form (stored in memory only).
     */
    @Test
    void privateKeyEntriesUseOneIteration() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        keys.clientKeyStore().store(out, "any".toCharArray());
        byte[] oneIterationHmacSha256 = {
            0x02, 0x01, 0x01, 0x02, 0x01, 0x20, 0x30, 0x0C, 0x06, 0x08, 0x2A, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xF7, 0x0D, 0x02,
            0x09, 0x05, 0x00};
        assertEquals(1, occurrences(out.toByteArray(), oneIterationHmacSha256));

        KeyStore reloaded = KeyStore.getInstance("PKCS12");
        reloaded.load(new ByteArrayInputStream(out.toByteArray()), "any".toCharArray());
        assertArrayEquals(keys.client().privateKey().getEncoded(),
                reloaded.getKey("client", KeyMaterial.KEY_PASSWORD.toCharArray()).getEncoded());
        assertTrue(reloaded.isCertificateEntry("server"), "a trusted entry survives a store and load");
    }

    @Test
    void keyStoresAreFreshEachTime() throws Exception {
        KeyStore a = keys.clientKeyStore();
        KeyStore b = keys.clientKeyStore();
        assertNotSame(a, b);
        a.deleteEntry("server");
        assertTrue(b.containsAlias("server"));
    }

    // ---- generation ----

    @Test
    void sharedIsOneInstance() {
        assertSame(KeyMaterial.shared(), KeyMaterial.shared());
        assertSame(keys, KeyMaterial.shared());
    }

    @Test
    void generateGivesNewKeys() throws Exception {
        long start = System.nanoTime();
        KeyMaterial other = KeyMaterial.generate();
        System.out.printf("KeyMaterial.generate() took %d ms%n", (System.nanoTime() - start) / 1_000_000);
        assertNotSame(keys, other);
        assertNotEquals(keys.caCertificate(), other.caCertificate());
        assertNotEquals(keys.caCertificate().getPublicKey(), other.caCertificate().getPublicKey());
        assertNotEquals(keys.client().certificate().getPublicKey(), other.client().certificate().getPublicKey());
        assertNotEquals(keys.server().privateKey(), other.server().privateKey());
        assertNotEquals(keys.stranger().privateKey(), other.stranger().privateKey());
        // Same names, different keys: the other CA does not vouch for this material.
        assertEquals(keys.caCertificate().getSubjectX500Principal(), other.caCertificate().getSubjectX500Principal());
        assertThrows(CertPathValidatorException.class,
                () -> validate(List.of(keys.client().certificate()), other.trustStore()));
        validate(List.of(other.client().certificate()), other.trustStore());
    }

    // ---- helpers ----

    private static void assertKeyStore(KeyStore store, Identity own, String peerAlias, X509Certificate peer)
            throws Exception {
        assertEquals("PKCS12", store.getType());
        assertEquals(Set.of(own.alias(), peerAlias), new HashSet<>(Collections.list(store.aliases())));
        assertEquals(2, store.size());

        assertTrue(store.isKeyEntry(own.alias()));
        assertFalse(store.isCertificateEntry(own.alias()));
        Key key = store.getKey(own.alias(), KeyMaterial.KEY_PASSWORD.toCharArray());
        PrivateKey privateKey = assertInstanceOf(PrivateKey.class, key);
        assertArrayEquals(own.privateKey().getEncoded(), privateKey.getEncoded());
        assertEquals(own.certificate(), store.getCertificate(own.alias()));
        assertArrayEquals(own.chain(), store.getCertificateChain(own.alias()));
        assertEquals(own.alias(), store.getCertificateAlias(own.certificate()));
        KeyStore.Entry entry = store.getEntry(own.alias(),
                new KeyStore.PasswordProtection(KeyMaterial.KEY_PASSWORD.toCharArray()));
        KeyStore.PrivateKeyEntry keyEntry = assertInstanceOf(KeyStore.PrivateKeyEntry.class, entry);
        assertEquals(own.certificate(), keyEntry.getCertificate());
        assertThrows(java.security.UnrecoverableKeyException.class,
                () -> store.getKey(own.alias(), "wrong".toCharArray()));

        assertTrue(store.isCertificateEntry(peerAlias));
        assertFalse(store.isKeyEntry(peerAlias));
        assertEquals(peer, store.getCertificate(peerAlias));
        assertNull(store.getCertificateChain(peerAlias));
        assertNull(store.getKey(peerAlias, KeyMaterial.KEY_PASSWORD.toCharArray()));
        assertEquals(peerAlias, store.getCertificateAlias(peer));
        assertInstanceOf(KeyStore.TrustedCertificateEntry.class, store.getEntry(peerAlias, null));
    }

    private interface CertificateTest {
        boolean test(X509Certificate certificate) throws Exception;
    }

    private static String findAlias(KeyStore store, CertificateTest test) throws Exception {
        String found = null;
        for (String alias : Collections.list(store.aliases())) {
            Certificate[] chain = store.getCertificateChain(alias);
            Certificate certificate = chain == null || chain.length == 0 ? store.getCertificate(alias) : chain[0];
            if (certificate instanceof X509Certificate x509 && test.test(x509)) {
                assertNull(found, "two aliases match");
                found = alias;
            }
        }
        return found;
    }

    private static void validate(List<X509Certificate> path, KeyStore trustStore) throws Exception {
        CertPath certPath = CertificateFactory.getInstance("X.509").generateCertPath(path);
        PKIXParameters parameters = new PKIXParameters(trustStore);
        parameters.setRevocationEnabled(false);
        CertPathValidator.getInstance("PKIX").validate(certPath, parameters);
    }

    private static List<X509Certificate> allCertificates() {
        List<X509Certificate> all = new ArrayList<>();
        all.add(keys.caCertificate());
        all.add(keys.rogueCaCertificate());
        all.add(keys.server().certificate());
        all.add(keys.client().certificate());
        all.add(keys.stranger().certificate());
        return all;
    }

    private static X509Certificate reparse(X509Certificate c) throws Exception {
        return (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(c.getEncoded()));
    }

    private static boolean[] trimmed(boolean[] bits) {
        assertNotNull(bits, "KeyUsage present");
        int length = bits.length;
        while (length > 0 && !bits[length - 1]) {
            length--;
        }
        return Arrays.copyOf(bits, length);
    }

    /** getExtensionValue gives OCTET STRING { OCTET STRING keyIdentifier } for an SKI: unwrap both. */
    private static byte[] subjectKeyIdentifier(X509Certificate c) {
        byte[] value = c.getExtensionValue(SUBJECT_KEY_IDENTIFIER);
        assertNotNull(value, "SKI present");
        assertEquals(0x04, value[0]);
        assertEquals(value.length - 2, value[1]);
        assertEquals(0x04, value[2]);
        assertEquals(20, value[3]);
        assertEquals(24, value.length);
        return Arrays.copyOfRange(value, 4, 24);
    }

    /** OCTET STRING { SEQUENCE { [0] keyIdentifier } } */
    private static byte[] authorityKeyIdentifier(X509Certificate c) {
        byte[] value = c.getExtensionValue(AUTHORITY_KEY_IDENTIFIER);
        assertNotNull(value, "AKI present");
        assertArrayEquals(new byte[] {0x04, 24, 0x30, 22, (byte) 0x80, 20}, Arrays.copyOf(value, 6));
        assertEquals(26, value.length);
        return Arrays.copyOfRange(value, 6, 26);
    }

    private static int occurrences(byte[] haystack, byte[] needle) {
        int count = 0;
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                count++;
            }
        }
        return count;
    }

    private static byte[] der(int tag, byte[]... contents) {
        ByteArrayOutputStream value = new ByteArrayOutputStream();
        for (byte[] content : contents) {
            value.writeBytes(content);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        int length = value.size();
        if (length < 0x80) {
            out.write(length);
        } else if (length < 0x100) {
            out.write(0x81);
            out.write(length);
        } else {
            out.write(0x82);
            out.write(length >>> 8);
            out.write(length);
        }
        out.writeBytes(value.toByteArray());
        return out.toByteArray();
    }
}
