package org.soapbench.core.spi;

import java.net.URI;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The SPI a stack adapter implements, found by {@link java.util.ServiceLoader} inside the stack's
 * own class loader. Only JDK and core types cross it, so no stack class ever leaks into the harness.
 */
public interface SoapStack {

    /** Short id used in {@code -p stack=...} and on the command line, e.g. "cxf". */
    String id();

    /** The stack's own version, as resolved at run time (e.g. "4.2.3"). */
    String version();

    /** The security modes this stack can run; the harness refuses the others at setup. */
    Set<SecurityMode> securityModes();

    /** The encodings this stack can run; the harness refuses the others at setup. */
    Set<Encoding> encodings();

    /** Starts a server for the scenario, answering from {@code service}. */
    SeismicServer openServer(Scenario scenario, ServerCredentials credentials, SeismicService service);

    /** Opens a client for the scenario whose requests go through {@code pipe}. */
    SeismicClient openClient(Scenario scenario, ClientCredentials credentials, Pipe pipe);

    /** The transports this stack can run; the harness refuses the others at setup. */
    default Set<Transport> transports() {
        return EnumSet.of(Transport.PIPE);
    }

    /**
     * Starts a server for the scenario on the stack's own HTTP server, listening on 127.0.0.1 only,
     * at an ephemeral port ({@link SeismicServer#address()} says which); closing it stops the server.
     * Only called when {@link #transports()} holds {@link Transport#HTTP}.
     */
    default SeismicServer openHttpServer(Scenario scenario, ServerCredentials credentials, SeismicService service) {
        throw new UnsupportedOperationException("Stack '" + id() + "' has no HTTP transport.");
    }

    /**
     * Opens a client for the scenario whose requests go to {@code address} through the stack's own
     * HTTP client. Only called when {@link #transports()} holds {@link Transport#HTTP}.
     */
    default SeismicClient openHttpClient(Scenario scenario, ClientCredentials credentials, URI address) {
        throw new UnsupportedOperationException("Stack '" + id() + "' has no HTTP transport.");
    }

    /**
     * The checks of the shared policy that this stack's server, configured as its adapter configures it,
     * does not make, each with one sentence saying why: a secured request that breaks one of them is
     * accepted. The enforcement tests hold every stack to this list both ways (each named check is
     * accepted, every other refused), and a run records it for the report's stacks table.
     */
    default Map<PolicyCheck, String> unenforcedChecks() {
        return Map.of();
    }

    /** The implementations actually resolved (StAX, JAXB, SAAJ, security engine), one per line, for run logs. */
    default String runtimeDescription() {
        return "";
    }
}
