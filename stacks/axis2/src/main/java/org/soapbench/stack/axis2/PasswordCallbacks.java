package org.soapbench.stack.axis2;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;
import org.apache.ws.security.WSConstants;
import org.apache.ws.security.WSPasswordCallback;
import org.soapbench.core.keys.KeyMaterial;

/** The passwords Rampart asks for: private keys on both sides, the user's on the client, users on the server. */
final class PasswordCallbacks {

    private PasswordCallbacks() {
    }

    /** The client's: its UsernameToken password and its private key's. */
    static CallbackHandler client(String username, String password) {
        return callbacks -> {
            for (Callback c : callbacks) {
                WSPasswordCallback pc = passwordCallback(c);
                if (pc.getUsage() == WSPasswordCallback.USERNAME_TOKEN && username.equals(pc.getIdentifier())) {
                    pc.setPassword(password);
                } else if (isKeyUsage(pc)) {
                    pc.setPassword(KeyMaterial.KEY_PASSWORD);
                }
            }
        };
    }

    /**
     * The server's: its private key's password, and the check of a UsernameToken. For a plain-text
     * password (or one of no declared type) Rampart hands over the received password and leaves the
     * check to this handler (RampartUsernameTokenValidator), so it compares, and refuses a wrong or
     * missing password and an unknown user; only for a digest does WSS4J ask for the expected
     * password and compare itself.
     */
    static CallbackHandler server(Map<String, String> users) {
        return callbacks -> {
            for (Callback c : callbacks) {
                WSPasswordCallback pc = passwordCallback(c);
                if (pc.getUsage() == WSPasswordCallback.USERNAME_TOKEN) {
                    String expected = users.get(pc.getIdentifier());
                    if (expected == null) {
                        throw new IOException("Unknown user.");
                    }
                    if (WSConstants.PASSWORD_DIGEST.equals(pc.getType())) {
                        pc.setPassword(expected);
                    } else if (pc.getPassword() == null || !MessageDigest.isEqual(
                            expected.getBytes(StandardCharsets.UTF_8), pc.getPassword().getBytes(StandardCharsets.UTF_8))) {
                        throw new IOException("Wrong password.");
                    }
                } else if (isKeyUsage(pc)) {
                    pc.setPassword(KeyMaterial.KEY_PASSWORD);
                } else {
                    throw new UnsupportedCallbackException(c, "Unexpected password request, usage " + pc.getUsage());
                }
            }
        };
    }

    private static boolean isKeyUsage(WSPasswordCallback pc) {
        return pc.getUsage() == WSPasswordCallback.SIGNATURE || pc.getUsage() == WSPasswordCallback.DECRYPT;
    }

    private static WSPasswordCallback passwordCallback(Callback c) throws UnsupportedCallbackException {
        if (c instanceof WSPasswordCallback pc) {
            return pc;
        }
        throw new UnsupportedCallbackException(c);
    }
}
