package org.soapbench.stack.axis2;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.apache.neethi.Policy;
import org.apache.neethi.PolicyEngine;
import org.apache.rampart.policy.model.RampartConfig;
import org.apache.ws.security.handler.WSHandlerConstants;
import org.soapbench.core.contract.Contract;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.ServerCredentials;

/**
 * The policy Rampart enforces: the mode's shared WS-SecurityPolicy file from core, exactly as CXF
 * and Metro read it, plus the RampartConfig assertion Rampart needs beside it (who signs, whom to
 * encrypt for, which keys, timestamp limits). RampartConfig is built here, never written into the
 * shared files. Rampart takes the algorithm suite from the policy: Basic256Sha256 already gives
 * rsa-sha256 signatures in Rampart (the wire tests assert it), so nothing is overridden.
 */
final class RampartPolicies {

    private RampartPolicies() {
    }

    static Policy client(SecurityMode mode, ClientCredentials credentials) {
        RampartConfig config = common(credentials.timestampTtlSeconds());
        if (mode == SecurityMode.USERNAME) {
            config.setUser(credentials.username());
        }
        if (mode.signs()) {
            config.setUser(credentials.keyAlias());
            config.setEncryptionUser(credentials.serverAlias());
            config.setSigCryptoConfig(KeyStoreCrypto.config(credentials.keyStore(), credentials.trustStore()));
        }
        return withConfig(mode, config);
    }

    static Policy server(SecurityMode mode, ServerCredentials credentials) {
        RampartConfig config = common(ClientCredentials.STANDARD_TIMESTAMP_TTL_SECONDS);
        if (mode.signs()) {
            config.setUser(credentials.keyAlias());
            // Responses are encrypted for whoever signed the request.
            config.setEncryptionUser(WSHandlerConstants.USE_REQ_SIG_CERT);
            config.setSigCryptoConfig(KeyStoreCrypto.config(credentials.keyStore(), credentials.trustStore()));
        }
        return withConfig(mode, config);
    }

    /** What a Timestamp carries and what a receiver accepts, stated rather than left to Rampart's defaults. */
    private static RampartConfig common(int timestampTtlSeconds) {
        RampartConfig config = new RampartConfig();
        // Expires = Created + this (Rampart's default is 300 s, as every stack's here).
        config.setTimestampTTL(Integer.toString(timestampTtlSeconds));
        // Rampart's default (false) leaves expiry to its own results validator, which tolerates
        // timestampMaxSkew past Expires: an expired request would pass. Strict, WSS4J 1.6 refuses
        // an expired Timestamp outright, as WSS4J does in CXF.
        config.setTimeStampStrict("true");
        // Rampart's own check: Created at most 60 s ahead of the receiver's clock, WSS4J's future
        // limit (in CXF too); Rampart's default is 300 s.
        config.setTimestampMaxSkew("60");
        config.setTimestampPrecisionInMilliseconds("true");
        return config;
    }

    private static Policy withConfig(SecurityMode mode, RampartConfig config) {
        Policy rampart = new Policy();
        rampart.addPolicyComponent(config);
        return shared(mode).merge(rampart);
    }

    /** The mode's policy file, read by Neethi with the WS-SecurityPolicy 1.1 builders Rampart registers. */
    private static Policy shared(SecurityMode mode) {
        try (InputStream in = Contract.policy(mode).openStream()) {
            return PolicyEngine.getPolicy(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the '" + mode.id() + "' policy", e);
        }
    }
}
