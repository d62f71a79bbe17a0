package org.soapbench.bench;

import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.security.interfaces.RSAKey;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import org.soapbench.core.contract.SecurityAlgorithms;
import org.soapbench.core.keys.Identity;
import org.soapbench.core.spi.SecurityMode;

/**
 * The cryptography one secured round trip cannot avoid, done with the JDK's JCA alone (no WSS4J, no
 * Santuario, no stack), in the caller's thread. In each direction:
 * <ul>
 *   <li>the sender digests the Timestamp and the Body (SHA-256) and signs the SignedInfo that carries
 *       both digests (RSA-SHA256, with its own private key);</li>
 *   <li>in {@code signencr}, the sender then draws a fresh AES-256 key and IV, encrypts the Body's
 *       content (AES-256-CBC) and wraps the key for the receiver (RSA-OAEP, the receiver's public key);
 *       the receiver unwraps it (its private key) and decrypts;</li>
 *   <li>the receiver digests the Timestamp and the Body it got, again, and verifies the signature over
 *       the SignedInfo rebuilt from its own digests (the sender's public key): verifying a signed
 *       reference means recomputing its digest, so these digests are part of the floor too.</li>
 * </ul>
 * So a {@code signencr} round trip does four RSA private-key operations (client signs, server unwraps,
 * server signs, client unwraps) and four public-key ones. Not counted, since they are not cryptography
 * or a stack may legitimately cache them: canonicalization (the bytes are canonical already), base64,
 * certificate path validation of a known signer. Every engine is built once, here; one instance per
 * thread (JCA engines are not thread-safe).
 */
final class CryptoRoundTrip {

    private final boolean encrypt;
    private final Party client;
    private final Party server;

    /** The client signs and decrypts with {@code client}'s key, the server with {@code server}'s. */
    CryptoRoundTrip(SecurityMode mode, Identity client, Identity server) {
        if (!mode.signs()) {
            throw new IllegalArgumentException("Security mode '" + mode.id() + "' does no cryptography: "
                    + "its crypto floor is zero.");
        }
        this.encrypt = mode == SecurityMode.SIGN_ENCRYPT;
        this.client = new Party(client, server.certificate());
        this.server = new Party(server, client.certificate());
    }

    /**
     * The request from client to server, then the response back; each checked as a receiver checks it
     * (an unverifiable message is an exception, never a result). Returns the response's signature value.
     */
    byte[] run(CryptoExchange exchange) {
        send(client, server, exchange.request());
        return send(server, client, exchange.response());
    }

    private byte[] send(Party from, Party to, SecuredMessage m) {
        try {
            byte[] timestampDigest = from.digest.digest(m.timestamp());
            byte[] bodyDigest = from.digest.digest(m.body());
            byte[] signatureValue = from.sign(m, timestampDigest, bodyDigest);
            byte[] receivedBodyDigest;
            if (encrypt) {
                // Sign, then encrypt the Body's content (the policies' default order); the receiver decrypts
                // first and digests the Body rebuilt around the plaintext it got.
                SecretKey key = from.dataKeys.generateKey();
                byte[] iv = new byte[16];
                from.random.nextBytes(iv);
                from.dataCipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv), from.random);
                byte[] cipherText = from.dataCipher.doFinal(m.body(), m.contentStart(), m.contentLength());
                byte[] wrappedKey = from.wrapForPeer.wrap(key);

                SecretKey unwrapped = (SecretKey) to.unwrap.unwrap(wrappedKey, to.dataKeys.getAlgorithm(), Cipher.SECRET_KEY);
                to.dataCipher.init(Cipher.DECRYPT_MODE, unwrapped, new IvParameterSpec(iv));
                byte[] plainText = to.dataCipher.doFinal(cipherText);
                to.digest.update(m.body(), 0, m.contentStart());
                to.digest.update(plainText);
                to.digest.update(m.body(), m.contentEnd(), m.body().length - m.contentEnd());
                receivedBodyDigest = to.digest.digest();
            } else {
                receivedBodyDigest = to.digest.digest(m.body());
            }
            byte[] receivedTimestampDigest = to.digest.digest(m.timestamp());
            if (!to.verifyPeer(m, receivedTimestampDigest, receivedBodyDigest, signatureValue)) {
                throw new IllegalStateException("The crypto floor's receiver could not verify the signature: "
                        + "the floor is not doing the work it claims.");
            }
            return signatureValue;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("The crypto floor's JCA work failed", e);
        }
    }

    /** One side's engines: its own key signs and unwraps; the peer's certificate verifies and wraps. */
    private static final class Party {
        final MessageDigest digest;
        final Signature signer;
        final Signature peerVerifier;
        final KeyGenerator dataKeys;
        final Cipher dataCipher;
        final Cipher wrapForPeer;
        final Cipher unwrap;
        final SecureRandom random = new SecureRandom();

        Party(Identity own, X509Certificate peer) {
            requireKeySize(own.privateKey());
            requireKeySize(peer.getPublicKey());
            try {
                digest = MessageDigest.getInstance(JcaSuite.name(SecurityAlgorithms.DIGEST));
                signer = Signature.getInstance(JcaSuite.name(SecurityAlgorithms.SIGNATURE));
                signer.initSign(own.privateKey(), random);
                peerVerifier = Signature.getInstance(JcaSuite.name(SecurityAlgorithms.SIGNATURE));
                peerVerifier.initVerify(peer);
                String data = JcaSuite.name(SecurityAlgorithms.DATA_ENCRYPTION);
                dataCipher = Cipher.getInstance(data);
                dataKeys = KeyGenerator.getInstance(JcaSuite.keyAlgorithm(data));
                dataKeys.init(SecurityAlgorithms.AES_BITS, random);
                wrapForPeer = Cipher.getInstance(JcaSuite.name(SecurityAlgorithms.KEY_TRANSPORT));
                wrapForPeer.init(Cipher.WRAP_MODE, peer, random);
                unwrap = Cipher.getInstance(JcaSuite.name(SecurityAlgorithms.KEY_TRANSPORT));
                unwrap.init(Cipher.UNWRAP_MODE, own.privateKey());
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("The JDK lacks an algorithm of the crypto floor: " + e.getMessage(), e);
            }
        }

        /** The floor runs on the stacks' key size, or not at all. */
        private static void requireKeySize(Key key) {
            int bits = key instanceof RSAKey rsa ? rsa.getModulus().bitLength() : -1;
            if (bits != SecurityAlgorithms.RSA_BITS) {
                throw new IllegalArgumentException("The crypto floor needs RSA-" + SecurityAlgorithms.RSA_BITS
                        + " keys, as the stacks use, not " + key.getAlgorithm() + " of " + bits + " bits.");
            }
        }

        byte[] sign(SecuredMessage m, byte[] timestampDigest, byte[] bodyDigest) throws GeneralSecurityException {
            updateSignedInfo(signer, m, timestampDigest, bodyDigest);
            return signer.sign();
        }

        boolean verifyPeer(SecuredMessage m, byte[] timestampDigest, byte[] bodyDigest, byte[] signatureValue)
                throws GeneralSecurityException {
            updateSignedInfo(peerVerifier, m, timestampDigest, bodyDigest);
            return peerVerifier.verify(signatureValue);
        }

        /** The canonical SignedInfo with both base64 DigestValues in place. */
        private static void updateSignedInfo(Signature s, SecuredMessage m, byte[] timestampDigest, byte[] bodyDigest)
                throws GeneralSecurityException {
            Base64.Encoder base64 = Base64.getEncoder();
            s.update(m.signedInfo()[0]);
            s.update(base64.encode(timestampDigest));
            s.update(m.signedInfo()[1]);
            s.update(base64.encode(bodyDigest));
            s.update(m.signedInfo()[2]);
        }
    }
}
