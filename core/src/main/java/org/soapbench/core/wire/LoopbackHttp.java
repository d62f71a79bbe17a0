package org.soapbench.core.wire;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.soapbench.core.contract.Contract;
import org.soapbench.core.spi.Endpoint;
import org.soapbench.core.spi.StackUnavailableException;
import org.soapbench.core.spi.WireMessage;

/**
 * What every HTTP server and client of the {@code http} transport shares: the one address they may
 * use (127.0.0.1: nothing listens beyond the loopback interface), the service's path, and a plain
 * HTTP POST of a {@link WireMessage}, for tests and the capturing {@link HttpRelay} (never on a
 * measured path, where each stack uses its own client).
 */
public final class LoopbackHttp {

    /** The only host an {@code http} server binds and a client calls. */
    public static final String HOST = "127.0.0.1";

    /** The path the service is published at, as in {@link Contract#ADDRESS}. */
    public static final String PATH = "/soapbench/seismic";

    private LoopbackHttp() {
    }

    /** 127.0.0.1 as an address to bind (not "localhost", which may resolve to ::1 or more). */
    public static InetAddress host() {
        try {
            return InetAddress.getByAddress(HOST, new byte[] {127, 0, 0, 1});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The JDK server's switch for TCP_NODELAY on its connections, read once, when the first server
     * is made. Off by default, so a response's headers and body, written apart, wait on the client's
     * delayed acknowledgement: 40 ms or more a call on Linux (Metro's {@code plain/xml small} took
     * 44 ms over http against 0.3 ms with it on). Jetty and Axis2's HttpCore set TCP_NODELAY themselves.
     */
    static final String NODELAY = "sun.net.httpserver.nodelay";

    /**
     * The JDK's own HTTP server ({@code com.sun.net.httpserver}) bound to 127.0.0.1 at an ephemeral
     * port, not yet started, with a cached pool of daemon threads: without an executor one dispatcher
     * thread would serve every request in turn, and concurrent clients would queue behind each other.
     * It sends without delay ({@link #NODELAY}) unless that property was set otherwise on the command line.
     */
    public record JdkServer(HttpServer server, ExecutorService workers) {

        /** Creates it; {@code who} names it in the one sentence that says it cannot listen. */
        public static JdkServer create(String threadName, String who) {
            if (System.getProperty(NODELAY) == null) {
                System.setProperty(NODELAY, "true");
            }
            HttpServer server;
            try {
                server = HttpServer.create(new InetSocketAddress(host(), 0), 0);
            } catch (IOException e) {
                throw new UncheckedIOException(who + " cannot listen on " + HOST, e);
            }
            ExecutorService workers = Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, threadName);
                t.setDaemon(true);
                return t;
            });
            server.setExecutor(workers);
            return new JdkServer(server, workers);
        }

        /** The service's address on this server's port. */
        public URI address() {
            return LoopbackHttp.address(server.getAddress().getPort());
        }

        /** Stops the server at once, then its threads. */
        public void stop() {
            server.stop(0);
            workers.shutdownNow();
        }
    }

    /** The service's address on a port of 127.0.0.1. */
    public static URI address(int port) {
        return URI.create("http://" + HOST + ":" + port + PATH);
    }

    /**
     * A port of 127.0.0.1 free right now, for a server that must be told its port before it binds
     * (CXF's Jetty). Another process may take it before the server binds: the server then fails at
     * setup, saying the port is in use.
     */
    public static int freePort() {
        try (ServerSocket probe = new ServerSocket(0, 1, host())) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free port on " + HOST, e);
        }
    }

    /** Fails unless the address is http://127.0.0.1:port/... */
    public static void requireLoopback(URI address, String who) {
        if (address == null || !"http".equals(address.getScheme()) || !HOST.equals(address.getHost())
                || address.getPort() <= 0) {
            throw new StackUnavailableException(who + " gave the address " + address + ", but an http server must"
                    + " listen on http://" + HOST + ":<port> only.");
        }
    }

    /** True if something accepts TCP connections at the address's host and port. */
    public static boolean reachable(URI address) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address.getHost(), address.getPort()), 2_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * An endpoint that posts each request to {@code address} with the JDK's HttpURLConnection (fixed
     * length, kept alive by the JDK's connection cache) and returns the response; HTTP 500 marks a fault.
     */
    public static Endpoint post(URI address) {
        return request -> {
            try {
                HttpURLConnection c = (HttpURLConnection) address.toURL().openConnection();
                c.setRequestMethod("POST");
                c.setDoOutput(true);
                c.setUseCaches(false);
                c.setFixedLengthStreamingMode(request.body().length);
                c.setRequestProperty("Content-Type", request.contentType());
                if (request.soapAction() != null) {
                    c.setRequestProperty("SOAPAction", request.soapAction());
                }
                try (OutputStream out = c.getOutputStream()) {
                    out.write(request.body());
                }
                int status = c.getResponseCode();
                if (status != HttpURLConnection.HTTP_OK && status != HttpURLConnection.HTTP_INTERNAL_ERROR) {
                    throw new IllegalStateException("The server at " + address + " answered HTTP " + status + ".");
                }
                InputStream in = status == HttpURLConnection.HTTP_OK ? c.getInputStream() : c.getErrorStream();
                byte[] body = in == null ? new byte[0] : readAll(in);
                return WireMessage.response(c.getContentType(), body, status == HttpURLConnection.HTTP_INTERNAL_ERROR);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot post to " + address + ": " + e.getMessage(), e);
            }
        };
    }

    private static byte[] readAll(InputStream in) throws IOException {
        try (in) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
            in.transferTo(out);
            return out.toByteArray();
        }
    }
}
