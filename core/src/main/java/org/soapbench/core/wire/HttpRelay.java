package org.soapbench.core.wire;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.WireMessage;

/**
 * For tests over {@code http}: an HTTP server on 127.0.0.1 between a stack's HTTP client and its
 * HTTP server, which turns each request it receives into a {@link WireMessage}, hands it to a
 * (decorated) pipe that posts it on to the real server, and answers with what came back. So the
 * pipe decorators (capture, tampering) see the bytes as they crossed the loopback connection, and
 * the same wire, enforcement and interop tests run over both transports. It also notes how each
 * request was framed (protocol version, chunked or not), for tests of the clients' settings.
 * Never on a measured path.
 */
public final class HttpRelay implements AutoCloseable {

    private final LoopbackHttp.JdkServer server;
    private final URI address;
    private final Set<String> framings = ConcurrentHashMap.newKeySet();
    private volatile Throwable failure;

    private HttpRelay(LoopbackHttp.JdkServer server) {
        this.server = server;
        this.address = server.address();
    }

    /** Starts a relay on an ephemeral port of 127.0.0.1 whose every request goes through {@code pipe}. */
    public static HttpRelay start(Pipe pipe) {
        // Concurrent clients must not queue behind each other in the relay.
        LoopbackHttp.JdkServer server = LoopbackHttp.JdkServer.create("soapbench-http-relay", "The test relay");
        HttpRelay relay = new HttpRelay(server);
        server.server().createContext(LoopbackHttp.PATH, relay.new Handler(pipe));
        server.server().start();
        return relay;
    }

    private final class Handler implements com.sun.net.httpserver.HttpHandler {
        private final Pipe pipe;

        Handler(Pipe pipe) {
            this.pipe = pipe;
        }

        @Override
        public void handle(HttpExchange exchange) throws IOException {
            String chunked = exchange.getRequestHeaders().getFirst("Transfer-Encoding");
            framings.add(exchange.getProtocol() + (chunked != null ? " chunked" : " Content-Length"));
            relay(pipe, exchange);
        }
    }

    private void relay(Pipe pipe, HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            WireMessage response;
            try {
                response = pipe.exchange(WireMessage.request(exchange.getRequestHeaders().getFirst("Content-Type"),
                        exchange.getRequestHeaders().getFirst("SOAPAction"), body));
            } catch (RuntimeException | Error e) {
                // The client then fails, and closing the relay rethrows it: on the pipe it would reach the caller.
                if (failure == null) {
                    failure = e;
                }
                byte[] text = ("soapbench relay: " + e).getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=UTF-8");
                exchange.sendResponseHeaders(502, text.length);
                exchange.getResponseBody().write(text);
                return;
            }
            if (response.contentType() != null) {
                exchange.getResponseHeaders().set("Content-Type", response.contentType());
            }
            exchange.sendResponseHeaders(response.fault() ? 500 : 200, response.body().length == 0 ? -1 : response.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(response.body());
            }
        }
    }

    /** Where the relay listens: the address the client is given. */
    public URI address() {
        return address;
    }

    /** How the requests so far were framed, e.g. "HTTP/1.1 Content-Length" or "HTTP/1.1 chunked". */
    public Set<String> requestFramings() {
        return new TreeSet<>(framings);
    }

    /** Stops the relay; rethrows what the pipe threw for any request, as the pipe itself would have. */
    @Override
    public void close() {
        server.stop();
        Throwable f = failure;
        if (f instanceof Error e) {
            throw e;
        }
        if (f != null) {
            throw (RuntimeException) f;
        }
    }
}
