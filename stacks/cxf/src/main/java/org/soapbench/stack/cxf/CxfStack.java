package org.soapbench.stack.cxf;

import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import javax.xml.datatype.DatatypeConfigurationException;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.PreexistingConduitSelector;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.feature.FastInfosetFeature;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.apache.cxf.version.Version;
import org.soapbench.core.Answer;
import org.soapbench.core.ClientCredentials;
import org.soapbench.core.Contract;
import org.soapbench.core.Encoding;
import org.soapbench.core.Endpoint;
import org.soapbench.core.Pipe;
import org.soapbench.core.Query;
import org.soapbench.core.Scenario;
import org.soapbench.core.SecurityMode;
import org.soapbench.core.SeismicClient;
import org.soapbench.core.SeismicServer;
import org.soapbench.core.SeismicService;
import org.soapbench.core.ServerCredentials;
import org.soapbench.core.SoapStack;
import org.soapbench.core.StackIdentity;
import org.soapbench.core.XmlTimes;
import org.soapbench.stack.cxf.generated.Quake;
import org.soapbench.stack.cxf.generated.SeismicPortType;

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
        AcceptedSecurityCounter counter = new AcceptedSecurityCounter(scenario.security());

        JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean();
        factory.setBus(bus);
        factory.setServiceClass(SeismicPortType.class);
        factory.setServiceBean(new SeismicPortImpl(service, datatypeFactory()));
        factory.setWsdlLocation(Contract.wsdl(scenario.security()).toString());
        factory.setServiceName(Contract.SERVICE);
        factory.setEndpointName(Contract.PORT);
        factory.setAddress(Contract.ADDRESS);
        factory.setDestinationFactory(destinations);
        factory.setProperties(CxfSecurity.server(scenario.security(), credentials));
        factory.setFeatures(features(scenario));
        factory.getInInterceptors().add(counter);
        Server server = factory.create();
        Endpoint endpoint = destinations.destination();

        return new SeismicServer() {
            @Override
            public Endpoint endpoint() {
                return endpoint;
            }

            @Override
            public long securedRequestsAccepted() {
                return counter.accepted();
            }

            @Override
            public void close() {
                server.destroy();
                bus.shutdown(true);
            }
        };
    }

    @Override
    public SeismicClient openClient(Scenario scenario, ClientCredentials credentials, Pipe pipe) {
        Bus bus = BusFactory.newInstance().createBus();
        JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
        factory.setBus(bus);
        factory.setServiceClass(SeismicPortType.class);
        factory.setWsdlURL(Contract.wsdl(scenario.security()).toString());
        factory.setServiceName(Contract.SERVICE);
        factory.setEndpointName(Contract.PORT);
        factory.setAddress(Contract.ADDRESS);
        factory.setConduitSelector(new PreexistingConduitSelector(new PipeConduit(pipe)));
        factory.setProperties(CxfSecurity.client(scenario.security(), credentials));
        factory.setFeatures(features(scenario));
        SeismicPortType port = (SeismicPortType) factory.create();
        Client client = ClientProxy.getClient(port);
        DatatypeFactory datatypes = datatypeFactory();

        return new SeismicClient() {
            @Override
            public Answer query(Query q) {
                List<Quake> quakes = port.matchQuakes(XmlTimes.toCalendar(datatypes, q.minTime()),
                        XmlTimes.toCalendar(datatypes, q.maxTime()), q.minLatitude(), q.maxLatitude(),
                        q.minLongitude(), q.maxLongitude()).getQuake();
                Answer.Builder answer = new Answer.Builder();
                for (Quake k : quakes) {
                    answer.add(k.getId(), XmlTimes.toMillis(k.getTime()), k.getLatitude(), k.getLongitude(),
                            k.getDepth(), k.getMagnitude(), k.getMagnitudeType(), k.getRegion());
                }
                return answer.build();
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

    private static DatatypeFactory datatypeFactory() {
        try {
            return DatatypeFactory.newInstance();
        } catch (DatatypeConfigurationException e) {
            throw new IllegalStateException("No javax.xml.datatype implementation", e);
        }
    }
}
