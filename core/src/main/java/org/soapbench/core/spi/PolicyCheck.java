package org.soapbench.core.spi;

/**
 * What the shared WS-SecurityPolicy demands of a secured request beyond a signature, a timestamp and an
 * encryption being there: which parts are signed, and with which algorithms. A policy-driven server makes
 * these checks from the policy itself; an action-driven one (WSS4J configured by named actions) checks
 * that the actions happened, and may not make them. A stack names the ones its server does not make in
 * {@link SoapStack#unenforcedChecks()}.
 */
public enum PolicyCheck {
    /** SignedParts Body: a signature that covers only the Timestamp is not enough. */
    BODY_SIGNED("body-signed", "a signature that leaves the Body unsigned (it covers only the Timestamp)"),
    /** The suite's asymmetric signature: rsa-sha256, never rsa-sha1. */
    SIGNATURE_ALGORITHM("signature-algorithm", "an rsa-sha1 signature where the policy's is rsa-sha256"),
    /** Basic256Sha256's digest: sha256, never sha1. */
    DIGEST_ALGORITHM("digest-algorithm", "sha1 digests where the policy's are sha256"),
    /** Basic256Sha256's data encryption: aes256-cbc, never a weaker cipher. */
    ENCRYPTION_ALGORITHM("encryption-algorithm", "a Body encrypted with aes128-cbc where the policy's cipher is aes256-cbc");

    private final String id;
    private final String accepted;

    PolicyCheck(String id, String accepted) {
        this.id = id;
        this.accepted = accepted;
    }

    /** A short name, for run metadata and reports. */
    public String id() {
        return id;
    }

    /** What a server that does not make the check accepts, as a noun phrase. */
    public String accepted() {
        return accepted;
    }

    /** The check of an id; an unknown one fails naming it. */
    public static PolicyCheck of(String id) {
        for (PolicyCheck c : values()) {
            if (c.id.equals(id)) {
                return c;
            }
        }
        throw new IllegalArgumentException("Unknown policy check '" + id + "'.");
    }
}
