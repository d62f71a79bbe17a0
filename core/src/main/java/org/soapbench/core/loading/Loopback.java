package org.soapbench.core.loading;

import java.util.function.Supplier;
import java.util.function.UnaryOperator;
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

/**
 * A server and a client joined by a transport: what a benchmark or a test opens for one
 * configuration. Client and server may come from different stacks (interop); the pipe may be
 * decorated (capture, tampering) for tests, while benchmarks use the bare {@link Pipe#to(Endpoint)}.
 *
 * <p>Over {@link Transport#HTTP} the client is the stack's own HTTP client and the server its own
 * HTTP server on 127.0.0.1. Undecorated (the benchmarks), the client calls the server directly; a
 * decorated pipe is put between them as an {@link HttpRelay}, so that tests see and tamper with the
 * bytes that cross the loopback connection.
 */
public final class Loopback implements AutoCloseable {

    private final Transport transport;
    private final SeismicServer server;
    private final SeismicClient client;
    private final Pipe pipe;
    private final HttpRelay relay;
    private final Supplier<SeismicClient> moreClients;

    private Loopback(Transport transport, SeismicServer server, Pipe pipe, HttpRelay relay,
                     Supplier<SeismicClient> clients) {
        this.transport = transport;
        this.server = server;
        this.pipe = pipe;
        this.relay = relay;
        this.moreClients = clients;
        this.client = clients.get();
    }

    public static Loopback open(SoapStack clientStack, SoapStack serverStack, Scenario scenario,
                                ClientCredentials clientCredentials, ServerCredentials serverCredentials,
                                SeismicService service, UnaryOperator<Pipe> decorate) {
        return open(Transport.PIPE, clientStack, scenario, clientCredentials, serverStack, scenario, serverCredentials,
                service, decorate);
    }

    /** As above, over a chosen transport. */
    public static Loopback open(Transport transport, SoapStack clientStack, SoapStack serverStack, Scenario scenario,
                                ClientCredentials clientCredentials, ServerCredentials serverCredentials,
                                SeismicService service, UnaryOperator<Pipe> decorate) {
        return open(transport, clientStack, scenario, clientCredentials, serverStack, scenario, serverCredentials,
                service, decorate);
    }

    /** Client and server in different configurations: only for tests of what a server refuses. */
    public static Loopback open(SoapStack clientStack, Scenario clientScenario, ClientCredentials clientCredentials,
                                SoapStack serverStack, Scenario serverScenario, ServerCredentials serverCredentials,
                                SeismicService service, UnaryOperator<Pipe> decorate) {
        return open(Transport.PIPE, clientStack, clientScenario, clientCredentials, serverStack, serverScenario,
                serverCredentials, service, decorate);
    }

    /** As above, over a chosen transport. */
    public static Loopback open(Transport transport, SoapStack clientStack, Scenario clientScenario,
                                ClientCredentials clientCredentials, SoapStack serverStack, Scenario serverScenario,
                                ServerCredentials serverCredentials, SeismicService service,
                                UnaryOperator<Pipe> decorate) {
        if (transport == Transport.HTTP) {
            return openHttp(clientStack, clientScenario, clientCredentials, serverStack, serverScenario,
                    serverCredentials, service, decorate);
        }
        SeismicServer server = serverStack.openServer(serverScenario, serverCredentials, service);
        try {
            Pipe pipe = decorate.apply(Pipe.to(server.endpoint()));
            return new Loopback(transport, server, pipe, null,
                    () -> clientStack.openClient(clientScenario, clientCredentials, pipe));
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    private static Loopback openHttp(SoapStack clientStack, Scenario clientScenario, ClientCredentials clientCredentials,
                                     SoapStack serverStack, Scenario serverScenario, ServerCredentials serverCredentials,
                                     SeismicService service, UnaryOperator<Pipe> decorate) {
        // Both sides must speak HTTP: refuse before any server starts, as for a configuration.
        if (!clientStack.transports().contains(Transport.HTTP)) {
            throw new StackUnavailableException("Stack '" + clientStack.id() + "' cannot run configuration "
                    + clientScenario + " over http: it has no http transport.");
        }
        SeismicServer server = serverStack.openHttpServer(serverScenario, serverCredentials, service);
        HttpRelay relay = null;
        try {
            Pipe direct = Pipe.to(server.endpoint());
            Pipe pipe = decorate.apply(direct);
            if (pipe != direct) {
                relay = HttpRelay.start(pipe);
            }
            java.net.URI address = relay != null ? relay.address() : server.address();
            return new Loopback(Transport.HTTP, server, pipe, relay,
                    () -> clientStack.openHttpClient(clientScenario, clientCredentials, address));
        } catch (RuntimeException e) {
            if (relay != null) {
                relay.close();
            }
            server.close();
            throw e;
        }
    }

    public Transport transport() {
        return transport;
    }

    public SeismicClient client() {
        return client;
    }

    /**
     * Another client of the same stack and configuration, on the same pipe or to the same address:
     * one per thread, for every stack alike (the caller closes it).
     */
    public SeismicClient openClient() {
        return moreClients.get();
    }

    public SeismicServer server() {
        return server;
    }

    /**
     * The pipe the client sends through, with whatever decoration it was opened with. Over http, the
     * decorated pipe behind the relay; undecorated, a plain POST to the server (not the client's own path).
     */
    public Pipe pipe() {
        return pipe;
    }

    @Override
    public void close() {
        try {
            client.close();
        } finally {
            try {
                if (relay != null) {
                    relay.close();
                }
            } finally {
                server.close();
            }
        }
    }
}
