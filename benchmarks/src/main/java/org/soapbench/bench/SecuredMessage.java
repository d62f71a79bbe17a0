package org.soapbench.bench;

/**
 * One direction of a secured round trip as the crypto floor sees it: the canonical (exclusive C14N)
 * bytes that a stack digests, signs and encrypts for one message. Built once at setup by
 * {@link CryptoPayloads}; never written to after.
 *
 * @param body         the soap:Body element with its wsu:Id, canonicalized: what the Body reference digests
 * @param contentStart where the Body's content (the payload element, what XML Encryption encrypts) starts
 * @param contentEnd   where it ends (the Body's end tag follows)
 * @param timestamp    the wsu:Timestamp element, canonicalized as its reference digests it
 * @param signedInfo   the canonical ds:SignedInfo in three pieces, around the base64 DigestValues of the
 *                     Timestamp (between piece 0 and 1) and of the Body (between piece 1 and 2)
 */
record SecuredMessage(byte[] body, int contentStart, int contentEnd, byte[] timestamp, byte[][] signedInfo) {

    /** Length of a base64 SHA-256 DigestValue. */
    static final int DIGEST_VALUE_CHARS = 44;

    /** Bytes of the canonical SignedInfo that the signature covers, DigestValues included. */
    int signedInfoLength() {
        return signedInfo[0].length + signedInfo[1].length + signedInfo[2].length + 2 * DIGEST_VALUE_CHARS;
    }

    /** Bytes of the Body's content: what XML Encryption encrypts. */
    int contentLength() {
        return contentEnd - contentStart;
    }
}
