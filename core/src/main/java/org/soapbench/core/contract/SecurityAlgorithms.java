package org.soapbench.core.contract;

/**
 * The one algorithm suite every stack uses (WS-SecurityPolicy Basic256Sha256, with RSA-SHA256
 * signatures), as URIs on the wire. Stacks configure themselves from these, and the wire tests
 * assert them, so a stack whose defaults differ cannot pass unnoticed.
 */
public final class SecurityAlgorithms {

    public static final String SIGNATURE = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
    public static final String DIGEST = "http://www.w3.org/2001/04/xmlenc#sha256";
    public static final String CANONICALIZATION = "http://www.w3.org/2001/10/xml-exc-c14n#";
    public static final String DATA_ENCRYPTION = "http://www.w3.org/2001/04/xmlenc#aes256-cbc";
    public static final String KEY_TRANSPORT = "http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p";
    /** RSA modulus of every key pair; AES key length of data encryption. */
    public static final int RSA_BITS = 2048;
    public static final int AES_BITS = 256;

    private SecurityAlgorithms() {
    }
}
