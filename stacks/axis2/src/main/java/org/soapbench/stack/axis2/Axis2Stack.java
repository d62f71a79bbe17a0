package org.soapbench.stack.axis2;

import java.net.URI;
import java.rmi.RemoteException;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.client.Options;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.InOutAxisOperation;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.description.TransportInDescription;
import org.apache.axis2.description.TransportOutDescription;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.transport.http.HTTPConstants;
import org.apache.axis2.transport.http.SimpleHTTPServer;
import org.apache.axis2.transport.http.impl.httpclient4.HTTPClient4TransportSender;
import org.apache.rampart.RampartMessageData;
import org.apache.ws.security.handler.WSHandlerConstants;
import org.soapbench.core.contract.AcceptedSecurityCounter;
import org.soapbench.core.contract.Contract;
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
import org.soapbench.core.spi.StackUnavailableException;
import org.soapbench.core.spi.Transport;
import org.soapbench.core.wire.LoopbackHttp;
import org.soapbench.stack.axis2.generated.MatchQuakes;
import org.soapbench.stack.axis2.generated.Quake;
import org.soapbench.stack.axis2.generated.SeismicServiceMessageReceiverInOut;
import org.soapbench.stack.axis2.generated.SeismicServiceStub;

/**
 * Apache Axis2: ADB stub and skeleton generated from core's WSDL, Axiom underneath, WS-Security
 * by Rampart (the shared WS-SecurityPolicy, enforced through WSS4J 1.6), Fast Infoset by
 * axis2-fastinfoset's builder and formatter. Client and server each have their own configuration
 * context, joined only by the core pipe.
 */
public final class Axis2Stack implements SoapStack {

    private final String id = StackIdentity.idOf(Axis2Stack.class);

    @Override
    public String id() {
        return id;
    }

    @Override
    public String version() {
        return AxisFault.class.getPackage().getImplementationVersion();
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
     * Rampart 1.7.1 checks the policy's signed and encrypted parts and tokens on the way in, not its algorithm
     * suite: the enforcement tests' rsa-sha1, sha1 and aes128-cbc requests are accepted. No RampartConfig
     * setting asks for that check.
     */
    @Override
    public Map<PolicyCheck, String> unenforcedChecks() {
        String why = "Rampart 1.7.1 checks the policy's signed and encrypted parts on the way in, not its algorithm suite";
        return Map.of(PolicyCheck.SIGNATURE_ALGORITHM, why, PolicyCheck.DIGEST_ALGORITHM, why,
                PolicyCheck.ENCRYPTION_ALGORITHM, why);
    }

    @Override
    public String runtimeDescription() {
        return "Axis2 " + version() + " (ADB), Axiom "
                + org.apache.axiom.om.OMElement.class.getPackage().getImplementationVersion() + "\n"
                + "StAX input: " + XMLInputFactory.newInstance().getClass().getName() + "\n"
                + "StAX output: " + XMLOutputFactory.newInstance().getClass().getName() + "\n"
                + "Fast Infoset: " + com.sun.xml.fastinfoset.stax.StAXDocumentParser.class.getPackage().getImplementationVersion()
                + "\n"
                + "WS-Security: Rampart " + RampartMessageData.class.getPackage().getImplementationVersion()
                + ", WSS4J " + WSHandlerConstants.class.getPackage().getImplementationVersion()
                + ", Santuario " + org.apache.xml.security.Init.class.getPackage().getImplementationVersion();
    }

    @Override
    public SeismicServer openServer(Scenario scenario, ServerCredentials credentials, SeismicService service) {
        ConfigurationContext context = Axis2Runtime.newContext();
        AcceptedSecurityReceiver counter = new AcceptedSecurityReceiver(new SeismicServiceMessageReceiverInOut(),
                new AcceptedSecurityCounter(scenario.security()));
        AxisService axisService = deployService(context, scenario, credentials, service, counter);
        Endpoint endpoint = new PipeEndpoint(context, axisService);
        return SeismicServer.of(endpoint, null, counter::accepted, () -> terminate(context));
    }

    /**
     * Over http: the same service behind Axis2's own SimpleHTTPServer (HttpCore 4, Axis2's default
     * worker pool), whose listener is bound to 127.0.0.1 ({@link LoopbackListener}); responses are
     * written by Axis2's HTTP transport sender, as in a deployed Axis2. The service is at Axis2's own
     * URL layout, /axis2/services/SeismicService.
     */
    @Override
    public SeismicServer openHttpServer(Scenario scenario, ServerCredentials credentials, SeismicService service) {
        ConfigurationContext context = Axis2Runtime.newContext();
        AcceptedSecurityReceiver counter = new AcceptedSecurityReceiver(new SeismicServiceMessageReceiverInOut(),
                new AcceptedSecurityCounter(scenario.security()));
        deployService(context, scenario, credentials, service, counter);
        SimpleHTTPServer server;
        LoopbackListener.Factory factory;
        try {
            AxisConfiguration config = context.getAxisConfiguration();
            // HttpFactory reads its settings from the http transport's description, which Axis2 takes
            // only with a receiver: an idle one first, the real server once the factory exists.
            TransportInDescription in = new TransportInDescription(Constants.TRANSPORT_HTTP);
            in.setReceiver(new SimpleHTTPServer());
            config.addTransportIn(in);
            config.addTransportOut(httpSender(context));
            factory = new LoopbackListener.Factory(context);
            server = new SimpleHTTPServer(factory);
            in.setReceiver(server);
            server.start();
        } catch (AxisFault e) {
            terminate(context);
            throw new StackUnavailableException("Stack '" + id + "' cannot run configuration " + scenario
                    + " over http: Axis2's HTTP server did not start on " + LoopbackHttp.HOST + " (" + e.getMessage() + ").", e);
        }
        URI address = URI.create("http://" + LoopbackHttp.HOST + ":" + factory.port() + "/"
                + context.getServiceContextPath().replaceAll("^/+", "") + "/" + Contract.SERVICE.getLocalPart());
        return SeismicServer.of(LoopbackHttp.post(address), address, counter::accepted, () -> {
            try {
                server.stop();
            } finally {
                terminate(context);
            }
        });
    }

    /** Axis2's HTTP transport sender over HttpClient 4, speaking HTTP/1.1 with no chunking (the stock axis2.xml chunks). */
    private static TransportOutDescription httpSender(ConfigurationContext context) throws AxisFault {
        TransportOutDescription http = new TransportOutDescription(Constants.TRANSPORT_HTTP);
        http.addParameter(new Parameter(HTTPConstants.PROTOCOL_VERSION, HTTPConstants.HEADER_PROTOCOL_11));
        HTTPClient4TransportSender sender = new HTTPClient4TransportSender();
        http.setSender(sender);
        sender.init(context, http);
        return http;
    }

    /** The seismic service with the mode's policy, Rampart engaged when secured. */
    private static AxisService deployService(ConfigurationContext context, Scenario scenario, ServerCredentials credentials,
                                             SeismicService service, AcceptedSecurityReceiver counter) {
        AxisService axisService = deploy(context, new SeismicSkeleton(service), counter);
        if (scenario.security() != SecurityMode.PLAIN) {
            // The policy on the service is what Rampart finds as the effective policy of both the
            // request and the response; the password callback is a service parameter.
            axisService.getPolicySubject().attachPolicy(RampartPolicies.server(scenario.security(), credentials));
            addParameter(axisService, WSHandlerConstants.PW_CALLBACK_REF, PasswordCallbacks.server(credentials.users()));
            engageRampart(context, axisService);
        }
        return axisService;
    }

    /** The service as a services.xml would declare it, built in code since no repository is used. */
    private static AxisService deploy(ConfigurationContext context, SeismicSkeleton skeleton, AcceptedSecurityReceiver receiver) {
        AxisService service = new AxisService(Contract.SERVICE.getLocalPart());
        service.setTargetNamespace(Contract.NAMESPACE);
        // One skeleton for all requests (as CXF's one service bean), handed over by SkeletonSupplier.
        service.setScope(Constants.SCOPE_APPLICATION);
        addParameter(service, Constants.SERVICE_OBJECT_SUPPLIER, SkeletonSupplier.class.getName());
        addParameter(service, SkeletonSupplier.PARAMETER, skeleton);
        AxisOperation operation = new InOutAxisOperation(Contract.OPERATION);
        operation.setMessageReceiver(receiver);
        operation.setSoapAction(Contract.SOAP_ACTION);
        service.addOperation(operation);
        service.mapActionToOperation(Contract.SOAP_ACTION, operation);
        try {
            context.getAxisConfiguration().addService(service);
        } catch (AxisFault e) {
            throw new IllegalStateException("Axis2 refused the seismic service: " + e.getMessage(), e);
        }
        return service;
    }

    @Override
    public SeismicClient openClient(Scenario scenario, ClientCredentials credentials, Pipe pipe) {
        ConfigurationContext context = Axis2Runtime.newContext();
        return client(context, Contract.ADDRESS, PipeSender.over(pipe), scenario, credentials);
    }

    /**
     * Over http: Axis2's HTTP transport sender over Apache HttpClient 4 (HTTP/1.1, no chunking,
     * keep-alive; its default pool of connections per client), which the generated stub releases
     * after each call.
     */
    @Override
    public SeismicClient openHttpClient(Scenario scenario, ClientCredentials credentials, URI address) {
        ConfigurationContext context = Axis2Runtime.newContext();
        TransportOutDescription http;
        try {
            http = httpSender(context);
        } catch (AxisFault e) {
            terminate(context);
            throw new IllegalStateException("Cannot set up Axis2's HTTP transport sender: " + e.getMessage(), e);
        }
        return client(context, address.toString(), http, scenario, credentials);
    }

    private static SeismicClient client(ConfigurationContext context, String address, TransportOutDescription transport,
                                        Scenario scenario, ClientCredentials credentials) {
        SeismicServiceStub stub;
        try {
            stub = new SeismicServiceStub(context, address);
        } catch (AxisFault e) {
            throw new IllegalStateException("Cannot create the Axis2 stub: " + e.getMessage(), e);
        }
        ServiceClient client = stub._getServiceClient();
        Options options = client.getOptions();
        options.setTransportOut(transport);
        // The formatter of the request (and so its encoding) is chosen by message type; Fast Infoset
        // is used from the first request, with no negotiation. The server answers in kind.
        options.setProperty(Constants.Configuration.MESSAGE_TYPE, scenario.encoding().mediaType());
        if (scenario.security() != SecurityMode.PLAIN) {
            options.setProperty(RampartMessageData.KEY_RAMPART_POLICY, RampartPolicies.client(scenario.security(), credentials));
            options.setProperty(WSHandlerConstants.PW_CALLBACK_REF,
                    PasswordCallbacks.client(credentials.username(), credentials.password()));
            engageRampart(context, client.getAxisService());
        }

        return new SeismicClient() {
            @Override
            public Answer query(Query q) {
                MatchQuakes request = new MatchQuakes();
                request.setMinTime(SeismicSkeleton.utc(q.minTime()));
                request.setMaxTime(SeismicSkeleton.utc(q.maxTime()));
                request.setMinLatitude(q.minLatitude());
                request.setMaxLatitude(q.maxLatitude());
                request.setMinLongitude(q.minLongitude());
                request.setMaxLongitude(q.maxLongitude());
                Quake[] quakes;
                try {
                    quakes = stub.matchQuakes(request).getQuakes().getQuake();
                } catch (RemoteException e) {
                    throw new IllegalStateException("Axis2 call failed: " + e.getMessage(), e);
                }
                Answer.Builder answer = new Answer.Builder();
                if (quakes != null) {
                    for (Quake k : quakes) {
                        answer.add(k.getId(), k.getTime().getTimeInMillis(), k.getLatitude(), k.getLongitude(),
                                k.getDepth(), k.getMagnitude(), k.getMagnitudeType(), k.getRegion());
                    }
                }
                return answer.build();
            }

            @Override
            public void close() {
                try {
                    stub.cleanup();
                } catch (AxisFault e) {
                    throw new IllegalStateException("Cannot clean up the Axis2 stub: " + e.getMessage(), e);
                } finally {
                    terminate(context);
                }
            }
        };
    }

    private static void engageRampart(ConfigurationContext context, AxisService service) {
        AxisConfiguration config = context.getAxisConfiguration();
        try {
            service.engageModule(config.getModule(Axis2Runtime.RAMPART));
        } catch (AxisFault e) {
            throw new IllegalStateException("Cannot engage Rampart: " + e.getMessage(), e);
        }
    }

    private static void addParameter(AxisService service, String name, Object value) {
        try {
            service.addParameter(name, value);
        } catch (AxisFault e) {
            throw new IllegalStateException("Cannot set parameter " + name + ": " + e.getMessage(), e);
        }
    }

    private static void terminate(ConfigurationContext context) {
        try {
            context.terminate();
        } catch (AxisFault e) {
            throw new IllegalStateException("Cannot shut Axis2 down: " + e.getMessage(), e);
        }
    }
}
