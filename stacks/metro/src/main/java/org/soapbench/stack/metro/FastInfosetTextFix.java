package org.soapbench.stack.metro;

import com.sun.xml.ws.api.message.Packet;
import com.sun.xml.ws.api.pipe.Codec;
import com.sun.xml.ws.api.pipe.SOAPBindingCodec;
import com.sun.xml.ws.encoding.ContentTypeImpl;
import com.sun.xml.ws.encoding.fastinfoset.FastInfosetStreamReaderFactory;
import java.io.IOException;
import java.io.InputStream;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;
import org.soapbench.core.spi.Encoding;

/**
 * Metro's own Fast Infoset parser with one StAX method corrected, nothing else changed.
 *
 * <p>{@code StAXDocumentParser.getTextCharacters(int sourceStart, char[], int, int length)} (FastInfoset
 * 2.1.0 bundled in Metro 4.0.2, unchanged in 2.1.1, which Metro 4.0.5 bundles and the newest on Maven Central) clamps {@code length}
 * to the whole text length instead of to what remains after {@code sourceStart} (eclipse-ee4j/jaxb-fi
 * issue 18, closed with only half of it fixed). Metro's client security buffers every secured response
 * ({@code SecurityTubeBase.verifyInboundMessage} → {@code LazyStreamBasedMessage.readMessage} →
 * {@code StreamMessage.writeTo} → stax-ex {@code XMLStreamReaderToXMLStreamWriter.handleCharacters}),
 * and that bridge reads each text node in 4,096-character chunks through exactly this method; so any
 * text node longer than that (an encrypted Body's CipherValue above about 3 KB of ciphertext) fails
 * with an {@code ArrayIndexOutOfBoundsException} and Metro faults the response as an
 * "Invalid Security Header". This delegate clamps to the remaining characters, as the StAX contract
 * says, and passes every other call straight to the parser. Both client transports, the pipe's
 * and http's, read secured Fast Infoset responses through {@link #decode}.
 */
final class FastInfosetTextFix extends StreamReaderDelegate {

    FastInfosetTextFix(XMLStreamReader parser) {
        super(parser);
    }

    /**
     * The binding codec's decoding; for a Fast Infoset response, what Metro's FI codec does
     * ({@code FastInfosetStreamSOAPCodec.decode}: Metro's FI parser from Metro's own factory, read by
     * the binding's SOAP codec), with the parser corrected.
     */
    static void decode(Codec codec, InputStream in, String contentType, Packet reply) throws IOException {
        if (Encoding.ofContentType(contentType) == Encoding.FAST_INFOSET && codec instanceof SOAPBindingCodec binding) {
            reply.setContentType(new ContentTypeImpl(contentType));
            reply.setMessage(binding.getXMLCodec().decode(
                    new FastInfosetTextFix(FastInfosetStreamReaderFactory.getInstance().doCreate(null, in, false))));
        } else {
            codec.decode(in, contentType, reply);
        }
    }

    @Override
    public int getTextCharacters(int sourceStart, char[] target, int targetStart, int length) throws XMLStreamException {
        int remaining = getTextLength() - sourceStart;
        return remaining <= 0 ? 0 : super.getTextCharacters(sourceStart, target, targetStart, Math.min(length, remaining));
    }
}
