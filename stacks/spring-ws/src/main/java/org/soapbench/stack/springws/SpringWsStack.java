package org.soapbench.stack.springws;

import java.net.URI;
import java.net.http.HttpClient;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.datatype.DatatypeFactory;
import org.soapbench.core.contract.Contract;
import org.soapbench.core.contract.XmlTimes;
import org.soapbench.core.spi.Answer;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.Encoding;
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
import org.soapbench.stack.springws.generated.MatchQuakes;
import org.soapbench.stack.springws.generated.MatchQuakesResponse;
import org.soapbench.stack.springws.generated.Quake;
import org.springframework.oxm.jaxb.Jaxb2Marshaller;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.client.support.interceptor.ClientInterceptor;
import org.springframework.ws.soap.SoapVersion;
import org.springframework.ws.soap.client.core.SoapActionCallback;
import org.springframework.ws.soap.saaj.SaajSoapMessageFactory;
import org.springframework.ws.soap.security.wss4j2.Wss4jSecurityInterceptor;
import org.springframework.ws.transport.WebServiceMessageSender;
import org.springframework.ws.transport.http.JdkHttpClientMessageSender;
import org.springframework.ws.transport.http.WebServiceMessageReceiverHttpHandler;

/**
 * Spring Web Services: SAAJ RI messages (DOM), JAXB payloads, WS-Security by WSS4J through
 * {@link Wss4jSecurityInterceptor}'s named actions (no WS-SecurityPolicy: it is told the policy's
 * algorithms and parts instead); client ({@link WebServiceTemplate}) and server ({@link SpringWsServer})
 * joined only by the core pipe, or by Spring-WS's own JDK HTTP handler and JDK HTTP client sender.
 */
public final class SpringWsStack implements SoapStack {

    /** Why each check goes unmade: Wss4jSecurityInterceptor validates by actions, with no policy to hold them to. */
    private static final String ACTIONS_NOT_POLICY = "Wss4jSecurityInterceptor checks that the named actions "
            + "happened, not which parts they covered";
    private static final String NO_ALGORITHM_SUITE = "Wss4jSecurityInterceptor sets no algorithm suite for WSS4J "
            + "to hold incoming messages to, and offers no setting for one";

    private final String id = StackIdentity.idOf(SpringWsStack.class);

    @Override
    public String id() {
        return id;
    }

    @Override
    public String version() {
        return WebServiceTemplate.class.getPackage().getImplementationVersion();
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
    public Map<PolicyCheck, String> unenforcedChecks() {
        return Map.of(
                PolicyCheck.BODY_SIGNED, ACTIONS_NOT_POLICY,
                PolicyCheck.SIGNATURE_ALGORITHM, NO_ALGORITHM_SUITE,
                PolicyCheck.DIGEST_ALGORITHM, NO_ALGORITHM_SUITE,
                PolicyCheck.ENCRYPTION_ALGORITHM, NO_ALGORITHM_SUITE);
    }

    @Override
    public String runtimeDescription() {
        return "Spring-WS " + version() + " (Spring Framework "
                + org.springframework.core.SpringVersion.getVersion() + ")\n"
                + "SAAJ: " + jakarta.xml.soap.MessageFactory.class.getName() + " -> SAAJ RI "
                + com.sun.xml.messaging.saaj.soap.MessageImpl.class.getPackage().getImplementationVersion() + "\n"
                + "JAXB: " + jakarta.xml.bind.JAXBContext.class.getName() + " -> "
                + org.glassfish.jaxb.runtime.v2.ContextFactory.class.getPackage().getImplementationVersion() + "\n"
                + "WS-Security: WSS4J " + org.apache.wss4j.dom.engine.WSSecurityEngine.class.getPackage().getImplementationVersion()
                + " (Wss4jSecurityInterceptor, actions), Santuario xmlsec "
                + org.apache.xml.security.Init.class.getPackage().getImplementationVersion();
    }

    @Override
    public SeismicServer openServer(Scenario scenario, ServerCredentials credentials, SeismicService service) {
        SpringWsServer server = new SpringWsServer(scenario, credentials, service);
        PipeReceiver receiver = new PipeReceiver(server.messageFactory(), server.dispatcher());
        return SeismicServer.of(receiver, null, server::accepted, server::close);
    }

    /**
     * Over http: Spring-WS's own handler for the JDK's HTTP server ({@link WebServiceMessageReceiverHttpHandler}),
     * on a server bound to 127.0.0.1 at an ephemeral port, with a pool of worker threads and TCP_NODELAY, as
     * Metro's JDK server gets ({@link LoopbackHttp.JdkServer}).
     */
    @Override
    public SeismicServer openHttpServer(Scenario scenario, ServerCredentials credentials, SeismicService service) {
        SpringWsServer server = new SpringWsServer(scenario, credentials, service);
        LoopbackHttp.JdkServer http;
        try {
            http = LoopbackHttp.JdkServer.create("spring-ws-http", "Spring-WS's HTTP server");
            WebServiceMessageReceiverHttpHandler handler = new WebServiceMessageReceiverHttpHandler();
            handler.setMessageFactory(server.messageFactory());
            handler.setMessageReceiver(server.dispatcher());
            handler.afterPropertiesSet();
            http.server().createContext(LoopbackHttp.PATH, handler);
            http.server().start();
        } catch (Exception e) {
            server.close();
            throw new IllegalStateException("Spring-WS's HTTP server for " + scenario + " could not start: " + e, e);
        }
        URI address = http.address();
        return SeismicServer.of(LoopbackHttp.post(address), address, server::accepted, () -> {
            try {
                http.stop();
            } finally {
                server.close();
            }
        });
    }

    @Override
    public SeismicClient openClient(Scenario scenario, ClientCredentials credentials, Pipe pipe) {
        return client(scenario, credentials, new PipeMessageSender(pipe), URI.create(Contract.ADDRESS));
    }

    /**
     * Over http: Spring-WS's sender on the JDK's java.net.http client, told to speak HTTP/1.1 as every stack's
     * client does (it would offer HTTP/2 otherwise) and not to ask for gzip (no stack compresses). Each request
     * goes out whole, with a Content-Length; keep-alive is the client's default.
     */
    @Override
    public SeismicClient openHttpClient(Scenario scenario, ClientCredentials credentials, URI address) {
        JdkHttpClientMessageSender sender = new JdkHttpClientMessageSender(
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build());
        sender.setAcceptGzipEncoding(false);
        return client(scenario, credentials, sender, address);
    }

    private SeismicClient client(Scenario scenario, ClientCredentials credentials, WebServiceMessageSender sender,
                                 URI address) {
        WebServiceTemplate template;
        try {
            template = new WebServiceTemplate(messageFactory(scenario.encoding()));
            Jaxb2Marshaller jaxb = new Jaxb2Marshaller();
            jaxb.setClassesToBeBound(MatchQuakes.class, MatchQuakesResponse.class);
            jaxb.setBeanClassLoader(SpringWsStack.class.getClassLoader());
            jaxb.afterPropertiesSet();
            template.setMarshaller(jaxb);
            template.setUnmarshaller(jaxb);
            template.setMessageSender(sender);
            template.setDefaultUri(address.toString());
            Wss4jSecurityInterceptor security = SpringWsSecurity.client(scenario.security(), credentials);
            if (security != null) {
                template.setInterceptors(new ClientInterceptor[] {security});
            }
            template.afterPropertiesSet();
        } catch (Exception e) {
            throw new IllegalStateException("Spring-WS client for " + scenario + " could not start: " + e, e);
        }
        DatatypeFactory datatypes = XmlTimes.datatypeFactory();
        // The WSDL's soapAction, sent as the other stacks send it.
        SoapActionCallback soapAction = new SoapActionCallback(Contract.SOAP_ACTION);

        return new SeismicClient() {
            @Override
            public Answer query(Query q) {
                MatchQuakes request = new MatchQuakes();
                request.setMinTime(XmlTimes.toCalendar(datatypes, q.minTime()));
                request.setMaxTime(XmlTimes.toCalendar(datatypes, q.maxTime()));
                request.setMinLatitude(q.minLatitude());
                request.setMaxLatitude(q.maxLatitude());
                request.setMinLongitude(q.minLongitude());
                request.setMaxLongitude(q.maxLongitude());
                MatchQuakesResponse response = (MatchQuakesResponse) template.marshalSendAndReceive(request, soapAction);
                Answer.Builder answer = new Answer.Builder();
                List<Quake> quakes = response.getQuakes().getQuake();
                for (Quake k : quakes) {
                    answer.add(k.getId(), XmlTimes.toMillis(k.getTime()), k.getLatitude(), k.getLongitude(),
                            k.getDepth(), k.getMagnitude(), k.getMagnitudeType(), k.getRegion());
                }
                return answer.build();
            }

            @Override
            public void close() {
            }
        };
    }

    /** SAAJ RI's SOAP 1.1 messages; Fast Infoset ones for {@code fi} ({@link FastInfosetMessages}). */
    static SaajSoapMessageFactory messageFactory(Encoding encoding) throws Exception {
        SaajSoapMessageFactory factory = encoding == Encoding.FAST_INFOSET ? new FastInfosetMessages()
                : new SaajSoapMessageFactory();
        factory.setSoapVersion(SoapVersion.SOAP_11);
        factory.afterPropertiesSet();
        return factory;
    }
}
