package org.soapbench.stack.springws;

import java.util.List;
import javax.xml.datatype.DatatypeFactory;
import org.soapbench.core.contract.Contract;
import org.soapbench.core.contract.XmlTimes;
import org.soapbench.core.spi.Query;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.stack.springws.generated.MatchQuakes;
import org.soapbench.stack.springws.generated.MatchQuakesResponse;
import org.soapbench.stack.springws.generated.Quake;
import org.soapbench.stack.springws.generated.QuakeSet;
import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;
import org.springframework.ws.soap.server.endpoint.annotation.SoapAction;

/**
 * The service as Spring-WS users write one: an annotated endpoint whose JAXB payloads Spring-WS's default
 * method adapter binds (its JAXB processor for {@code @XmlRootElement} classes); maps them to the core service.
 * It is mapped by its payload's root element and by the WSDL's SOAPAction, as {@code @EnableWs} maps both:
 * an encrypted Body's root is xenc:EncryptedData until the security interceptor, which runs after mapping,
 * has decrypted it, so a {@code signencr} request is found by its SOAPAction.
 */
@Endpoint
public class SeismicEndpoint {

    private final SeismicService service;
    private final DatatypeFactory datatypes;

    SeismicEndpoint(SeismicService service, DatatypeFactory datatypes) {
        this.service = service;
        this.datatypes = datatypes;
    }

    @PayloadRoot(namespace = Contract.NAMESPACE, localPart = "matchQuakes")
    @SoapAction(Contract.SOAP_ACTION)
    @ResponsePayload
    public MatchQuakesResponse matchQuakes(@RequestPayload MatchQuakes request) {
        org.soapbench.core.spi.Quake[] found = service.match(new Query(XmlTimes.toMillis(request.getMinTime()),
                XmlTimes.toMillis(request.getMaxTime()), request.getMinLatitude(), request.getMaxLatitude(),
                request.getMinLongitude(), request.getMaxLongitude()));
        QuakeSet set = new QuakeSet();
        List<Quake> quakes = set.getQuake();
        for (org.soapbench.core.spi.Quake q : found) {
            Quake out = new Quake();
            out.setId(q.id());
            out.setTime(XmlTimes.toCalendar(datatypes, q.timeMillis()));
            out.setLatitude(q.latitude());
            out.setLongitude(q.longitude());
            out.setDepth(q.depthKm());
            out.setMagnitude(q.magnitude());
            out.setMagnitudeType(q.magnitudeType());
            out.setRegion(q.region());
            quakes.add(out);
        }
        MatchQuakesResponse response = new MatchQuakesResponse();
        response.setQuakes(set);
        return response;
    }
}
