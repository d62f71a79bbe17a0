package org.soapbench.bench;

import java.util.Map;
import org.soapbench.core.contract.SecurityAlgorithms;

/**
 * The JCA names of the algorithms the stacks put on the wire, for the crypto floor: one small table
 * from W3C URI to JDK algorithm, as Santuario (the XML security library under WSS4J) maps them in
 * its {@code org/apache/xml/security/resource/config.xml} (xmlsec 4.0.4). The floor resolves the
 * project's one suite, {@link SecurityAlgorithms}, through it, so a change of suite that this table
 * does not know fails at setup instead of measuring other algorithms than the stacks run.
 */
final class JcaSuite {

    /** Every URI of the suite, with the JCA name that computes it. Tests check the suite against the wire. */
    private static final Map<String, String> NAMES = Map.of(
            "http://www.w3.org/2001/04/xmlenc#sha256", "SHA-256",
            "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256", "SHA256withRSA",
            // XML Encryption pads with arbitrary bytes and a final length byte: ISO 10126, as Santuario
            // maps it (PKCS5 would cost the same; this is the padding the stacks really write).
            "http://www.w3.org/2001/04/xmlenc#aes256-cbc", "AES/CBC/ISO10126Padding",
            // rsa-oaep-mgf1p: OAEP with SHA-1 and MGF1-SHA1 (its DigestMethod defaults to SHA-1). Santuario
            // says RSA/ECB/OAEPPadding and passes those parameters; the JDK's name below means the same.
            "http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p", "RSA/ECB/OAEPWithSHA-1AndMGF1Padding");

    private JcaSuite() {
    }

    /** The JCA name of a URI of the suite; an unknown URI fails (at setup) with one sentence. */
    static String name(String uri) {
        String name = NAMES.get(uri);
        if (name == null) {
            throw new IllegalStateException("The crypto floor knows no JCA algorithm for " + uri
                    + "; add it to JcaSuite so that the floor computes what the stacks put on the wire.");
        }
        return name;
    }

    /** The key algorithm of a JCA cipher name: "AES" for "AES/CBC/ISO10126Padding". */
    static String keyAlgorithm(String cipher) {
        return cipher.substring(0, cipher.indexOf('/'));
    }
}
