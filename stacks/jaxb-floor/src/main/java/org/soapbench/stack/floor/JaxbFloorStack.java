package org.soapbench.stack.floor;

import com.ctc.wstx.stax.WstxInputFactory;
import com.ctc.wstx.stax.WstxOutputFactory;
import com.sun.xml.fastinfoset.stax.StAXDocumentParser;
import com.sun.xml.fastinfoset.stax.StAXDocumentSerializer;
import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.EnumSet;
import java.util.Set;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import org.soapbench.core.contract.XmlTimes;
import org.soapbench.core.spi.Answer;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.Encoding;
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
import org.soapbench.core.spi.WireMessage;
import org.soapbench.stack.jaxb.QuakeAnswers;
import org.soapbench.stack.jaxb.SeismicPortImpl;
import org.soapbench.stack.jaxb.generated.MatchQuakes;
import org.soapbench.stack.jaxb.generated.MatchQuakesResponse;

/**
 * The floor every stack is read against: the request and response bodies (the wrapper elements a
 * SOAP Body would carry) marshalled and unmarshalled by JAXB over Woodstox or Fast Infoset, through
 * the same pipe, with no envelope, no SOAP binding and no security. It runs {@code plain} only.
 */
public final class JaxbFloorStack implements SoapStack {

    private final String id = StackIdentity.idOf(JaxbFloorStack.class);
    private final JAXBContext context;
    private final XMLInputFactory xmlInput = new WstxInputFactory();
    private final XMLOutputFactory xmlOutput = new WstxOutputFactory();

    public JaxbFloorStack() {
        try {
            context = JAXBContext.newInstance(MatchQuakes.class, MatchQuakesResponse.class);
        } catch (JAXBException e) {
            throw new IllegalStateException("The JAXB floor cannot start", e);
        }
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String version() {
        return "JAXB " + org.glassfish.jaxb.runtime.v2.ContextFactory.class.getPackage().getImplementationVersion();
    }

    @Override
    public Set<SecurityMode> securityModes() {
        return EnumSet.of(SecurityMode.PLAIN);
    }

    @Override
    public Set<Encoding> encodings() {
        return EnumSet.allOf(Encoding.class);
    }

    @Override
    public String runtimeDescription() {
        return "JAXB: " + context.getClass().getName() + "\nStAX: " + xmlInput.getClass().getName()
                + "\nFast Infoset: " + StAXDocumentSerializer.class.getName();
    }

    @Override
    public SeismicServer openServer(Scenario scenario, ServerCredentials credentials, SeismicService service) {
        Encoding encoding = scenario.encoding();
        SeismicPortImpl port = new SeismicPortImpl(service, XmlTimes.datatypeFactory()); // the JAX-WS stacks' own mapping
        return new SeismicServer() {
            @Override
            public org.soapbench.core.spi.Endpoint endpoint() {
                return request -> {
                    MatchQuakes m = (MatchQuakes) read(encoding, request.body());
                    MatchQuakesResponse response = new MatchQuakesResponse();
                    response.setQuakes(port.matchQuakes(m.getMinTime(), m.getMaxTime(), m.getMinLatitude(),
                            m.getMaxLatitude(), m.getMinLongitude(), m.getMaxLongitude()));
                    return WireMessage.response(contentType(encoding), write(encoding, response), false);
                };
            }

            @Override
            public long securedRequestsAccepted() {
                return 0;
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public SeismicClient openClient(Scenario scenario, ClientCredentials credentials, Pipe pipe) {
        Encoding encoding = scenario.encoding();
        DatatypeFactory datatypes = XmlTimes.datatypeFactory();
        return new SeismicClient() {
            @Override
            public Answer query(Query q) {
                MatchQuakes m = new MatchQuakes();
                m.setMinTime(XmlTimes.toCalendar(datatypes, q.minTime()));
                m.setMaxTime(XmlTimes.toCalendar(datatypes, q.maxTime()));
                m.setMinLatitude(q.minLatitude());
                m.setMaxLatitude(q.maxLatitude());
                m.setMinLongitude(q.minLongitude());
                m.setMaxLongitude(q.maxLongitude());
                WireMessage response = pipe.exchange(WireMessage.request(contentType(encoding), null, write(encoding, m)));
                MatchQuakesResponse r = (MatchQuakesResponse) read(encoding, response.body());
                return QuakeAnswers.of(r.getQuakes().getQuake());
            }

            @Override
            public void close() {
            }
        };
    }

    private static String contentType(Encoding encoding) {
        return encoding == Encoding.XML ? "text/xml; charset=UTF-8" : encoding.mediaType();
    }

    /** Marshals with a fresh Marshaller, as SOAP stacks do per message (Marshallers are not thread-safe). */
    private byte[] write(Encoding encoding, Object element) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
        try {
            XMLStreamWriter writer = encoding == Encoding.XML
                    ? xmlOutput.createXMLStreamWriter(out, "UTF-8") : new StAXDocumentSerializer(out);
            context.createMarshaller().marshal(element, writer); // writes start and end of document
            writer.close();
        } catch (JAXBException | XMLStreamException e) {
            throw new IllegalStateException("The JAXB floor failed to write " + encoding.id(), e);
        }
        return out.toByteArray();
    }

    private Object read(Encoding encoding, byte[] body) {
        try {
            InputStream in = new ByteArrayInputStream(body);
            XMLStreamReader reader = encoding == Encoding.XML
                    ? xmlInput.createXMLStreamReader(in) : new StAXDocumentParser(in);
            Object value = context.createUnmarshaller().unmarshal(reader);
            reader.close();
            return value;
        } catch (JAXBException | XMLStreamException e) {
            throw new IllegalStateException("The JAXB floor failed to read " + encoding.id(), e);
        }
    }
}
