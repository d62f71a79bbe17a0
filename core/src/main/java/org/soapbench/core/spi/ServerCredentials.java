package org.soapbench.core.spi;

import java.security.KeyStore;
import java.util.Map;
import org.soapbench.core.keys.KeyMaterial;

/**
 * What a server signs, decrypts and authenticates with: its key store (own private key under
 * {@code keyAlias}, protected by {@link KeyMaterial#KEY_PASSWORD}), a trust store holding only the
 * CA it trusts for client signatures, and the users it accepts (name to plain-text password).
 */
public record ServerCredentials(KeyStore keyStore, String keyAlias, KeyStore trustStore, Map<String, String> users) {

    /** As {@link ClientCredentials#standard(SecurityMode)}: keys only where {@code mode} signs. */
    public static ServerCredentials standard(SecurityMode mode) {
        return mode.signs() ? standard(KeyMaterial.shared())
                : new ServerCredentials(KeyMaterial.emptyStore(), KeyMaterial.SERVER_ALIAS, KeyMaterial.emptyStore(),
                        Map.of(KeyMaterial.USERNAME, KeyMaterial.PASSWORD));
    }

    public static ServerCredentials standard(KeyMaterial keys) {
        return new ServerCredentials(keys.serverKeyStore(), keys.server().alias(), keys.trustStore(),
                Map.of(KeyMaterial.USERNAME, KeyMaterial.PASSWORD));
    }
}
