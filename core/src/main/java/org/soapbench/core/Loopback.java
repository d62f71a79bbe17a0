package org.soapbench.core;

import java.util.function.UnaryOperator;

/**
 * A server and a client joined by a pipe: what a benchmark or a test opens for one configuration.
 * Client and server may come from different stacks (interop); the pipe may be decorated (capture,
 * tampering) for tests, while benchmarks use the bare {@link Pipe#to(Endpoint)}.
 */
public final class Loopback implements AutoCloseable {

    private final SeismicServer server;
    private final SeismicClient client;
    private final Pipe pipe;

    private Loopback(SeismicServer server, SeismicClient client, Pipe pipe) {
        this.server = server;
        this.client = client;
        this.pipe = pipe;
    }

    public static Loopback open(SoapStack clientStack, SoapStack serverStack, Scenario scenario,
                                ClientCredentials clientCredentials, ServerCredentials serverCredentials,
                                SeismicService service, UnaryOperator<Pipe> decorate) {
        return open(clientStack, scenario, clientCredentials, serverStack, scenario, serverCredentials, service, decorate);
    }

    /** Client and server in different configurations: only for tests of what a server refuses. */
    public static Loopback open(SoapStack clientStack, Scenario clientScenario, ClientCredentials clientCredentials,
                                SoapStack serverStack, Scenario serverScenario, ServerCredentials serverCredentials,
                                SeismicService service, UnaryOperator<Pipe> decorate) {
        SeismicServer server = serverStack.openServer(serverScenario, serverCredentials, service);
        try {
            Pipe pipe = decorate.apply(Pipe.to(server.endpoint()));
            return new Loopback(server, clientStack.openClient(clientScenario, clientCredentials, pipe), pipe);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** One stack talking to itself with the standard credentials: the benchmarks' configuration. */
    public static Loopback open(SoapStack stack, Scenario scenario, KeyMaterial keys, SeismicService service) {
        return open(stack, stack, scenario, ClientCredentials.standard(keys), ServerCredentials.standard(keys),
                service, UnaryOperator.identity());
    }

    public SeismicClient client() {
        return client;
    }

    public SeismicServer server() {
        return server;
    }

    /** The pipe the client sends through, with whatever decoration it was opened with. */
    public Pipe pipe() {
        return pipe;
    }

    @Override
    public void close() {
        try {
            client.close();
        } finally {
            server.close();
        }
    }
}
