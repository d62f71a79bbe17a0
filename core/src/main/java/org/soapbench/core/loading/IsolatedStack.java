package org.soapbench.core.loading;

import java.net.URI;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.soapbench.core.spi.Answer;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.Encoding;
import org.soapbench.core.spi.Endpoint;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.PolicyCheck;
import org.soapbench.core.spi.Query;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.SeismicClient;
import org.soapbench.core.spi.SeismicServer;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.ServerCredentials;
import org.soapbench.core.spi.SoapStack;
import org.soapbench.core.spi.StackUnavailableException;
import org.soapbench.core.spi.Transport;
import org.soapbench.core.wire.LoopbackHttp;

/**
 * A stack as the harness holds it: every call into the stack runs with the stack's class loader as
 * the thread's context class loader, since CXF, JAXB, SAAJ and JAX-WS all look providers up there.
 * Switching it is two field writes per call, which the pipe benchmark's floor includes.
 */
final class IsolatedStack implements SoapStack {

    private final SoapStack stack;
    /** The stack's own class loader (tests of isolation read it from their side of the package). */
    final ClassLoader loader;

    IsolatedStack(SoapStack stack, ClassLoader loader) {
        this.stack = stack;
        this.loader = loader;
    }

    @Override
    public String id() {
        return stack.id();
    }

    @Override
    public String version() {
        return inStack(stack::version);
    }

    @Override
    public Set<SecurityMode> securityModes() {
        return stack.securityModes();
    }

    @Override
    public Set<Encoding> encodings() {
        return stack.encodings();
    }

    @Override
    public Set<Transport> transports() {
        return stack.transports();
    }

    @Override
    public String runtimeDescription() {
        return inStack(stack::runtimeDescription);
    }

    @Override
    public Map<PolicyCheck, String> unenforcedChecks() {
        return Map.copyOf(stack.unenforcedChecks());
    }

    @Override
    public SeismicServer openServer(Scenario scenario, ServerCredentials credentials, SeismicService service) {
        requireSupported(scenario, Transport.PIPE);
        return isolated(inStack(() -> stack.openServer(scenario, credentials, service)));
    }

    @Override
    public SeismicServer openHttpServer(Scenario scenario, ServerCredentials credentials, SeismicService service) {
        requireSupported(scenario, Transport.HTTP);
        SeismicServer server = isolated(inStack(() -> stack.openHttpServer(scenario, credentials, service)));
        try {
            LoopbackHttp.requireLoopback(server.address(), "Stack '" + stack.id() + "' in " + scenario + " over http");
            if (!LoopbackHttp.reachable(server.address())) {
                throw new StackUnavailableException("Stack '" + stack.id() + "' cannot run configuration " + scenario
                        + " over http: its server at " + server.address() + " is not reachable.");
            }
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    @Override
    public SeismicClient openClient(Scenario scenario, ClientCredentials credentials, Pipe pipe) {
        requireSupported(scenario, Transport.PIPE);
        return isolated(inStack(() -> stack.openClient(scenario, credentials, pipe)));
    }

    @Override
    public SeismicClient openHttpClient(Scenario scenario, ClientCredentials credentials, URI address) {
        requireSupported(scenario, Transport.HTTP);
        return isolated(inStack(() -> stack.openHttpClient(scenario, credentials, address)));
    }

    private SeismicServer isolated(SeismicServer server) {
        Endpoint endpoint = server.endpoint();
        Endpoint isolated = request -> {
            Thread thread = Thread.currentThread();
            ClassLoader previous = thread.getContextClassLoader();
            thread.setContextClassLoader(loader);
            try {
                return endpoint.serve(request);
            } finally {
                thread.setContextClassLoader(previous);
            }
        };
        return new SeismicServer() {
            @Override
            public Endpoint endpoint() {
                return isolated;
            }

            @Override
            public URI address() {
                return server.address();
            }

            @Override
            public long securedRequestsAccepted() {
                return server.securedRequestsAccepted();
            }

            @Override
            public void close() {
                inStack(() -> {
                    server.close();
                    return null;
                });
            }
        };
    }

    private SeismicClient isolated(SeismicClient client) {
        return new SeismicClient() {
            @Override
            public Answer query(Query query) {
                Thread thread = Thread.currentThread();
                ClassLoader previous = thread.getContextClassLoader();
                thread.setContextClassLoader(loader);
                try {
                    return client.query(query);
                } finally {
                    thread.setContextClassLoader(previous);
                }
            }

            @Override
            public void close() {
                inStack(() -> {
                    client.close();
                    return null;
                });
            }
        };
    }

    /** Fails with one sentence naming stack, configuration and reason, before anything starts. */
    private void requireSupported(Scenario scenario, Transport transport) {
        if (!stack.securityModes().contains(scenario.security())) {
            throw new StackUnavailableException("Stack '" + stack.id() + "' cannot run configuration " + scenario
                    + ": it does not support security mode '" + scenario.security().id() + "'.");
        }
        if (!stack.encodings().contains(scenario.encoding())) {
            throw new StackUnavailableException("Stack '" + stack.id() + "' cannot run configuration " + scenario
                    + ": it does not support encoding '" + scenario.encoding().id() + "'.");
        }
        if (!stack.transports().contains(transport)) {
            throw new StackUnavailableException("Stack '" + stack.id() + "' cannot run configuration " + scenario
                    + " over " + transport.id() + ": it has no " + transport.id() + " transport.");
        }
    }

    private <T> T inStack(Supplier<T> action) {
        return inLoader(loader, action);
    }

    /**
     * Runs {@code action} with {@code loader} as the thread's context class loader. Setup, teardown and
     * {@link Stacks} go through here; the two calls on the measured path (a client's query, the server's
     * endpoint) write the same two fields inline, so that no lambda is made per call there.
     */
    static <T> T inLoader(ClassLoader loader, Supplier<T> action) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return action.get();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }
}
