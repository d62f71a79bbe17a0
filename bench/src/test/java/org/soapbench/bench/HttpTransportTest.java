package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.dataset.SeismicDataset;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SeismicClient;
import org.soapbench.core.spi.SeismicServer;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.ServerCredentials;
import org.soapbench.core.spi.SoapStack;
import org.soapbench.core.spi.StackUnavailableException;
import org.soapbench.core.spi.Transport;
import org.soapbench.core.wire.HttpRelay;
import org.soapbench.core.wire.LoopbackHttp;

/**
 * The http transport's promises: every stack's server listens on 127.0.0.1 only, and nothing of it
 * listens once it is closed; a stack without http fails at setup with one sentence. Listening sockets
 * are read from Linux's /proc (those of this JVM: the socket inodes among its file descriptors).
 */
class HttpTransportTest {

    static List<String> httpStacks() {
        return Configurations.soapStacks().stream().filter(id -> Configurations.declares(id, Transport.HTTP)).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("httpStacks")
    void serverListensOnLoopbackOnlyAndStopsAtClose(String stackId) throws IOException {
        assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "needs Linux's /proc/net/tcp");
        SeismicDataset dataset = SeismicDataset.standard();
        QuerySet small = QuerySet.small(dataset);
        Map<Long, InetAddress> before = listening();
        URI address;
        Map<Long, InetAddress> opened = new TreeMap<>();
        try (Loopback loopback = SelfLoopback.open(Transport.HTTP, Stacks.load(stackId), Scenario.of("plain", "xml"),
                KeyMaterial.shared(), new SeismicService(dataset))) {
            address = loopback.server().address();
            assertEquals(LoopbackHttp.HOST, address.getHost(), stackId + ": server address " + address);
            assertEquals(small.answer(0), loopback.client().query(small.query(0)));
            listening().forEach((inode, local) -> {
                if (!before.containsKey(inode)) {
                    opened.put(inode, local);
                }
            });
            assertFalse(opened.isEmpty(), stackId + ": no new listening socket found for " + address);
            opened.forEach((inode, local) -> assertTrue(local.isLoopbackAddress() && local.getHostAddress().equals(LoopbackHttp.HOST),
                    stackId + ": a socket listens on " + local.getHostAddress() + ", beyond " + LoopbackHttp.HOST));
        }
        Set<Long> still = new HashSet<>(listening().keySet());
        still.retainAll(opened.keySet());
        assertTrue(still.isEmpty(), stackId + ": still listening after close: " + still);
        assertFalse(LoopbackHttp.reachable(address), stackId + ": " + address + " still accepts connections after close");
    }

    /**
     * The client settings of docs/http.md, seen on the connection: HTTP/1.1 and a Content-Length on every
     * request, none chunked (a signencr request is above CXF's 4 KB chunking threshold).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("httpStacks")
    void clientSendsHttp11RequestsWithAContentLength(String stackId) {
        SeismicDataset dataset = SeismicDataset.standard();
        QuerySet large = QuerySet.large(dataset);
        KeyMaterial keys = KeyMaterial.shared();
        Scenario scenario = Scenario.of("signencr", "xml");
        SoapStack stack = Stacks.load(stackId);
        try (SeismicServer server = stack.openHttpServer(scenario, ServerCredentials.standard(keys), new SeismicService(dataset));
             HttpRelay relay = HttpRelay.start(Pipe.to(server.endpoint()));
             SeismicClient client = stack.openHttpClient(scenario, ClientCredentials.standard(keys), relay.address())) {
            assertEquals(large.answer(1), client.query(large.query(1)));
            assertEquals(large.answer(2), client.query(large.query(2)));
            assertEquals(Set.of("HTTP/1.1 Content-Length"), relay.requestFramings(), stackId);
        }
    }

    @Test
    void aStackWithoutHttpFailsAtSetupWithOneSentence() {
        StackUnavailableException e = assertThrows(StackUnavailableException.class, () -> SelfLoopback.open(Transport.HTTP,
                Stacks.load(Floor.STACK), Scenario.of("plain", "xml"), KeyMaterial.shared(),
                new SeismicService(SeismicDataset.standard())));
        assertEquals("Stack '" + Floor.STACK + "' cannot run configuration plain/xml over http: it has no http transport.",
                e.getMessage());
    }

    @Test
    void transportIdsParseAndAnUnknownOneIsNamed() {
        assertEquals(Transport.HTTP, Transport.of("http"));
        assertEquals("Unknown transport 'tcp'; valid transports are: pipe, http.",
                assertThrows(IllegalArgumentException.class, () -> Transport.of("tcp")).getMessage());
    }

    /** This JVM's listening TCP sockets, by inode, with their local address. */
    private static Map<Long, InetAddress> listening() throws IOException {
        Set<Long> own = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String link = Files.readSymbolicLink(fd).toString();
                    if (link.startsWith("socket:[")) {
                        own.add(Long.parseLong(link.substring(8, link.length() - 1)));
                    }
                } catch (IOException e) {
                    // closed meanwhile
                }
            }
        }
        Map<Long, InetAddress> sockets = new TreeMap<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path path = Path.of(table);
            if (!Files.isReadable(path)) {
                continue;
            }
            List<String> lines = Files.readAllLines(path);
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                long inode = Long.parseLong(f[9]);
                if (f[3].equals("0A") && own.contains(inode)) {
                    sockets.put(inode, address(f[1].split(":")[0]));
                }
            }
        }
        return sockets;
    }

    /** /proc's hex address: 32-bit words, each in the kernel's (little-endian) byte order. */
    private static InetAddress address(String hex) throws IOException {
        byte[] bytes = new byte[hex.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int b = 0; b < 4; b++) {
                int at = word * 8 + (3 - b) * 2;
                bytes[word * 4 + b] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        return InetAddress.getByAddress(bytes);
    }
}
