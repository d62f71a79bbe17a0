package org.soapbench.stack.axis2;

import java.security.KeyStore;
import java.util.Properties;
import org.apache.rampart.policy.model.CryptoConfig;
import org.apache.ws.security.components.crypto.Merlin;

/**
 * WSS4J's Merlin over key stores held in memory, for Rampart. Rampart builds a Crypto from the
 * properties of the RampartConfig's crypto element through WSS4J's CryptoFactory, which hands the
 * properties to this constructor; the key stores travel in them as objects, so nothing is written
 * to disk. Rampart caches the instance under a per-client (or per-server) key: one Crypto, built
 * once, serves every message.
 */
public final class KeyStoreCrypto extends Merlin {

    private static final String KEY_STORE = KeyStoreCrypto.class.getName() + ".keyStore";
    private static final String TRUST_STORE = KeyStoreCrypto.class.getName() + ".trustStore";
    /** The property whose (string) value Rampart's crypto cache is keyed by. */
    private static final String CACHE_KEY = KeyStoreCrypto.class.getName() + ".id";

    /** Called by WSS4J's CryptoFactory (constructor with Properties and ClassLoader). */
    public KeyStoreCrypto(Properties properties, ClassLoader loader) {
        setKeyStore((KeyStore) properties.get(KEY_STORE));
        setTrustStore((KeyStore) properties.get(TRUST_STORE));
    }

    /** A RampartConfig crypto element naming this class and carrying the stores, cached by Rampart. */
    static CryptoConfig config(KeyStore keyStore, KeyStore trustStore) {
        Properties properties = new Properties();
        properties.put(KEY_STORE, keyStore);
        properties.put(TRUST_STORE, trustStore);
        properties.put(CACHE_KEY, "soapbench-" + System.identityHashCode(properties) + "-" + System.nanoTime());
        CryptoConfig config = new CryptoConfig();
        config.setProvider(KeyStoreCrypto.class.getName());
        config.setProp(properties);
        // Rampart's crypto cache (on by default), keyed by a value unique to this client or server.
        config.setCacheEnabled(true);
        config.setCryptoKey(CACHE_KEY);
        return config;
    }
}
