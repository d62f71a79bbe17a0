package org.soapbench.bench;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.PolicyCheck;
import org.soapbench.core.spi.SecurityMode;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The requests that tell a policy-driven engine from an action-driven one: each is made by the stack's
 * own client, then signed or encrypted again, correctly but against one {@link PolicyCheck} of the shared
 * policy, by a client that holds the right keys (the test's). Signature, timestamp and encryption are all
 * there and valid, so only a server that reads the policy (or is told its parts and algorithms) refuses.
 */
enum PolicyAttack {
    /** sign, signencr: the signature covers the Timestamp alone. */
    BODY_UNSIGNED(PolicyCheck.BODY_SIGNED, EnumSet.of(SecurityMode.SIGN, SecurityMode.SIGN_ENCRYPT)) {
        @Override
        void weaken(Document doc, KeyMaterial keys) {
            Resigning.timestampOnly(doc).resign(doc, keys.client().privateKey());
        }

        @Override
        boolean isIn(Document doc) {
            String body = "#" + Wire.body(doc).getAttributeNS(Wire.WSU, "Id");
            return references(doc).stream().noneMatch(r -> body.equals(r.getAttribute("URI")));
        }
    },
    /** sign, signencr: an rsa-sha1 signature over the same references. */
    SHA1_SIGNATURE(PolicyCheck.SIGNATURE_ALGORITHM, EnumSet.of(SecurityMode.SIGN, SecurityMode.SIGN_ENCRYPT)) {
        @Override
        void weaken(Document doc, KeyMaterial keys) {
            new Resigning(uri -> true, Resigning.RSA_SHA1, null).resign(doc, keys.client().privateKey());
        }

        @Override
        boolean isIn(Document doc) {
            return Resigning.RSA_SHA1.equals(Wire.first(signature(doc), Wire.DS, "SignatureMethod").getAttribute("Algorithm"));
        }
    },
    /** sign: every reference digested with sha1 (the Body must be readable to digest it again, so not signencr). */
    SHA1_DIGEST(PolicyCheck.DIGEST_ALGORITHM, EnumSet.of(SecurityMode.SIGN)) {
        @Override
        void weaken(Document doc, KeyMaterial keys) {
            new Resigning(uri -> true, null, Resigning.SHA1).resign(doc, keys.client().privateKey());
        }

        @Override
        boolean isIn(Document doc) {
            return Wire.all(signature(doc), Wire.DS, "DigestMethod").stream()
                    .allMatch(m -> Resigning.SHA1.equals(m.getAttribute("Algorithm")));
        }
    },
    /** signencr: the Body encrypted with aes128-cbc under the same key transport. */
    AES128_CIPHER(PolicyCheck.ENCRYPTION_ALGORITHM, EnumSet.of(SecurityMode.SIGN_ENCRYPT)) {
        @Override
        void weaken(Document doc, KeyMaterial keys) {
            Reencrypting.withAes128(doc, keys.server().privateKey(), keys.server().certificate().getPublicKey());
        }

        @Override
        boolean isIn(Document doc) {
            Element data = Wire.first(Wire.body(doc), Wire.XENC, "EncryptedData");
            return Reencrypting.AES128_CBC.equals(Wire.first(data, Wire.XENC, "EncryptionMethod").getAttribute("Algorithm"));
        }
    };

    private final PolicyCheck check;
    private final Set<SecurityMode> modes;

    PolicyAttack(PolicyCheck check, Set<SecurityMode> modes) {
        this.check = check;
        this.modes = modes;
    }

    PolicyCheck check() {
        return check;
    }

    boolean appliesTo(SecurityMode mode) {
        return modes.contains(mode);
    }

    /** Edits a request in place. */
    abstract void weaken(Document doc, KeyMaterial keys);

    /** Whether a (captured) request carries this attack's weakness: proof that the test sent what it says. */
    abstract boolean isIn(Document doc);

    /** The pipe that weakens every request before the server sees it. */
    UnaryOperator<Pipe> pipe(KeyMaterial keys) {
        return Tampering.requests(Tampering.document(doc -> weaken(doc, keys)));
    }

    private static Element signature(Document doc) {
        return Wire.first(Wire.first(Wire.header(doc), Wire.WSSE, "Security"), Wire.DS, "Signature");
    }

    private static List<Element> references(Document doc) {
        return Wire.all(Wire.first(signature(doc), Wire.DS, "SignedInfo"), Wire.DS, "Reference");
    }
}
