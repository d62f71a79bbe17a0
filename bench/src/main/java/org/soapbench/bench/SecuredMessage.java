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

    /** Bytes of the Body's content: what XML Encryption encrypts. */
    int contentLength() {
        return contentEnd - contentStart;
    }
}
