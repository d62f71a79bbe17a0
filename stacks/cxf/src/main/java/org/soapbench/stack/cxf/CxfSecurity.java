package org.soapbench.stack.cxf;

import java.security.KeyStore;
import java.util.HashMap;
import java.util.Map;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;
import org.apache.cxf.ws.security.SecurityConstants;
import org.apache.wss4j.common.crypto.Crypto;
import org.apache.wss4j.common.crypto.Merlin;
import org.apache.wss4j.common.ext.WSPasswordCallback;
import org.apache.wss4j.dom.handler.WSHandlerConstants;
import org.soapbench.core.contract.SecurityAlgorithms;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.ServerCredentials;

/**
 * The WS-Security settings CXF needs beside the shared policy: keys, passwords, and the settings
 * where CXF's defaults differ from the other stacks'. WSS4J's DOM engine does the work (CXF's
 * default; streaming security stays off).
 */
final class CxfSecurity {

    private CxfSecurity() {
    }

    static Map<String, Object> client(SecurityMode mode, ClientCredentials credentials) {
        Map<String, Object> p = common();
        if (mode == SecurityMode.USERNAME) {
            p.put(SecurityConstants.USERNAME, credentials.username());
            p.put(SecurityConstants.PASSWORD, credentials.password());
        }
        if (mode.signs()) {
            Crypto crypto = crypto(credentials.keyStore(), credentials.trustStore());
            p.put(SecurityConstants.SIGNATURE_CRYPTO, crypto);
            p.put(SecurityConstants.ENCRYPT_CRYPTO, crypto);
            p.put(SecurityConstants.SIGNATURE_USERNAME, credentials.keyAlias());
            p.put(SecurityConstants.ENCRYPT_USERNAME, credentials.serverAlias());
            p.put(SecurityConstants.CALLBACK_HANDLER, keyPasswords());
            // How long the client's Timestamps live (Expires - Created).
            p.put(SecurityConstants.TIMESTAMP_TTL, Integer.toString(credentials.timestampTtlSeconds()));
        }
        return p;
    }

    static Map<String, Object> server(SecurityMode mode, ServerCredentials credentials) {
        Map<String, Object> p = common();
        if (mode == SecurityMode.USERNAME) {
            p.put(SecurityConstants.CALLBACK_HANDLER, users(credentials.users()));
        }
        if (mode.signs()) {
            Crypto crypto = crypto(credentials.keyStore(), credentials.trustStore());
            p.put(SecurityConstants.SIGNATURE_CRYPTO, crypto);
            p.put(SecurityConstants.ENCRYPT_CRYPTO, crypto);
            p.put(SecurityConstants.SIGNATURE_USERNAME, credentials.keyAlias());
            // Responses are encrypted for whoever signed the request.
            p.put(SecurityConstants.ENCRYPT_USERNAME, WSHandlerConstants.USE_REQ_SIG_CERT);
            p.put(SecurityConstants.CALLBACK_HANDLER, keyPasswords());
        }
        return p;
    }

    private static Map<String, Object> common() {
        Map<String, Object> p = new HashMap<>();
        // Basic256Sha256 alone gives rsa-sha1 signatures in CXF; the project's one suite is rsa-sha256.
        p.put(SecurityConstants.ASYMMETRIC_SIGNATURE_ALGORITHM, SecurityAlgorithms.SIGNATURE);
        // No replay caches: Metro and Rampart keep none for timestamps either, and each request
        // carries a fresh Timestamp, so a cache would only add CXF-only work (docs/fairness.md).
        p.put(SecurityConstants.ENABLE_TIMESTAMP_CACHE, "false");
        p.put(SecurityConstants.ENABLE_NONCE_CACHE, "false");
        return p;
    }

    /** One Merlin over in-memory stores, built once per client or server: no per-message key loading. */
    private static Crypto crypto(KeyStore keyStore, KeyStore trustStore) {
        Merlin merlin = new Merlin();
        merlin.setKeyStore(keyStore);
        merlin.setTrustStore(trustStore);
        return merlin;
    }

    private static CallbackHandler keyPasswords() {
        return callbacks -> {
            for (Callback c : callbacks) {
                if (c instanceof WSPasswordCallback pc
                        && (pc.getUsage() == WSPasswordCallback.SIGNATURE || pc.getUsage() == WSPasswordCallback.DECRYPT)) {
                    pc.setPassword(KeyMaterial.KEY_PASSWORD);
                }
            }
        };
    }

    /** WSS4J asks for the expected password of a user and compares it itself; unknown users get none. */
    private static CallbackHandler users(Map<String, String> users) {
        return callbacks -> {
            for (Callback c : callbacks) {
                if (!(c instanceof WSPasswordCallback pc)) {
                    throw new UnsupportedCallbackException(c);
                }
                if (pc.getUsage() == WSPasswordCallback.USERNAME_TOKEN) {
                    String password = users.get(pc.getIdentifier());
                    if (password != null) {
                        pc.setPassword(password);
                    }
                }
            }
        };
    }
}
