package org.soapbench.stack.metro;

import com.sun.xml.wss.impl.callback.KeyStoreCallback;
import com.sun.xml.wss.impl.callback.PasswordValidationCallback;
import com.sun.xml.wss.impl.callback.PrivateKeyCallback;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;

/**
 * The classes the Metro policy names in {@code sc:KeyStore}, {@code sc:TrustStore} and
 * {@code sc:ValidatorConfiguration} ({@link MetroWsdl}). Metro's own {@code DefaultCallbackHandler}
 * instantiates them once per security tube (public no-argument constructors) and does all the
 * WS-Security work itself; these only hand over core's in-memory keys and check passwords. Each
 * takes its keys once, at construction, from the container current at that moment. Public, since
 * Metro instantiates them reflectively.
 */
public final class MetroCallbacks {

    private MetroCallbacks() {
    }

    /** The key store, and the private key of an alias (already unlocked: no per-message key reading). */
    public static final class KeyStoreHandler implements CallbackHandler {
        private final MetroKeys keys = MetroKeys.current();

        @Override
        public void handle(Callback[] callbacks) throws UnsupportedCallbackException {
            for (Callback c : callbacks) {
                if (c instanceof KeyStoreCallback ks) {
                    ks.setKeystore(keys.keyStore());
                } else if (c instanceof PrivateKeyCallback pk) {
                    pk.setKey(keys.privateKey(pk.getAlias()));
                } else {
                    throw new UnsupportedCallbackException(c);
                }
            }
        }
    }

    /** The trust store Metro validates the peer's certificate against (and finds it in, by alias or issuer/serial). */
    public static final class TrustStoreHandler implements CallbackHandler {
        private final MetroKeys keys = MetroKeys.current();

        @Override
        public void handle(Callback[] callbacks) throws UnsupportedCallbackException {
            for (Callback c : callbacks) {
                if (c instanceof KeyStoreCallback ks) {
                    ks.setKeystore(keys.trustStore());
                } else {
                    throw new UnsupportedCallbackException(c);
                }
            }
        }
    }

    /**
     * Checks a plain-text UsernameToken password against the server's users: Metro itself only asks
     * this validator, so the comparison must really happen here. An unknown user or a wrong
     * password is refused (Metro then faults the request); digests are not accepted at all.
     */
    public static final class UserValidator implements PasswordValidationCallback.PasswordValidator {
        private final MetroKeys keys = MetroKeys.current();

        @Override
        public boolean validate(PasswordValidationCallback.Request request) {
            if (!(request instanceof PasswordValidationCallback.PlainTextPasswordRequest plain)) {
                return false;
            }
            String expected = keys.password(plain.getUsername());
            return expected != null && plain.getPassword() != null
                    && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                            plain.getPassword().getBytes(StandardCharsets.UTF_8));
        }
    }
}
