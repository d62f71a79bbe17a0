package org.soapbench.core.contract;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiPredicate;
import org.soapbench.core.spi.SecurityMode;

/**
 * Counts the requests a secured server accepted after really checking them (what its
 * {@code securedRequestsAccepted()} reports): each stack's hook, run after its security processing
 * and just before the service, offers every request with what its security engine proves it did, and
 * the request counts when that proves every check the mode requires. Refused requests never reach
 * the hook; a plain mode counts nothing. One counter for every stack: only reading the proof is a
 * stack's own (WSS4J's results, or the requester's Subject).
 */
public final class AcceptedSecurityCounter {

    /** What a mode's security processing must prove it did to a request. */
    public enum Check {
        /** An authenticated UsernameToken. */
        USERNAME_TOKEN,
        /** A Timestamp within its lifetime. */
        TIMESTAMP,
        /** A verified signature. */
        SIGNATURE,
        /** A decrypted body. */
        ENCRYPTION
    }

    /** An array, not a set: {@link #offer} runs on every measured request, and walks it without allocating. */
    private final Check[] required;
    private final LongAdder accepted = new LongAdder();

    public AcceptedSecurityCounter(SecurityMode mode) {
        required = switch (mode) {
            case PLAIN -> new Check[0];
            case USERNAME -> new Check[] {Check.USERNAME_TOKEN};
            case SIGN -> new Check[] {Check.TIMESTAMP, Check.SIGNATURE};
            case SIGN_ENCRYPT -> new Check[] {Check.TIMESTAMP, Check.SIGNATURE, Check.ENCRYPTION};
        };
    }

    /** Whether the mode requires any check: a hook need not read a plain request's proof. */
    public boolean counts() {
        return required.length > 0;
    }

    /**
     * Counts a request when its {@code proof} (the engine's results for it, or null where there are
     * none) {@code proves} every check its mode requires.
     */
    public <T> void offer(T proof, BiPredicate<T, Check> proves) {
        if (required.length == 0 || proof == null) {
            return;
        }
        for (Check check : required) {
            if (!proves.test(proof, check)) {
                return;
            }
        }
        accepted.increment();
    }

    public long accepted() {
        return accepted.sum();
    }
}
