package org.soapbench.stack.cxf;

import java.io.IOException;
import java.net.URI;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.PreexistingConduitSelector;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.FastInfosetFeature;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transport.http_jetty.JettyHTTPServerEngineFactory;
import org.apache.cxf.transports.http.configuration.ConnectionType;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;
import org.apache.cxf.version.Version;
import org.soapbench.core.contract.Contract;
import org.soapbench.core.contract.XmlTimes;
import org.soapbench.core.spi.Answer;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.Encoding;
import org.soapbench.core.spi.Endpoint;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.Query;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.SeismicClient;
import org.soapbench.core.spi.SeismicServer;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.ServerCredentials;
import org.soapbench.core.spi.SoapStack;
import org.soapbench.core.spi.StackIdentity;
import org.soapbench.core.spi.StackUnavailableException;
import org.soapbench.core.spi.Transport;
import org.soapbench.core.wire.LoopbackHttp;
import org.soapbench.stack.jaxb.QuakeAnswers;
import org.soapbench.stack.jaxb.SeismicPortImpl;
import org.soapbench.stack.jaxb.generated.SeismicPortType;

/**
 * Apache CXF: JAX-WS frontend, JAXB binding, WS-SecurityPolicy enforced by WSS4J, Fast Infoset by
 * CXF's own interceptors; client and server each on their own Bus, joined only by the core pipe.
 */
public final class CxfStack implements SoapStack {

    /** Held strongly: java.util.logging forgets levels set on loggers nobody references. */
    private static final java.util.logging.Logger CXF_LOG = java.util.logging.Logger.getLogger("org.apache.cxf");

    static {
        // Setup's INFO lines (one per service built from the WSDL) would clutter JMH's output; warnings stay.
        CXF_LOG.setLevel(java.util.logging.Level.WARNING);
    }

    private final String id = StackIdentity.idOf(CxfStack.class);

    @Override
    public String id() {
        return id;
    }

    @Override
    public String version() {
        return Version.getCurrentVersion();
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

    @Override
    public String runtimeDescription() {
        return "CXF " + version() + " (" + Version.getName() + ")\n"
                + "StAX input: " + XMLInputFactory.newInstance().getClass().getName() + "\n"
                + "StAX output: " + XMLOutputFactory.newInstance().getClass().getName() + "\n"
                + "JAXB: " + jakarta.xml.bind.JAXBContext.class.getName() + " -> "
                + org.glassfish.jaxb.runtime.v2.ContextFactory.class.getPackage().getImplementationVersion() + "\n"
                + "WS-Security: WSS4J " + org.apache.wss4j.dom.engine.WSSecurityEngine.class.getPackage().getImplementationVersion();
    }

    @Override
    public SeismicServer openServer(Scenario scenario, ServerCredentials credentials, SeismicService service) {
        Bus bus = BusFactory.newInstance().createBus();
        PipeDestination.Factory destinations = new PipeDestination.Factory();
        AcceptedSecurityInterceptor counter = new AcceptedSecurityInterceptor(scenario.security());
        JaxWsServerFactoryBean factory = serverFactory(bus, scenario, credentials, service, counter);
        factory.setAddress(Contract.ADDRESS);
        factory.setDestinationFactory(destinations);
        Server server = factory.create();
        Endpoint endpoint = destinations.destination();
        return SeismicServer.of(endpoint, null, counter::accepted, () -> {
            server.destroy();
            bus.shutdown(true);
        });
    }

    /**
     * Over http: the same endpoint on CXF's embedded Jetty (cxf-rt-transports-http-jetty, with the
     * engine CXF builds by default), listening on 127.0.0.1 only. CXF's Jetty engine must be told its
     * port before it binds, so a free one is picked first; if another process takes it meanwhile, setup
     * fails saying so.
     */
    @Override
    public SeismicServer openHttpServer(Scenario scenario, ServerCredentials credentials, SeismicService service) {
        URI address = LoopbackHttp.address(LoopbackHttp.freePort());
        Bus bus = BusFactory.newInstance().createBus();
        AcceptedSecurityInterceptor counter = new AcceptedSecurityInterceptor(scenario.security());
        JaxWsServerFactoryBean factory = serverFactory(bus, scenario, credentials, service, counter);
        factory.setAddress(address.toString());
        Server server;
        try {
            server = factory.create();
        } catch (RuntimeException e) {
            stopJetty(address);
            bus.shutdown(true);
            throw new StackUnavailableException("Stack '" + id + "' cannot run configuration " + scenario
                    + " over http: Jetty could not listen on " + address + " (" + e.getMessage() + ").", e);
        }
        return SeismicServer.of(LoopbackHttp.post(address), address, counter::accepted, () -> {
            try {
                server.destroy();
                bus.shutdown(true);
            } finally {
                stopJetty(address);
            }
        });
    }

    /** The engine of the port is kept per class loader, not per bus: stop it here, or it outlives the server. */
    private static void stopJetty(URI address) {
        JettyHTTPServerEngineFactory.destroyForPort(address.getPort());
    }

    private static JaxWsServerFactoryBean serverFactory(Bus bus, Scenario scenario, ServerCredentials credentials,
                                                        SeismicService service, AcceptedSecurityInterceptor counter) {
        JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean();
        factory.setBus(bus);
        factory.setServiceClass(SeismicPortType.class);
        factory.setServiceBean(new SeismicPortImpl(service, XmlTimes.datatypeFactory()));
        factory.setWsdlLocation(Contract.wsdl(scenario.security()).toString());
        factory.setServiceName(Contract.SERVICE);
        factory.setEndpointName(Contract.PORT);
        factory.setProperties(CxfSecurity.server(scenario.security(), credentials));
        factory.setFeatures(features(scenario));
        factory.getInInterceptors().add(counter);
        return factory;
    }

    @Override
    public SeismicClient openClient(Scenario scenario, ClientCredentials credentials, Pipe pipe) {
        Bus bus = BusFactory.newInstance().createBus();
        JaxWsProxyFactoryBean factory = clientFactory(bus, scenario, credentials);
        factory.setAddress(Contract.ADDRESS);
        factory.setConduitSelector(new PreexistingConduitSelector(new PipeConduit(pipe)));
        return client(bus, (SeismicPortType) factory.create());
    }

    /**
     * Over http: CXF's own HTTP conduit (since CXF 4.0 built on the JDK's java.net.http client), told
     * to speak HTTP/1.1 as every stack's client does (it would offer HTTP/2 otherwise) and not to chunk
     * requests (each goes out with a Content-Length, as Metro's and Axis2's do). Keep-alive is its default.
     */
    @Override
    public SeismicClient openHttpClient(Scenario scenario, ClientCredentials credentials, URI address) {
        Bus bus = BusFactory.newInstance().createBus();
        bus.setProperty("org.apache.cxf.transport.http.forceVersion", "1.1");
        JaxWsProxyFactoryBean factory = clientFactory(bus, scenario, credentials);
        factory.setAddress(address.toString());
        SeismicPortType port = (SeismicPortType) factory.create();
        HTTPClientPolicy policy = new HTTPClientPolicy();
        policy.setAllowChunking(false);
        policy.setConnection(ConnectionType.KEEP_ALIVE);
        ((HTTPConduit) ClientProxy.getClient(port).getConduit()).setClient(policy);
        return client(bus, port);
    }

    private static JaxWsProxyFactoryBean clientFactory(Bus bus, Scenario scenario, ClientCredentials credentials) {
        JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
        factory.setBus(bus);
        factory.setServiceClass(SeismicPortType.class);
        factory.setWsdlURL(Contract.wsdl(scenario.security()).toString());
        factory.setServiceName(Contract.SERVICE);
        factory.setEndpointName(Contract.PORT);
        factory.setProperties(CxfSecurity.client(scenario.security(), credentials));
        factory.setFeatures(features(scenario));
        return factory;
    }

    private static SeismicClient client(Bus bus, SeismicPortType port) {
        Client client = ClientProxy.getClient(port);
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
                client.destroy();
                bus.shutdown(true);
            }
        };
    }

    /** Fast Infoset forced both ways: the first request is FI too, with no Accept negotiation. */
    private static List<Feature> features(Scenario scenario) {
        if (scenario.encoding() != Encoding.FAST_INFOSET) {
            return List.of();
        }
        FastInfosetFeature fi = new FastInfosetFeature();
        fi.setForce(true);
        return List.of(fi);
    }
}
