package org.soapbench.core.keys;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;

/**
 * Builds and signs conventional X.509 v3 certificates with the JDK alone: a minimal DER encoder for
 * the TBSCertificate, {@code SHA256withRSA} for the signature, and {@link CertificateFactory} to parse
 * the result back into an {@link X509Certificate}.
 *
 * <p>Every certificate carries a SubjectKeyIdentifier (RFC 5280 method 1), critical BasicConstraints and
 * a critical KeyUsage; a certificate issued by another carries an AuthorityKeyIdentifier naming the
 * issuer's key, and an issuer name byte-identical to the issuer certificate's subject.
 */
final class X509CertificateWriter {

    private static final String SIGNATURE_ALGORITHM = "SHA256withRSA";

    // Object identifiers, already in DER content form via oid(...).
    private static final byte[] SHA256_WITH_RSA = oid(1, 2, 840, 113549, 1, 1, 11);
    private static final byte[] COMMON_NAME = oid(2, 5, 4, 3);
    private static final byte[] ORGANIZATION = oid(2, 5, 4, 10);
    private static final byte[] SUBJECT_KEY_IDENTIFIER = oid(2, 5, 29, 14);
    private static final byte[] KEY_USAGE = oid(2, 5, 29, 15);
    private static final byte[] BASIC_CONSTRAINTS = oid(2, 5, 29, 19);
    private static final byte[] AUTHORITY_KEY_IDENTIFIER = oid(2, 5, 29, 35);
    private static final String SUBJECT_KEY_IDENTIFIER_OID = "2.5.29.14";

    // DER tags.
    private static final int BOOLEAN = 0x01;
    private static final int INTEGER = 0x02;
    private static final int BIT_STRING = 0x03;
    private static final int OCTET_STRING = 0x04;
    private static final int NULL = 0x05;
    private static final int OBJECT_IDENTIFIER = 0x06;
    private static final int UTF8_STRING = 0x0C;
    private static final int PRINTABLE_STRING = 0x13;
    private static final int UTC_TIME = 0x17;
    private static final int GENERALIZED_TIME = 0x18;
    private static final int SEQUENCE = 0x30;
    private static final int SET = 0x31;
    private static final int CONTEXT_0_CONSTRUCTED = 0xA0;
    private static final int CONTEXT_3_CONSTRUCTED = 0xA3;
    private static final int CONTEXT_0_PRIMITIVE = 0x80;

    // KeyUsage named bits, DER form: {unused bits, value}. Bit 0 is the most significant bit.
    /** digitalSignature(0), nonRepudiation(1), keyEncipherment(2), dataEncipherment(3). */
    private static final byte[] END_ENTITY_KEY_USAGE = {4, (byte) 0xF0};
    /** keyCertSign(5), cRLSign(6). */
    private static final byte[] CA_KEY_USAGE = {1, (byte) 0x06};

    private static final DateTimeFormatter UTC_TIME_FORMAT = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'");
    private static final DateTimeFormatter GENERALIZED_TIME_FORMAT = DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'");

    private final SecureRandom random;

    X509CertificateWriter(SecureRandom random) {
        this.random = random;
    }

    /** A self-signed CA certificate: {@code CN=commonName, O=organization}, cA=true, keyCertSign+cRLSign. */
    X509Certificate selfSignedCa(String commonName, String organization, KeyPair keyPair,
                                 Instant notBefore, Instant notAfter) throws GeneralSecurityException {
        byte[] name = name(commonName, organization);
        return sign(name, name, keyPair.getPublic(), null, true, keyPair.getPrivate(), keyPair.getPublic(),
                notBefore, notAfter);
    }

    /**
     * A certificate for {@code subjectKey}, issued and signed by {@code issuer} with {@code issuerKey}:
     * an end entity (digitalSignature, nonRepudiation, keyEncipherment, dataEncipherment) unless {@code ca}.
     */
    X509Certificate issue(String commonName, String organization, PublicKey subjectKey, boolean ca,
                          X509Certificate issuer, PrivateKey issuerKey,
                          Instant notBefore, Instant notAfter) throws GeneralSecurityException {
        if (issuer.getBasicConstraints() < 0) {
            throw new IllegalArgumentException("issuer is not a CA: " + issuer.getSubjectX500Principal());
        }
        // The issuer's subject exactly as encoded in its certificate, so that name comparisons by bytes match.
        byte[] issuerName = issuer.getSubjectX500Principal().getEncoded();
        return sign(name(commonName, organization), issuerName, subjectKey, authorityKeyId(issuer), ca,
                issuerKey, issuer.getPublicKey(), notBefore, notAfter);
    }

    private X509Certificate sign(byte[] subjectName, byte[] issuerName, PublicKey subjectKey, byte[] authorityKeyId,
                                 boolean ca, PrivateKey signingKey, PublicKey verifyingKey,
                                 Instant notBefore, Instant notAfter) throws GeneralSecurityException {
        byte[] spki = subjectKey.getEncoded();
        byte[] signatureAlgorithm = tlv(SEQUENCE, tlv(OBJECT_IDENTIFIER, SHA256_WITH_RSA), tlv(NULL));

        byte[] extensions = concat(
                extension(SUBJECT_KEY_IDENTIFIER, false, tlv(OCTET_STRING, keyIdentifier(spki))),
                authorityKeyId == null ? new byte[0]
                        : extension(AUTHORITY_KEY_IDENTIFIER, false,
                                tlv(SEQUENCE, tlv(CONTEXT_0_PRIMITIVE, authorityKeyId))),
                // cA DEFAULT FALSE: DER omits it, leaving an empty SEQUENCE for an end entity.
                extension(BASIC_CONSTRAINTS, true,
                        ca ? tlv(SEQUENCE, tlv(BOOLEAN, new byte[] {(byte) 0xFF})) : tlv(SEQUENCE)),
                extension(KEY_USAGE, true, tlv(BIT_STRING, ca ? CA_KEY_USAGE : END_ENTITY_KEY_USAGE)));

        byte[] tbs = tlv(SEQUENCE,
                tlv(CONTEXT_0_CONSTRUCTED, tlv(INTEGER, BigInteger.TWO.toByteArray())), // version v3
                tlv(INTEGER, serialNumber().toByteArray()),
                signatureAlgorithm,
                issuerName,
                tlv(SEQUENCE, time(notBefore), time(notAfter)),
                subjectName,
                spki,
                tlv(CONTEXT_3_CONSTRUCTED, tlv(SEQUENCE, extensions)));

        Signature signer = Signature.getInstance(SIGNATURE_ALGORITHM);
        signer.initSign(signingKey, random);
        signer.update(tbs);
        byte[] signature = signer.sign();

        byte[] der = tlv(SEQUENCE, tbs, signatureAlgorithm, tlv(BIT_STRING, concat(new byte[] {0}, signature)));
        X509Certificate certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(der));
        certificate.verify(verifyingKey);
        return certificate;
    }

    /** Positive, non-zero, at most 16 octets (RFC 5280 allows 20), at least 64 bits of randomness. */
    private BigInteger serialNumber() {
        return new BigInteger(127, random).setBit(126);
    }

    /**
     * The key identifier of a SubjectPublicKeyInfo by RFC 5280 section 4.2.1.2 method 1: the SHA-1 of the
     * subjectPublicKey BIT STRING's value, excluding its tag, length and unused-bits octet.
     */
    static byte[] keyIdentifier(byte[] subjectPublicKeyInfo) {
        // SubjectPublicKeyInfo ::= SEQUENCE { algorithm AlgorithmIdentifier, subjectPublicKey BIT STRING }
        int[] outer = header(subjectPublicKeyInfo, 0, SEQUENCE);
        int[] algorithm = header(subjectPublicKeyInfo, outer[0], SEQUENCE);
        int[] key = header(subjectPublicKeyInfo, algorithm[0] + algorithm[1], BIT_STRING);
        if (key[1] < 1 || subjectPublicKeyInfo[key[0]] != 0) {
            throw new IllegalArgumentException("subjectPublicKey has unused bits");
        }
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            sha1.update(subjectPublicKeyInfo, key[0] + 1, key[1] - 1);
            return sha1.digest();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-1 is required of every JDK", e);
        }
    }

    /** The issuer's own SubjectKeyIdentifier when it has one, or else method 1 over its key. */
    private static byte[] authorityKeyId(X509Certificate issuer) {
        byte[] extension = issuer.getExtensionValue(SUBJECT_KEY_IDENTIFIER_OID);
        if (extension == null) {
            return keyIdentifier(issuer.getPublicKey().getEncoded());
        }
        // OCTET STRING (extnValue) { OCTET STRING (keyIdentifier) }
        int[] outer = header(extension, 0, OCTET_STRING);
        int[] inner = header(extension, outer[0], OCTET_STRING);
        return Arrays.copyOfRange(extension, inner[0], inner[0] + inner[1]);
    }

    /** Name ::= RDNSequence, most significant first: {@code O=organization}, then {@code CN=commonName}. */
    private static byte[] name(String commonName, String organization) {
        return tlv(SEQUENCE,
                organization == null ? new byte[0] : rdn(ORGANIZATION, organization),
                rdn(COMMON_NAME, commonName));
    }

    private static byte[] rdn(byte[] type, String value) {
        if (value.isEmpty()) {
            throw new IllegalArgumentException("empty attribute value");
        }
        int tag = isPrintable(value) ? PRINTABLE_STRING : UTF8_STRING;
        return tlv(SET, tlv(SEQUENCE, tlv(OBJECT_IDENTIFIER, type), tlv(tag, value.getBytes(StandardCharsets.UTF_8))));
    }

    private static boolean isPrintable(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || " '()+,-./:=?".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** UTCTime through 2049, GeneralizedTime from 2050 on (RFC 5280 section 4.1.2.5); whole seconds, Zulu. */
    private static byte[] time(Instant instant) {
        ZonedDateTime utc = instant.truncatedTo(ChronoUnit.SECONDS).atZone(ZoneOffset.UTC);
        int year = utc.getYear();
        if (year >= 1950 && year < 2050) {
            return tlv(UTC_TIME, UTC_TIME_FORMAT.format(utc).getBytes(StandardCharsets.US_ASCII));
        }
        return tlv(GENERALIZED_TIME, GENERALIZED_TIME_FORMAT.format(utc).getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] extension(byte[] oid, boolean critical, byte[] value) {
        return tlv(SEQUENCE,
                tlv(OBJECT_IDENTIFIER, oid),
                critical ? tlv(BOOLEAN, new byte[] {(byte) 0xFF}) : new byte[0], // critical DEFAULT FALSE
                tlv(OCTET_STRING, value));
    }

    // ---- a tiny DER writer and reader ----

    /** Tag, definite length, then the concatenated contents. */
    private static byte[] tlv(int tag, byte[]... contents) {
        byte[] value = concat(contents);
        ByteArrayOutputStream out = new ByteArrayOutputStream(value.length + 6);
        out.write(tag);
        int length = value.length;
        if (length < 0x80) {
            out.write(length);
        } else {
            int octets = (Integer.SIZE - Integer.numberOfLeadingZeros(length) + 7) / 8;
            out.write(0x80 | octets);
            for (int shift = (octets - 1) * 8; shift >= 0; shift -= 8) {
                out.write(length >>> shift);
            }
        }
        out.writeBytes(value);
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private static byte[] oid(int... arcs) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        base128(out, arcs[0] * 40L + arcs[1]);
        for (int i = 2; i < arcs.length; i++) {
            base128(out, arcs[i]);
        }
        return out.toByteArray();
    }

    private static void base128(ByteArrayOutputStream out, long value) {
        int groups = Math.max(1, (Long.SIZE - Long.numberOfLeadingZeros(value) + 6) / 7);
        for (int i = groups - 1; i >= 0; i--) {
            int septet = (int) (value >>> (7 * i)) & 0x7F;
            out.write(i == 0 ? septet : septet | 0x80);
        }
    }

    /** Reads the header at {@code offset}, which must have tag {@code tag}: returns {content offset, length}. */
    private static int[] header(byte[] der, int offset, int tag) {
        if (offset + 2 > der.length || (der[offset] & 0xFF) != tag) {
            throw new IllegalArgumentException("expected DER tag 0x" + Integer.toHexString(tag) + " at " + offset);
        }
        int first = der[offset + 1] & 0xFF;
        int position = offset + 2;
        int length;
        if (first < 0x80) {
            length = first;
        } else {
            int octets = first & 0x7F;
            if (octets == 0 || octets > 3 || position + octets > der.length) {
                throw new IllegalArgumentException("unsupported DER length at " + offset);
            }
            length = 0;
            for (int i = 0; i < octets; i++) {
                length = (length << 8) | (der[position++] & 0xFF);
            }
        }
        if (position + length > der.length) {
            throw new IllegalArgumentException("truncated DER at " + offset);
        }
        return new int[] {position, length};
    }
}
