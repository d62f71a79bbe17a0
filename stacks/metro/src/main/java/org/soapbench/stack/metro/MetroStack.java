package org.soapbench.stack.metro;

import com.sun.xml.ws.api.BindingID;
import com.sun.xml.ws.api.WSBinding;
import com.sun.xml.ws.api.WSService;
import com.sun.xml.ws.api.fastinfoset.FastInfosetFeature;
import com.sun.xml.ws.api.pipe.TransportTubeFactory;
import com.sun.xml.ws.api.server.InstanceResolver;
import com.sun.xml.ws.api.server.SDDocumentSource;
import com.sun.xml.ws.api.server.WSEndpoint;
import com.sun.xml.ws.client.ContentNegotiation;
import com.sun.xml.ws.transport.http.HttpAdapter;
import com.sun.xml.wss.XWSSConstants;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Service;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import org.soapbench.core.contract.Contract;
import org.soapbench.core.contract.XmlTimes;
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
import org.soapbench.core.spi.StackIdentity;
import org.soapbench.core.spi.Transport;
import org.soapbench.core.wire.LoopbackHttp;
import org.soapbench.stack.jaxb.QuakeAnswers;
import org.soapbench.stack.jaxb.SeismicPortImpl;
import org.soapbench.stack.jaxb.generated.SeismicPortType;

/**
 * Eclipse Metro: the JAX-WS RI with WSIT, so WS-SecurityPolicy is enforced by Metro's own XWSS
 * security tubes and Fast Infoset is Metro's own codec. The server is a {@link WSEndpoint} built from
 * the WSDL with the mode's policy, behind Metro's {@link HttpAdapter} over an in-memory connection
 * ({@link PipeConnection}); the client is a JAX-WS port whose transport tube is the core pipe
 * ({@link PipeTransportTube}). Each has its own Metro container ({@link MetroContainer}).
 */
public final class MetroStack implements SoapStack {

    /** Held strongly: java.util.logging forgets levels set on loggers nobody references. */
    private static final List<Logger> METRO_LOGS = List.of(Logger.getLogger("com.sun.xml.ws"),
            Logger.getLogger("com.sun.xml.wss"), Logger.getLogger("com.sun.metro"),
            Logger.getLogger("javax.enterprise.resource.xml.webservices"));

    /** XWSS's own domain (held strongly, as above). */
    private static final Logger XWSS_LOG = Logger.getLogger("javax.enterprise.resource.xml.webservices.security");

    static {
        // Setup's INFO lines (WSDL parsing, tubeline assembly) would clutter JMH's output; warnings stay.
        METRO_LOGS.forEach(log -> log.setLevel(Level.WARNING));
        // Except one, at every server's setup: "WSS1542: ServletContext was not found", which only
        // says that there is no servlet container (none is wanted here).
        XWSS_LOG.setFilter(record -> record.getMessage() == null || !record.getMessage().startsWith("WSS1542"));
    }

    private final String id = StackIdentity.idOf(MetroStack.class);

    @Override
    public String id() {
        return id;
    }

    /** The version of the Metro bundle (webservices-rt), not of the JAX-WS RI inside it. */
    @Override
    public String version() {
        return WSEndpoint.class.getPackage().getImplementationVersion();
    }

    @Override
    public Set<SecurityMode> securityModes() {
        return EnumSet.allOf(SecurityMode.class);
    }

    @Override
    public Set<Encoding> encodings() {
        return EnumSet.allOf(Encoding.class);
    }

    @Override
    public Set<Transport> transports() {
        return EnumSet.allOf(Transport.class);
    }

    /**
     * Metro's XWSS verifies what the policy says is signed and encrypted, and with which tokens, but not the
     * algorithm suite's algorithms on the way in: the enforcement tests' rsa-sha1, sha1 and aes128-cbc
     * requests are accepted, by 4.0.2 and 4.0.5 alike. No Metro setting asks for that check.
     */
    @Override
    public Map<PolicyCheck, String> unenforcedChecks() {
        String why = "Metro's XWSS checks the policy's signed and encrypted parts on the way in, not its algorithm suite";
        return Map.of(PolicyCheck.SIGNATURE_ALGORITHM, why, PolicyCheck.DIGEST_ALGORITHM, why,
                PolicyCheck.ENCRYPTION_ALGORITHM, why);
    }

    @Override
    public String runtimeDescription() {
        return "Metro " + version() + " (JAX-WS RI " + bundled("com.sun.xml.ws", "jaxws-rt")
                + ", JAXB " + bundled("org.glassfish.jaxb", "jaxb-runtime")
                + ", SAAJ " + bundled("com.sun.xml.messaging.saaj", "saaj-impl")
                + ", Fast Infoset " + bundled("com.sun.xml.fastinfoset", "FastInfoset") + ")\n"
                + "StAX input: " + XMLInputFactory.newInstance().getClass().getName() + "\n"
                + "StAX output: " + XMLOutputFactory.newInstance().getClass().getName() + "\n"
                + "SAAJ: " + newSoapFactory() + "\n"
                + "WS-Security: WSIT/XWSS " + com.sun.xml.wss.impl.MessageConstants.class.getPackage().getImplementationVersion()
                + ", Santuario xmlsec " + org.apache.xml.security.Init.class.getPackage().getImplementationVersion();
    }

    /** The version of a library the Metro bundle carries inside it, from the bundle's own Maven metadata. */
    private static String bundled(String group, String artifact) {
        Properties p = new Properties();
        try (InputStream in = MetroStack.class.getResourceAsStream("/META-INF/maven/" + group + "/" + artifact + "/pom.properties")) {
            if (in == null) {
                return "?";
            }
            p.load(in);
        } catch (IOException e) {
            return "?";
        }
        return p.getProperty("version", "?");
    }

    @Override
    public SeismicServer openServer(Scenario scenario, ServerCredentials credentials, SeismicService service) {
        AcceptedSecurityInvoker[] counter = new AcceptedSecurityInvoker[1];
        WSEndpoint<SeismicPortImpl> endpoint = endpoint(scenario, credentials, service, counter);
        Endpoint pipeEndpoint = PipeConnection.endpoint(HttpAdapter.createAlone(endpoint));
        return SeismicServer.of(pipeEndpoint, null, counter[0]::accepted, endpoint::dispose);
    }

    /**
     * Over http: the same endpoint published as JAX-WS's {@code Endpoint.publish} does it (Metro's
     * HttpEndpoint on the JDK's own HTTP server, com.sun.net.httpserver), but on a server bound to
     * 127.0.0.1 at an ephemeral port. Endpoint.publish would leave that server without an executor,
     * so one dispatcher thread would serve every request in turn; it gets a cached thread pool, so
     * that, as under Jetty and Axis2's server, no request waits behind another.
     */
    @Override
    public SeismicServer openHttpServer(Scenario scenario, ServerCredentials credentials, SeismicService service) {
        AcceptedSecurityInvoker[] counter = new AcceptedSecurityInvoker[1];
        WSEndpoint<SeismicPortImpl> endpoint = endpoint(scenario, credentials, service, counter);
        LoopbackHttp.JdkServer server;
        try {
            server = LoopbackHttp.JdkServer.create("metro-http", "Metro's HTTP server");
        } catch (RuntimeException e) {
            endpoint.dispose();
            throw e;
        }
        com.sun.xml.ws.transport.http.server.HttpEndpoint published =
                new com.sun.xml.ws.transport.http.server.HttpEndpoint(null, HttpAdapter.createAlone(endpoint));
        published.publish(server.server().createContext(LoopbackHttp.PATH));
        server.server().start();
        URI address = server.address();
        return SeismicServer.of(LoopbackHttp.post(address), address, counter[0]::accepted, () -> {
            try {
                published.stop();
                server.stop();
            } finally {
                endpoint.dispose();
            }
        });
    }

    /** The server's endpoint, built from the WSDL with the mode's policy; its security counter left in {@code counter}. */
    private static WSEndpoint<SeismicPortImpl> endpoint(Scenario scenario, ServerCredentials credentials,
                                                        SeismicService service, AcceptedSecurityInvoker[] counter) {
        SecurityMode mode = scenario.security();
        MetroContainer container = new MetroContainer(Map.of(MetroKeys.class,
                new MetroKeys(credentials.keyStore(), credentials.trustStore(), credentials.users())));
        URL wsdl = MetroWsdl.server(mode, credentials.keyAlias());
        WSBinding binding = BindingID.SOAP11_HTTP.createBinding(fastInfoset(scenario));
        counter[0] = new AcceptedSecurityInvoker(
                InstanceResolver.createSingleton(new SeismicPortImpl(service, XmlTimes.datatypeFactory())).createInvoker(), mode);
        AcceptedSecurityInvoker invoker = counter[0];
        // The WSDL is the primary document, so the endpoint's policy map (and so its security tube) is the mode's.
        return container.build(() -> WSEndpoint.create(SeismicPortImpl.class, false,
                invoker, Contract.SERVICE, Contract.PORT, container, binding, SDDocumentSource.create(wsdl),
                List.of(SDDocumentSource.create(sibling(wsdl, "seismic.xsd"))), null, true));
    }

    @Override
    public SeismicClient openClient(Scenario scenario, ClientCredentials credentials, Pipe pipe) {
        return client(scenario, credentials, new PipeTransportTube.Factory(pipe, fixFastInfosetText(scenario)), null);
    }

    /**
     * Over http: Metro's own HTTP transport (HttpURLConnection: keep-alive, and no chunking, since no
     * chunk size is set) to the server's address.
     */
    @Override
    public SeismicClient openHttpClient(Scenario scenario, ClientCredentials credentials, URI address) {
        return client(scenario, credentials, new HttpTransport.Factory(fixFastInfosetText(scenario)), address);
    }

    /** Where responses are Fast Infoset and secured (Metro's client security buffers them, see {@link FastInfosetTextFix}). */
    private static boolean fixFastInfosetText(Scenario scenario) {
        return scenario.encoding() == Encoding.FAST_INFOSET && scenario.security().signs();
    }

    private static SeismicClient client(Scenario scenario, ClientCredentials credentials, TransportTubeFactory transport,
                                        URI address) {
        SecurityMode mode = scenario.security();
        MetroContainer container = new MetroContainer(Map.of(
                TransportTubeFactory.class, transport,
                MetroKeys.class, new MetroKeys(credentials.keyStore(),
                        mode.signs() ? clientTrustStore(credentials) : credentials.trustStore(), Map.of())));
        URL wsdl = MetroWsdl.client(mode, credentials.keyAlias(), credentials.serverAlias(),
                credentials.timestampTtlSeconds());
        WSService.InitParams init = new WSService.InitParams();
        init.setContainer(container);
        SeismicPortType port = container.build(() -> WSService.create(wsdl, Contract.SERVICE, init)
                .getPort(Contract.PORT, SeismicPortType.class, fastInfoset(scenario)));
        Map<String, Object> request = ((BindingProvider) port).getRequestContext();
        if (address != null) {
            request.put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address.toString());
        }
        // Fast Infoset from the first request on ("optimistic"); XML stays XML ("none"), whatever the
        // com.sun.xml.ws.client.ContentNegotiation system property says.
        request.put(ContentNegotiation.PROPERTY, (scenario.encoding() == Encoding.FAST_INFOSET
                ? ContentNegotiation.optimistic : ContentNegotiation.none).toString());
        if (mode == SecurityMode.USERNAME) {
            // Where Metro's DefaultCallbackHandler takes the UsernameToken's user and password from.
            request.put(XWSSConstants.USERNAME_PROPERTY, credentials.username());
            request.put(XWSSConstants.PASSWORD_PROPERTY, credentials.password());
        }
        DatatypeFactory datatypes = XmlTimes.datatypeFactory();

        return new SeismicClient() {
            @Override
            public Answer query(Query q) {
                return QuakeAnswers.of(port.matchQuakes(XmlTimes.toCalendar(datatypes, q.minTime()),
                        XmlTimes.toCalendar(datatypes, q.maxTime()), q.minLatitude(), q.maxLatitude(),
                        q.minLongitude(), q.maxLongitude()).getQuake());
            }

            @Override
            public void close() {
                try {
                    ((java.io.Closeable) port).close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    /**
     * Fast Infoset on or off, explicitly on both sides: on, the server answers an FI request in FI;
     * off, an XML configuration can neither send nor accept FI.
     */
    private static FastInfosetFeature fastInfoset(Scenario scenario) {
        return new FastInfosetFeature(scenario.encoding() == Encoding.FAST_INFOSET);
    }

    /**
     * What Metro's client trusts: core's CA, plus the server's certificate, which Metro looks up in
     * the trust store (by the policy's peer alias to encrypt requests, by issuer and serial to
     * verify responses) while core keeps it in the client's key store. Built once, in memory.
     */
    private static KeyStore clientTrustStore(ClientCredentials credentials) {
        try {
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            KeyStore given = credentials.trustStore();
            for (String alias : Collections.list(given.aliases())) {
                if (given.isCertificateEntry(alias)) {
                    trust.setCertificateEntry(alias, given.getCertificate(alias));
                }
            }
            trust.setCertificateEntry(credentials.serverAlias(), credentials.keyStore().getCertificate(credentials.serverAlias()));
            return trust;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("Cannot build the Metro client's in-memory trust store", e);
        }
    }

    private static URL sibling(URL url, String name) {
        try {
            return new URL(url, name);
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String newSoapFactory() {
        try {
            return jakarta.xml.soap.SOAPFactory.newInstance().getClass().getName();
        } catch (jakarta.xml.soap.SOAPException e) {
            return "unavailable (" + e.getMessage() + ")";
        }
    }
}
