package org.soapbench.core;

import java.security.KeyStore;

/**
 * What a client signs, encrypts and authenticates with. The key store holds the client's private
 * key (under {@code keyAlias}, protected by {@link KeyMaterial#KEY_PASSWORD}) and the server's
 * certificate (under {@code serverAlias}); the trust store holds the CA that issued both.
 */
public record ClientCredentials(String username, String password, KeyStore keyStore, String keyAlias,
                                String serverAlias, KeyStore trustStore) {

    /** The credentials a well-behaved client uses. */
    public static ClientCredentials standard(KeyMaterial keys) {
        return new ClientCredentials(KeyMaterial.USERNAME, KeyMaterial.PASSWORD, keys.clientKeyStore(),
                keys.client().alias(), keys.server().alias(), keys.trustStore());
    }
}
