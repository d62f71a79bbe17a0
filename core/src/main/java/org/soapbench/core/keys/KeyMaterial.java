package org.soapbench.core.keys;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEParameterSpec;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

/**
 * Ephemeral RSA-2048 key material for the benchmarks, generated at run time with the JDK alone and
 * never written anywhere:
 * <ul>
 *   <li>a trusted CA, {@code CN=soapbench-ca, O=soapbench}, with the identities {@link #server()}
 *       ({@code CN=soapbench-server}) and {@link #client()} ({@code CN=soapbench-client}) issued by it;</li>
 *   <li>an untrusted CA, {@code CN=soapbench-rogue-ca}, with the identity {@link #stranger()}: an impostor
 *       with the client's name and alias, whose signatures a server must refuse.</li>
 * </ul>
 * Keystores are built fresh on each call, in memory, as PKCS12.
 */
public final class KeyMaterial {

    /** Protects the private-key entries of the keystores built here. Not a secret: the keys are ephemeral. */
    public static final String KEY_PASSWORD = "soapbench-key";
    /** The WS-Security UsernameToken user the services accept. */
    public static final String USERNAME = "alice";
    /** The WS-Security UsernameToken password of {@link #USERNAME}. Not a secret: test services only. */
    public static final String PASSWORD = "soapbench-password";

    /** The alias of the CA certificate in {@link #trustStore()}. */
    public static final String CA_ALIAS = "ca";
    public static final String SERVER_ALIAS = "server";
    public static final String CLIENT_ALIAS = "client";

    private static final String ORGANIZATION = "soapbench";
    private static final String CN_PREFIX = "soapbench-";
    private static final int KEY_SIZE = 2048;
    private static final String KEY_PROTECTION_ALGORITHM = "PBEWithHmacSHA256AndAES_256";
    private static final Duration BACKDATE = Duration.ofDays(1);
    private static final int VALID_YEARS = 2;

    private final X509Certificate caCertificate;
    private final Identity server;
    private final Identity client;
    private final Instant notBefore;
    private final Instant notAfter;
    /** The rogue CA and its stranger, generated on first use: only tests of refusal need them. */
    private Impostor impostor;

    private record Impostor(X509Certificate rogueCaCertificate, Identity stranger) {
    }

    private KeyMaterial(X509Certificate caCertificate, Identity server, Identity client,
                        Instant notBefore, Instant notAfter) {
        this.caCertificate = caCertificate;
        this.server = server;
        this.client = client;
        this.notBefore = notBefore;
        this.notAfter = notAfter;
    }

    /**
     * Generates fresh material: three RSA-2048 key pairs (generated in parallel) and their certificates;
     * the rogue CA's and the stranger's two more on the first call that asks for them. On one CPU each
     * pair takes about a fifth of a second, which every benchmark fork that signs pays at setup.
     */
    public static KeyMaterial generate() {
        SecureRandom random = new SecureRandom();
        List<KeyPair> keys = generateKeyPairs(3, random);
        KeyPair caKeys = keys.get(0);
        KeyPair serverKeys = keys.get(1);
        KeyPair clientKeys = keys.get(2);

        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Instant notBefore = now.minus(BACKDATE);
        Instant notAfter = now.atZone(ZoneOffset.UTC).plusYears(VALID_YEARS).toInstant();
        X509CertificateWriter writer = new X509CertificateWriter(random);
        try {
            X509Certificate ca = writer.selfSignedCa(CN_PREFIX + "ca", ORGANIZATION, caKeys, notBefore, notAfter);
            Identity server = endEntity(writer, SERVER_ALIAS, CN_PREFIX + "server", serverKeys,
                    ca, caKeys, notBefore, notAfter);
            Identity client = endEntity(writer, CLIENT_ALIAS, CN_PREFIX + "client", clientKeys,
                    ca, caKeys, notBefore, notAfter);
            return new KeyMaterial(ca, server, client, notBefore, notAfter);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot issue certificates", e);
        }
    }

    private synchronized Impostor impostor() {
        if (impostor == null) {
            SecureRandom random = new SecureRandom();
            List<KeyPair> keys = generateKeyPairs(2, random);
            KeyPair rogueCaKeys = keys.get(0);
            X509CertificateWriter writer = new X509CertificateWriter(random);
            try {
                X509Certificate rogueCa = writer.selfSignedCa(CN_PREFIX + "rogue-ca", ORGANIZATION, rogueCaKeys,
                        notBefore, notAfter);
                Identity stranger = endEntity(writer, CLIENT_ALIAS, CN_PREFIX + "client", keys.get(1),
                        rogueCa, rogueCaKeys, notBefore, notAfter);
                impostor = new Impostor(rogueCa, stranger);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("cannot issue certificates", e);
            }
        }
        return impostor;
    }

    /** One instance per JVM, generated on first use (RSA key generation is slow). */
    public static KeyMaterial shared() {
        return Shared.INSTANCE;
    }

    private static final class Shared {
        static final KeyMaterial INSTANCE = generate();
    }

    /** The trusted CA, {@code CN=soapbench-ca}, issuer of {@link #server()} and {@link #client()}. */
    public X509Certificate caCertificate() {
        return caCertificate;
    }

    /** The untrusted CA, {@code CN=soapbench-rogue-ca}, issuer of {@link #stranger()}. */
    public X509Certificate rogueCaCertificate() {
        return impostor().rogueCaCertificate();
    }

    /** Alias {@code server}, {@code CN=soapbench-server}, issued by the trusted CA. */
    public Identity server() {
        return server;
    }

    /** Alias {@code client}, {@code CN=soapbench-client}, issued by the trusted CA. */
    public Identity client() {
        return client;
    }

    /** Alias {@code client}, {@code CN=soapbench-client} as well, but issued by the untrusted rogue CA. */
    public Identity stranger() {
        return impostor().stranger();
    }

    /**
     * A new in-memory PKCS12 keystore holding {@code own} as a private-key entry (under its alias, with its
     * chain, protected by {@link #KEY_PASSWORD}) and each peer certificate as a trusted-certificate entry
     * under an alias derived from its CN ({@code soapbench-server} becomes {@code server}).
     */
    public KeyStore keyStore(Identity own, X509Certificate... trustedPeers) {
        KeyStore store = emptyStore();
        try {
            store.setEntry(own.alias(), new KeyStore.PrivateKeyEntry(own.privateKey(), own.chain()), keyProtection());
            for (X509Certificate peer : trustedPeers) {
                String alias = aliasOf(peer);
                if (store.containsAlias(alias)) {
                    throw new IllegalArgumentException("alias " + alias + " is already taken in this keystore");
                }
                store.setCertificateEntry(alias, peer);
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot fill an in-memory keystore", e);
        }
        return store;
    }

    /** A new in-memory PKCS12 keystore with the trusted CA certificate only, under alias {@code ca}. */
    public KeyStore trustStore() {
        KeyStore store = emptyStore();
        try {
            store.setCertificateEntry(CA_ALIAS, caCertificate);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot fill an in-memory keystore", e);
        }
        return store;
    }

    /** The client's key and chain, and the server's certificate as trusted: {@code client}, {@code server}. */
    public KeyStore clientKeyStore() {
        return keyStore(client, server.certificate());
    }

    /** The server's key and chain, and the client's certificate as trusted: {@code server}, {@code client}. */
    public KeyStore serverKeyStore() {
        return keyStore(server, client.certificate());
    }

    /** The impostor's key and rogue chain under alias {@code client}, and the server's certificate. */
    public KeyStore strangerKeyStore() {
        return keyStore(stranger(), server.certificate());
    }

    private static Identity endEntity(X509CertificateWriter writer, String alias, String commonName, KeyPair keys,
                                      X509Certificate ca, KeyPair caKeys, Instant notBefore, Instant notAfter)
            throws GeneralSecurityException {
        X509Certificate certificate = writer.issue(commonName, ORGANIZATION, keys.getPublic(), false,
                ca, caKeys.getPrivate(), notBefore, notAfter);
        return new Identity(alias, keys.getPrivate(), certificate, new X509Certificate[] {certificate, ca});
    }

    private static List<KeyPair> generateKeyPairs(int count, SecureRandom random) {
        List<CompletableFuture<KeyPair>> futures = IntStream.range(0, count)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> generateKeyPair(random)))
                .collect(Collectors.toList());
        try {
            return futures.stream().map(CompletableFuture::join).collect(Collectors.toList());
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    private static KeyPair generateKeyPair(SecureRandom random) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(KEY_SIZE, random);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA key generation is required of every JDK", e);
        }
    }

    /**
     * PBES2 (PBKDF2-HmacSHA256, AES-256-CBC) with a single iteration. By default the JDK protects a PKCS12 key
     * entry with 10,000 iterations, and {@link KeyStore#getKey} re-derives the key on every call: about 2 ms, more
     * than an RSA-2048 signature costs, which stacks such as WSS4J's Merlin would pay on every message they sign
     * or decrypt. The keys are ephemeral and the password is public, so there is nothing to stretch.
     */
    private static KeyStore.PasswordProtection keyProtection() {
        SecureRandom random = new SecureRandom();
        byte[] salt = new byte[16];
        byte[] iv = new byte[16];
        random.nextBytes(salt);
        random.nextBytes(iv);
        return new KeyStore.PasswordProtection(KEY_PASSWORD.toCharArray(), KEY_PROTECTION_ALGORITHM,
                new PBEParameterSpec(salt, 1, new IvParameterSpec(iv)));
    }

    /** A new in-memory PKCS12 keystore with no entry: what a party that neither signs nor encrypts holds. */
    public static KeyStore emptyStore() {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            return store;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot create an in-memory PKCS12 keystore", e);
        }
    }

    /** The CN of the certificate's subject, without the {@code soapbench-} prefix. */
    static String aliasOf(X509Certificate certificate) {
        try {
            LdapName name = new LdapName(certificate.getSubjectX500Principal().getName());
            for (Rdn rdn : name.getRdns()) {
                if (rdn.getType().equalsIgnoreCase("CN")) {
                    String cn = rdn.getValue().toString();
                    return cn.startsWith(CN_PREFIX) ? cn.substring(CN_PREFIX.length()) : cn;
                }
            }
        } catch (InvalidNameException e) {
            throw new IllegalArgumentException("unparsable subject: " + certificate.getSubjectX500Principal(), e);
        }
        throw new IllegalArgumentException("no CN in " + certificate.getSubjectX500Principal());
    }
}
