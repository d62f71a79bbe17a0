package org.soapbench.stack.springws;

import java.util.ArrayList;
import java.util.List;
import org.soapbench.core.contract.XmlTimes;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.ServerCredentials;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.ws.server.EndpointInterceptor;
import org.springframework.ws.server.endpoint.adapter.DefaultMethodEndpointAdapter;
import org.springframework.ws.server.endpoint.mapping.PayloadRootAnnotationMethodEndpointMapping;
import org.springframework.ws.soap.saaj.SaajSoapMessageFactory;
import org.springframework.ws.soap.security.wss4j2.Wss4jSecurityInterceptor;
import org.springframework.ws.soap.server.SoapMessageDispatcher;
import org.springframework.ws.soap.server.endpoint.mapping.SoapActionAnnotationMethodEndpointMapping;
import org.springframework.ws.soap.server.endpoint.SimpleSoapExceptionResolver;
import org.springframework.ws.soap.server.endpoint.SoapFaultAnnotationExceptionResolver;

/**
 * A Spring-WS server as {@code @EnableWs} assembles one, without a servlet: an application context holding
 * the annotated endpoint, the payload-root and SOAPAction mappings with the security interceptor (and the
 * counter after it), the default method adapter and the SOAP fault resolvers; a {@link SoapMessageDispatcher} (what
 * {@code MessageDispatcherServlet} uses) that takes its strategies from that context; and the SAAJ message
 * factory. Any transport hands it a connection ({@link PipeReceiver}, or Spring-WS's JDK HTTP handler).
 */
final class SpringWsServer implements AutoCloseable {

    private final GenericApplicationContext context;
    private final SoapMessageDispatcher dispatcher;
    private final SaajSoapMessageFactory messageFactory;
    private final AcceptedSecurityInterceptor counter;

    SpringWsServer(Scenario scenario, ServerCredentials credentials, SeismicService service) {
        try {
            Wss4jSecurityInterceptor security = SpringWsSecurity.server(scenario.security(), credentials);
            counter = new AcceptedSecurityInterceptor(scenario.security());
            List<EndpointInterceptor> interceptors = new ArrayList<>();
            if (scenario.security() == SecurityMode.SIGN_ENCRYPT) {
                interceptors.add(new SaajWrappers());
            }
            if (security != null) {
                interceptors.add(security);
            }
            interceptors.add(counter);

            context = new GenericApplicationContext();
            context.setClassLoader(SpringWsServer.class.getClassLoader());
            context.registerBean(SeismicEndpoint.class, () -> new SeismicEndpoint(service, XmlTimes.datatypeFactory()));
            // @EnableWs's mappings, in its order, each with the interceptors (as WsConfigurer.addInterceptors gives them).
            context.registerBean(PayloadRootAnnotationMethodEndpointMapping.class, () -> {
                PayloadRootAnnotationMethodEndpointMapping mapping = new PayloadRootAnnotationMethodEndpointMapping();
                mapping.setOrder(0);
                mapping.setInterceptors(interceptors.toArray(EndpointInterceptor[]::new));
                return mapping;
            });
            context.registerBean(SoapActionAnnotationMethodEndpointMapping.class, () -> {
                SoapActionAnnotationMethodEndpointMapping mapping = new SoapActionAnnotationMethodEndpointMapping();
                mapping.setOrder(1);
                mapping.setInterceptors(interceptors.toArray(EndpointInterceptor[]::new));
                return mapping;
            });
            context.registerBean(DefaultMethodEndpointAdapter.class);
            context.registerBean(SoapFaultAnnotationExceptionResolver.class);
            context.registerBean(SimpleSoapExceptionResolver.class);
            context.refresh();

            dispatcher = new SoapMessageDispatcher();
            dispatcher.setApplicationContext(context);
            messageFactory = SpringWsStack.messageFactory(scenario.encoding());
        } catch (Exception e) {
            throw new IllegalStateException("Spring-WS server for " + scenario + " could not start: " + e, e);
        }
    }

    SoapMessageDispatcher dispatcher() {
        return dispatcher;
    }

    SaajSoapMessageFactory messageFactory() {
        return messageFactory;
    }

    long accepted() {
        return counter.accepted();
    }

    @Override
    public void close() {
        context.close();
    }
}
