package org.soapbench.core.spi;

import java.security.KeyStore;
import org.soapbench.core.keys.KeyMaterial;

/**
 * What a client signs, encrypts and authenticates with. The key store holds the client's private
 * key (under {@code keyAlias}, protected by {@link KeyMaterial#KEY_PASSWORD}) and the server's
 * certificate (under {@code serverAlias}); the trust store holds the CA that issued both.
 * {@code timestampTtlSeconds} is how long the client's Timestamps are valid (Expires - Created).
 */
public record ClientCredentials(String username, String password, KeyStore keyStore, String keyAlias,
                                String serverAlias, KeyStore trustStore, int timestampTtlSeconds) {

    /** Five minutes: the default of every stack measured here. */
    public static final int STANDARD_TIMESTAMP_TTL_SECONDS = 300;

    /**
     * What a well-behaved client of {@code mode} holds: the shared key material where the mode signs;
     * otherwise its name and password, and key and trust stores with no entry. Generating RSA-2048 keys
     * takes about a second on one CPU, which a fork that neither signs nor encrypts need not pay.
     */
    public static ClientCredentials standard(SecurityMode mode) {
        return mode.signs() ? standard(KeyMaterial.shared())
                : new ClientCredentials(KeyMaterial.USERNAME, KeyMaterial.PASSWORD, KeyMaterial.emptyStore(),
                        KeyMaterial.CLIENT_ALIAS, KeyMaterial.SERVER_ALIAS, KeyMaterial.emptyStore(),
                        STANDARD_TIMESTAMP_TTL_SECONDS);
    }

    /** The credentials a well-behaved client uses. */
    public static ClientCredentials standard(KeyMaterial keys) {
        return new ClientCredentials(KeyMaterial.USERNAME, KeyMaterial.PASSWORD, keys.clientKeyStore(),
                keys.client().alias(), keys.server().alias(), keys.trustStore(), STANDARD_TIMESTAMP_TTL_SECONDS);
    }

    public ClientCredentials withPassword(String newPassword) {
        return new ClientCredentials(username, newPassword, keyStore, keyAlias, serverAlias, trustStore, timestampTtlSeconds);
    }

    public ClientCredentials withKeyStore(KeyStore newKeyStore) {
        return new ClientCredentials(username, password, newKeyStore, keyAlias, serverAlias, trustStore, timestampTtlSeconds);
    }

    public ClientCredentials withTimestampTtlSeconds(int seconds) {
        return new ClientCredentials(username, password, keyStore, keyAlias, serverAlias, trustStore, seconds);
    }
}
