package org.soapbench.bench;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SecurityMode;

/**
 * The bad requests (and responses) every secured server (and client) must refuse. Each says which
 * modes it applies to, how the client is set up, how the pipe tampers, and which side must refuse.
 */
enum Attack {
    /** username: the right user with a wrong password. */
    WRONG_PASSWORD(EnumSet.of(SecurityMode.USERNAME)) {
        @Override
        ClientCredentials credentials(KeyMaterial keys) {
            return ClientCredentials.standard(keys).withPassword("not-" + KeyMaterial.PASSWORD);
        }
    },
    /** username: the UsernameToken removed from the request. */
    MISSING_USERNAME_TOKEN(EnumSet.of(SecurityMode.USERNAME)) {
        @Override
        UnaryOperator<Pipe> pipe() {
            return Tampering.requests(Tampering.document(Tampering::removeUsernameToken));
        }
    },
    /** sign: one digit of the signed Body changed after signing. */
    BODY_CHANGED(EnumSet.of(SecurityMode.SIGN)) {
        @Override
        UnaryOperator<Pipe> pipe() {
            return Tampering.requests(Tampering.document(Tampering::changeOnePayloadDigit));
        }
    },
    /** sign, signencr: the Timestamp's Expires moved after signing. */
    EXPIRES_CHANGED(EnumSet.of(SecurityMode.SIGN, SecurityMode.SIGN_ENCRYPT)) {
        @Override
        UnaryOperator<Pipe> pipe() {
            return Tampering.requests(Tampering.document(Tampering::extendExpires));
        }
    },
    /** sign, signencr: the ds:Signature removed. */
    SIGNATURE_REMOVED(EnumSet.of(SecurityMode.SIGN, SecurityMode.SIGN_ENCRYPT)) {
        @Override
        UnaryOperator<Pipe> pipe() {
            return Tampering.requests(Tampering.document(Tampering::removeSignature));
        }
    },
    /** sign, signencr: signed with a key whose certificate a CA the server does not trust issued. */
    UNTRUSTED_KEY(EnumSet.of(SecurityMode.SIGN, SecurityMode.SIGN_ENCRYPT)) {
        @Override
        ClientCredentials credentials(KeyMaterial keys) {
            return ClientCredentials.standard(keys).withKeyStore(keys.strangerKeyStore());
        }
    },
    /**
     * sign, signencr: a Timestamp valid for 1 s, delivered after 1.5 s. Expires is at most 1 s after the request was
     * written and every stack refuses once it has passed (Metro with its clock skew set to 0), so half a second is
     * margin; 56 configurations wait for it in CI.
     */
    EXPIRED_TIMESTAMP(EnumSet.of(SecurityMode.SIGN, SecurityMode.SIGN_ENCRYPT)) {
        @Override
        ClientCredentials credentials(KeyMaterial keys) {
            return ClientCredentials.standard(keys).withTimestampTtlSeconds(1);
        }

        @Override
        UnaryOperator<Pipe> pipe() {
            return Tampering.delayed(1_500);
        }
    },
    /** signencr: a signed but unencrypted Body (a {@code sign} client) sent to the encrypting endpoint. */
    PLAIN_BODY(EnumSet.of(SecurityMode.SIGN_ENCRYPT)) {
        @Override
        Scenario clientScenario(Scenario server) {
            return new Scenario(SecurityMode.SIGN, server.encoding());
        }
    },
    /** signencr: one character of the Body's ciphertext changed. */
    CIPHERTEXT_CHANGED(EnumSet.of(SecurityMode.SIGN_ENCRYPT)) {
        @Override
        UnaryOperator<Pipe> pipe() {
            return Tampering.requests(Tampering.document(Tampering::alterCiphertext));
        }
    },
    /** Response direction, sign: one digit of the signed response Body changed; the client must refuse. */
    RESPONSE_BODY_CHANGED(EnumSet.of(SecurityMode.SIGN)) {
        @Override
        UnaryOperator<Pipe> pipe() {
            return Tampering.responses(Tampering.document(Tampering::changeOnePayloadDigit));
        }

        @Override
        boolean refusedByClient() {
            return true;
        }
    },
    /** Response direction, signencr: the response's ciphertext changed; the client must refuse. */
    RESPONSE_CIPHERTEXT_CHANGED(EnumSet.of(SecurityMode.SIGN_ENCRYPT)) {
        @Override
        UnaryOperator<Pipe> pipe() {
            return Tampering.responses(Tampering.document(Tampering::alterCiphertext));
        }

        @Override
        boolean refusedByClient() {
            return true;
        }
    };

    private final Set<SecurityMode> modes;

    Attack(Set<SecurityMode> modes) {
        this.modes = modes;
    }

    boolean appliesTo(SecurityMode mode) {
        return modes.contains(mode);
    }

    ClientCredentials credentials(KeyMaterial keys) {
        return ClientCredentials.standard(keys);
    }

    UnaryOperator<Pipe> pipe() {
        return UnaryOperator.identity();
    }

    Scenario clientScenario(Scenario server) {
        return server;
    }

    /** True when the attack targets the response, so the client, not the server, must refuse. */
    boolean refusedByClient() {
        return false;
    }
}
