package org.soapbench.stack.metro;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;

/**
 * Metro's own Fast Infoset parser with one StAX method corrected, nothing else changed.
 *
 * <p>{@code StAXDocumentParser.getTextCharacters(int sourceStart, char[], int, int length)} (FastInfoset
 * 2.1.0 bundled in Metro 4.0.2, unchanged in 2.1.1, the newest on Maven Central) clamps {@code length}
 * to the whole text length instead of to what remains after {@code sourceStart} (eclipse-ee4j/jaxb-fi
 * issue 18, closed with only half of it fixed). Metro's client security buffers every secured response
 * ({@code SecurityTubeBase.verifyInboundMessage} → {@code LazyStreamBasedMessage.readMessage} →
 * {@code StreamMessage.writeTo} → stax-ex {@code XMLStreamReaderToXMLStreamWriter.handleCharacters}),
 * and that bridge reads each text node in 4,096-character chunks through exactly this method; so any
 * text node longer than that (an encrypted Body's CipherValue above about 3 KB of ciphertext) fails
 * with an {@code ArrayIndexOutOfBoundsException} and Metro faults the response as an
 * "Invalid Security Header". This delegate clamps to the remaining characters, as the StAX contract
 * says, and passes every other call straight to the parser.
 */
final class FastInfosetTextFix extends StreamReaderDelegate {

    FastInfosetTextFix(XMLStreamReader parser) {
        super(parser);
    }

    @Override
    public int getTextCharacters(int sourceStart, char[] target, int targetStart, int length) throws XMLStreamException {
        int remaining = getTextLength() - sourceStart;
        return remaining <= 0 ? 0 : super.getTextCharacters(sourceStart, target, targetStart, Math.min(length, remaining));
    }
}
