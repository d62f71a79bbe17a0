package org.soapbench.stack.jaxb;

import jakarta.jws.WebService;
import java.util.List;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;
import org.soapbench.core.contract.XmlTimes;
import org.soapbench.core.spi.Query;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.stack.jaxb.generated.Quake;
import org.soapbench.stack.jaxb.generated.QuakeSet;
import org.soapbench.stack.jaxb.generated.SeismicPortType;

/**
 * The service as a JAX-WS stack sees it, CXF's and Metro's alike (each compiles it against the types
 * its own generator writes from the same WSDL, into the same package), and the floor's mapping: the
 * generated types to the core service and back.
 */
@WebService(serviceName = "SeismicService", portName = "SeismicPort", targetNamespace = "urn:soapbench:seismic",
        endpointInterface = "org.soapbench.stack.jaxb.generated.SeismicPortType")
public class SeismicPortImpl implements SeismicPortType {

    private final SeismicService service;
    private final DatatypeFactory datatypes;

    public SeismicPortImpl(SeismicService service, DatatypeFactory datatypes) {
        this.service = service;
        this.datatypes = datatypes;
    }

    @Override
    public QuakeSet matchQuakes(XMLGregorianCalendar minTime, XMLGregorianCalendar maxTime, double minLatitude,
                                double maxLatitude, double minLongitude, double maxLongitude) {
        org.soapbench.core.spi.Quake[] found = service.match(new Query(XmlTimes.toMillis(minTime), XmlTimes.toMillis(maxTime),
                minLatitude, maxLatitude, minLongitude, maxLongitude));
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
        return set;
    }
}
