package org.soapbench.bench;

import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.MGF1ParameterSpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import javax.crypto.spec.SecretKeySpec;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Encrypts a captured request's Body again with a weaker cipher, as a client that holds the recipient's
 * certificate but not the policy would: the stack's session key is unwrapped (the test holds the server's
 * private key), the Body's content decrypted, then encrypted with a fresh AES-128 key under CBC, the key
 * wrapped for the server as before (RSA-OAEP); the EncryptedData's algorithm says aes128-cbc. Nothing else
 * changes, so the signature over the plaintext Body stays valid. JCA alone; test-only.
 */
final class Reencrypting {

    static final String AES128_CBC = "http://www.w3.org/2001/04/xmlenc#aes128-cbc";
    private static final String SHA256_DIGEST = "http://www.w3.org/2001/04/xmlenc#sha256";
    private static final int IV_BYTES = 16;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Reencrypting() {
    }

    static void withAes128(Document doc, PrivateKey serverKey, PublicKey serverPublicKey) {
        Element security = Wire.first(Wire.header(doc), Wire.WSSE, "Security");
        List<Element> keys = Wire.all(security, Wire.XENC, "EncryptedKey");
        if (keys.size() != 1) {
            throw new AssertionError("Expected one xenc:EncryptedKey to encrypt again, found " + keys.size());
        }
        Element encryptedKey = keys.get(0);
        List<Element> data = Wire.all(doc.getDocumentElement(), Wire.XENC, "EncryptedData");
        if (data.isEmpty()) {
            throw new AssertionError("No xenc:EncryptedData to encrypt again.");
        }
        try {
            OAEPParameterSpec oaep = oaep(encryptedKey);
            Cipher unwrap = Cipher.getInstance("RSA/ECB/OAEPPadding");
            unwrap.init(Cipher.DECRYPT_MODE, serverKey, oaep);
            SecretKey sessionKey = new SecretKeySpec(unwrap.doFinal(cipherValue(encryptedKey)), "AES");

            KeyGenerator generator = KeyGenerator.getInstance("AES");
            generator.init(128, RANDOM);
            SecretKey weakKey = generator.generateKey();
            for (Element encrypted : data) {
                byte[] plain = decrypt(sessionKey, cipherValue(encrypted));
                setCipherValue(encrypted, encrypt(weakKey, plain));
                Wire.first(encrypted, Wire.XENC, "EncryptionMethod").setAttribute("Algorithm", AES128_CBC);
            }
            Cipher wrap = Cipher.getInstance("RSA/ECB/OAEPPadding");
            wrap.init(Cipher.ENCRYPT_MODE, serverPublicKey, oaep);
            setCipherValue(encryptedKey, wrap.doFinal(weakKey.getEncoded()));
        } catch (GeneralSecurityException e) {
            throw new AssertionError("Cannot encrypt the request again: " + e, e);
        }
    }

    /** rsa-oaep-mgf1p: MGF1 with SHA-1, and the digest its ds:DigestMethod names (SHA-1 when absent). */
    private static OAEPParameterSpec oaep(Element encryptedKey) {
        Element digest = Wire.first(Wire.first(encryptedKey, Wire.XENC, "EncryptionMethod"), Wire.DS, "DigestMethod");
        String md = digest != null && SHA256_DIGEST.equals(digest.getAttribute("Algorithm")) ? "SHA-256" : "SHA-1";
        return new OAEPParameterSpec(md, "MGF1", MGF1ParameterSpec.SHA1, PSource.PSpecified.DEFAULT);
    }

    /** XML Encryption's CBC: the IV first, then the ciphertext, padded as ISO 10126 says. */
    private static byte[] decrypt(SecretKey key, byte[] ivAndCiphertext) throws GeneralSecurityException {
        Cipher aes = Cipher.getInstance("AES/CBC/ISO10126Padding");
        aes.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(ivAndCiphertext, 0, IV_BYTES));
        return aes.doFinal(ivAndCiphertext, IV_BYTES, ivAndCiphertext.length - IV_BYTES);
    }

    private static byte[] encrypt(SecretKey key, byte[] plain) throws GeneralSecurityException {
        byte[] iv = new byte[IV_BYTES];
        RANDOM.nextBytes(iv);
        Cipher aes = Cipher.getInstance("AES/CBC/ISO10126Padding");
        aes.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
        byte[] ciphertext = aes.doFinal(plain);
        byte[] out = Arrays.copyOf(iv, IV_BYTES + ciphertext.length);
        System.arraycopy(ciphertext, 0, out, IV_BYTES, ciphertext.length);
        return out;
    }

    private static byte[] cipherValue(Element encrypted) {
        return Base64.getMimeDecoder().decode(cipherValueElement(encrypted).getTextContent().trim());
    }

    private static void setCipherValue(Element encrypted, byte[] value) {
        cipherValueElement(encrypted).setTextContent(Base64.getEncoder().encodeToString(value));
    }

    private static Element cipherValueElement(Element encrypted) {
        Element value = Wire.first(Wire.first(encrypted, Wire.XENC, "CipherData"), Wire.XENC, "CipherValue");
        if (value == null) {
            throw new AssertionError("No xenc:CipherValue in " + encrypted.getLocalName());
        }
        return value;
    }
}
