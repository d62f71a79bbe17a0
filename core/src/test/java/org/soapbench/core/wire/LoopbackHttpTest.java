package org.soapbench.core.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The JDK server of the http transport listens on 127.0.0.1 only and sends without delay. */
class LoopbackHttpTest {

    @Test
    void theJdkServerIsBoundToLoopbackAndSendsWithoutDelay() {
        LoopbackHttp.JdkServer server = LoopbackHttp.JdkServer.create("test-http", "The test server");
        try {
            assertTrue(server.server().getAddress().getAddress().isLoopbackAddress(), server.server().getAddress().toString());
            // Off, every response waits on the client's delayed ACK (40 ms a call): see LoopbackHttp.NODELAY.
            assertEquals("true", System.getProperty(LoopbackHttp.NODELAY));
        } finally {
            server.stop();
        }
    }
}
