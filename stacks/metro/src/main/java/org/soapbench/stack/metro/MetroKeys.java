package org.soapbench.stack.metro;

import com.sun.xml.ws.api.server.ContainerResolver;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.soapbench.core.keys.KeyMaterial;

/**
 * The key material of one Metro client or server, in memory: its key store (private keys unlocked
 * once, here, never per message), the trust store its certificate validation uses, and for a
 * server the users it accepts. Metro instantiates the callback classes named in the policy
 * ({@link MetroCallbacks}) by class name, so they cannot be handed an object; they find this one
 * through the Metro {@link com.sun.xml.ws.api.server.Container} that is current while Metro builds
 * (or runs) that client or server ({@link MetroContainer}).
 */
final class MetroKeys {

    private final KeyStore keyStore;
    private final KeyStore trustStore;
    private final Map<String, PrivateKey> privateKeys;
    private final Map<String, String> users;

    MetroKeys(KeyStore keyStore, KeyStore trustStore, Map<String, String> users) {
        this.keyStore = keyStore;
        this.trustStore = trustStore;
        this.users = Map.copyOf(users);
        Map<String, PrivateKey> keys = new HashMap<>();
        try {
            for (String alias : Collections.list(keyStore.aliases())) {
                if (keyStore.isKeyEntry(alias)) {
                    keys.put(alias, (PrivateKey) keyStore.getKey(alias, KeyMaterial.KEY_PASSWORD.toCharArray()));
                }
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot unlock the private keys of an in-memory key store", e);
        }
        this.privateKeys = Map.copyOf(keys);
    }

    /** The keys of the Metro client or server being built or run in this thread. */
    static MetroKeys current() {
        MetroKeys keys = ContainerResolver.getDefault().getContainer().getSPI(MetroKeys.class);
        if (keys == null) {
            throw new IllegalStateException("Metro asked for soapbench keys outside a soapbench Metro container.");
        }
        return keys;
    }

    KeyStore keyStore() {
        return keyStore;
    }

    KeyStore trustStore() {
        return trustStore;
    }

    /** The unlocked private key under that alias, or null. */
    PrivateKey privateKey(String alias) {
        return alias == null ? null : privateKeys.get(alias);
    }

    /** The expected plain-text password of a user, or null for an unknown user. */
    String password(String user) {
        return user == null ? null : users.get(user);
    }
}
