package org.soapbench.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyStore;
import java.security.KeyStoreException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.soapbench.core.keys.KeyMaterial;

/** The credentials a configuration is given: keys exactly where it signs, the same user everywhere. */
class CredentialsTest {

    @ParameterizedTest
    @EnumSource(SecurityMode.class)
    void keysAreGivenExactlyWhereTheModeSigns(SecurityMode mode) throws KeyStoreException {
        ClientCredentials client = ClientCredentials.standard(mode);
        ServerCredentials server = ServerCredentials.standard(mode);
        assertEquals(KeyMaterial.USERNAME, client.username());
        assertEquals(KeyMaterial.PASSWORD, client.password());
        assertEquals(KeyMaterial.PASSWORD, server.users().get(KeyMaterial.USERNAME));
        if (mode.signs()) {
            assertTrue(client.keyStore().isKeyEntry(client.keyAlias()), mode + ": the client's own key");
            assertNotNull(client.keyStore().getCertificate(client.serverAlias()), mode + ": the server's certificate");
            assertTrue(server.keyStore().isKeyEntry(server.keyAlias()), mode + ": the server's own key");
            assertEquals(1, client.trustStore().size(), mode + ": the CA");
        } else {
            for (KeyStore store : new KeyStore[] {client.keyStore(), client.trustStore(), server.keyStore(),
                    server.trustStore()}) {
                assertEquals(0, store.size(), mode + " neither signs nor encrypts, so it holds no key or certificate");
            }
        }
    }
}
