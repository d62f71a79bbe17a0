package org.soapbench.stack.springws;

import java.security.KeyStore;
import java.util.Map;
import org.apache.wss4j.common.crypto.Crypto;
import org.apache.wss4j.common.crypto.Merlin;
import org.apache.wss4j.dom.handler.WSHandlerConstants;
import org.soapbench.core.contract.SecurityAlgorithms;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.ServerCredentials;
import org.springframework.ws.soap.security.wss4j2.Wss4jSecurityInterceptor;
import org.springframework.ws.soap.security.wss4j2.callback.KeyStoreCallbackHandler;
import org.springframework.ws.soap.security.wss4j2.callback.SimplePasswordValidationCallbackHandler;

/**
 * Spring-WS's WS-Security: one {@link Wss4jSecurityInterceptor} per client and per server, configured by
 * named actions to put on the wire exactly what the shared policy makes the policy-driven stacks put there
 * (the same algorithms, key sizes, parts, key references and timestamp lifetime), and to check on the way
 * in everything its action-driven validation can check. What that validation cannot check is named in
 * {@link SpringWsStack#unenforcedChecks()}.
 */
final class SpringWsSecurity {

    private static final String SOAP_BODY = "{}{http://schemas.xmlsoap.org/soap/envelope/}Body";
    private static final String TIMESTAMP = "{}{http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd}Timestamp";
    /** The policy's SignedParts (Body) with IncludeTimestamp: both signed, as whole elements. */
    private static final String SIGNED_PARTS = SOAP_BODY + ";" + TIMESTAMP;
    /** The policy's EncryptedParts: the Body's content, as WS-SecurityPolicy encrypts a part. */
    private static final String ENCRYPTED_PARTS = "{Content}{http://schemas.xmlsoap.org/soap/envelope/}Body";

    private SpringWsSecurity() {
    }

    /** Secures requests and checks responses, as a client of {@code mode}; null in plain. */
    static Wss4jSecurityInterceptor client(SecurityMode mode, ClientCredentials credentials) throws Exception {
        if (mode == SecurityMode.PLAIN) {
            return null;
        }
        Wss4jSecurityInterceptor security = common();
        switch (mode) {
            case USERNAME -> {
                security.setSecurementActions(WSHandlerConstants.USERNAME_TOKEN);
                security.setSecurementUsername(credentials.username());
                security.setSecurementPassword(credentials.password());
                // The policy's WssUsernameToken10 with a plain-text password: no nonce, no Created (as the others send).
                security.setSecurementPasswordType("PasswordText");
                security.setSecurementUsernameTokenNonce(false);
                security.setSecurementUsernameTokenCreated(false);
                // Responses are unsecured in this mode.
                security.setValidationActions(WSHandlerConstants.NO_SECURITY);
            }
            case SIGN, SIGN_ENCRYPT -> {
                String actions = actions(mode);
                security.setSecurementActions(actions);
                security.setValidationActions(actions);
                Crypto crypto = crypto(credentials.keyStore(), credentials.trustStore());
                // InitiatorToken, AlwaysToRecipient: the client's certificate travels as a BinarySecurityToken.
                sign(security, crypto, credentials.keyAlias(), "DirectReference");
                security.setSecurementTimeToLive(credentials.timestampTtlSeconds());
                // RecipientToken, RequireIssuerSerialReference: the server's certificate is named by issuer and serial.
                security.setSecurementEncryptionUser(credentials.serverAlias());
                encrypt(security, crypto, "IssuerSerial");
                validate(security, crypto);
            }
            default -> throw new IllegalStateException(mode.id());
        }
        security.afterPropertiesSet();
        return security;
    }

    /** Checks requests and secures responses, as a server of {@code mode}; null in plain. */
    static Wss4jSecurityInterceptor server(SecurityMode mode, ServerCredentials credentials) throws Exception {
        if (mode == SecurityMode.PLAIN) {
            return null;
        }
        Wss4jSecurityInterceptor security = common();
        switch (mode) {
            case USERNAME -> {
                security.setValidationActions(WSHandlerConstants.USERNAME_TOKEN);
                SimplePasswordValidationCallbackHandler users = new SimplePasswordValidationCallbackHandler();
                users.setUsersMap(Map.copyOf(credentials.users()));
                security.setValidationCallbackHandler(users);
                security.setSecurementActions(WSHandlerConstants.NO_SECURITY);
            }
            case SIGN, SIGN_ENCRYPT -> {
                String actions = actions(mode);
                security.setValidationActions(actions);
                security.setSecurementActions(actions);
                Crypto crypto = crypto(credentials.keyStore(), credentials.trustStore());
                validate(security, crypto);
                // RecipientToken, IncludeToken Never: the server's signature names its certificate by issuer and serial.
                sign(security, crypto, credentials.keyAlias(), "IssuerSerial");
                security.setSecurementTimeToLive(ClientCredentials.STANDARD_TIMESTAMP_TTL_SECONDS);
                // Responses are encrypted for whoever signed the request.
                security.setSecurementEncryptionUser(WSHandlerConstants.USE_REQ_SIG_CERT);
                encrypt(security, crypto, "IssuerSerial");
            }
            default -> throw new IllegalStateException(mode.id());
        }
        security.afterPropertiesSet();
        return security;
    }

    /**
     * Validation as strict as Wss4jSecurityInterceptor allows, each setting stated though most are its
     * defaults. It has no setting for the parts a signature must cover nor for the algorithms allowed.
     */
    private static Wss4jSecurityInterceptor common() {
        Wss4jSecurityInterceptor security = new Wss4jSecurityInterceptor();
        // Exactly the configured actions must have happened, no fewer and no others.
        security.setStrictActionChecking(true);
        // Expired Timestamps are refused (WSS4J checks Expires strictly), as in every stack here; Created may
        // be up to 300 s old and 60 s ahead, WSS4J's defaults, as under CXF.
        security.setTimestampStrict(true);
        security.setValidationTimeToLive(300);
        security.setFutureTimeToLive(60);
        // The Basic Security Profile's rules on, and RSA 1.5 key transport refused (only RSA-OAEP).
        security.setBspCompliant(true);
        security.setAllowRSA15KeyTransportAlgorithm(false);
        // No signature confirmation: the policy asks for none (Wss10 without it).
        security.setEnableSignatureConfirmation(false);
        // No replay cache is set (Spring-WS keeps none unless given one), as CXF's are off and Metro and
        // Rampart keep none for timestamps: every request carries a fresh Timestamp (docs/fairness.md).
        // Spring-WS's default: the checked Security header is removed from the DOM before the endpoint runs.
        security.setRemoveSecurityHeader(true);
        return security;
    }

    /** The policy's order: Timestamp, then the signature over Body and Timestamp, then the Body encrypted. */
    private static String actions(SecurityMode mode) {
        String signed = WSHandlerConstants.TIMESTAMP + " " + WSHandlerConstants.SIGNATURE;
        return mode == SecurityMode.SIGN_ENCRYPT ? signed + " " + WSHandlerConstants.ENCRYPTION : signed;
    }

    private static void sign(Wss4jSecurityInterceptor security, Crypto crypto, String alias, String keyIdentifier) {
        security.setSecurementSignatureUser(alias);
        // The private key's password, which WSS4J asks for when it signs.
        security.setSecurementPassword(KeyMaterial.KEY_PASSWORD);
        security.setSecurementSignatureCrypto(crypto);
        security.setSecurementSignatureKeyIdentifier(keyIdentifier);
        security.setSecurementSignatureAlgorithm(SecurityAlgorithms.SIGNATURE);
        security.setSecurementSignatureDigestAlgorithm(SecurityAlgorithms.DIGEST);
        security.setSecurementSignatureParts(SIGNED_PARTS);
    }

    private static void encrypt(Wss4jSecurityInterceptor security, Crypto crypto, String keyIdentifier) {
        security.setSecurementEncryptionCrypto(crypto);
        security.setSecurementEncryptionKeyIdentifier(keyIdentifier);
        security.setSecurementEncryptionSymAlgorithm(SecurityAlgorithms.DATA_ENCRYPTION);
        security.setSecurementEncryptionKeyTransportAlgorithm(SecurityAlgorithms.KEY_TRANSPORT);
        security.setSecurementEncryptionParts(ENCRYPTED_PARTS);
    }

    /** Verifies signatures against the trust store's CA, decrypts with the own key. */
    private static void validate(Wss4jSecurityInterceptor security, Crypto crypto) throws Exception {
        security.setValidationSignatureCrypto(crypto);
        security.setValidationDecryptionCrypto(crypto);
        KeyStoreCallbackHandler keys = new KeyStoreCallbackHandler();
        keys.setPrivateKeyPassword(KeyMaterial.KEY_PASSWORD);
        security.setValidationCallbackHandler(keys);
    }

    /** One Merlin over in-memory stores, built once per client or server: no per-message key loading. */
    private static Crypto crypto(KeyStore keyStore, KeyStore trustStore) {
        Merlin merlin = new Merlin();
        merlin.setKeyStore(keyStore);
        merlin.setTrustStore(trustStore);
        return merlin;
    }
}
