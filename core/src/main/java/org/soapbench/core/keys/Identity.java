package org.soapbench.core.keys;

import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Objects;

/**
 * One party's key material: the alias under which its private key is stored in a keystore, the key,
 * its certificate, and the chain from that certificate to its issuing CA ({@code [certificate, ca]}).
 * The chain is copied in and out, so a caller cannot change it.
 */
public record Identity(String alias, PrivateKey privateKey, X509Certificate certificate, X509Certificate[] chain) {

    public Identity {
        Objects.requireNonNull(alias, "alias");
        Objects.requireNonNull(privateKey, "privateKey");
        Objects.requireNonNull(certificate, "certificate");
        chain = chain.clone();
        if (chain.length == 0 || !chain[0].equals(certificate)) {
            throw new IllegalArgumentException("the chain must start with the certificate");
        }
        for (X509Certificate c : chain) {
            Objects.requireNonNull(c, "chain element");
        }
    }

    /** A copy of the chain, the certificate first. */
    @Override
    public X509Certificate[] chain() {
        return chain.clone();
    }

    /** Equal when alias, key, certificate and chain (by content) are. */
    @Override
    public boolean equals(Object other) {
        return other instanceof Identity that
                && alias.equals(that.alias)
                && privateKey.equals(that.privateKey)
                && certificate.equals(that.certificate)
                && Arrays.equals(chain, that.chain);
    }

    @Override
    public int hashCode() {
        return Objects.hash(alias, certificate, Arrays.hashCode(chain));
    }

    /** Names the alias and the certificate's subject and issuer; never prints key material. */
    @Override
    public String toString() {
        return "Identity[alias=" + alias + ", subject=" + certificate.getSubjectX500Principal()
                + ", issuer=" + certificate.getIssuerX500Principal() + "]";
    }
}
