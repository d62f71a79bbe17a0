package org.soapbench.stack.metro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.xml.fastinfoset.stax.StAXDocumentParser;
import com.sun.xml.fastinfoset.stax.StAXDocumentSerializer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.junit.jupiter.api.Test;

/**
 * Why {@link FastInfosetTextFix} exists, and that it does what it says. The first test fails once
 * Metro bundles a Fast Infoset parser without the chunking bug: then the fix can go.
 */
class FastInfosetTextFixTest {

    /** Longer than the 4,096-character chunks Metro's message buffering reads text in. */
    private static final String TEXT = "0123456789".repeat(500) + "tail";
    private static final int CHUNK = 4096;

    @Test
    void metrosFastInfosetParserStillMisreadsTheSecondChunkOfALongText() throws Exception {
        XMLStreamReader parser = atText(new StAXDocumentParser(new ByteArrayInputStream(document())));
        char[] chunk = new char[CHUNK];
        assertEquals(CHUNK, parser.getTextCharacters(0, chunk, 0, CHUNK));
        int remaining = TEXT.length() - CHUNK;
        boolean misread;
        try {
            misread = parser.getTextCharacters(CHUNK, chunk, 0, CHUNK) != remaining;
        } catch (XMLStreamException e) {
            misread = true; // the ArrayIndexOutOfBoundsException Metro's client security ran into
        }
        assertTrue(misread, "The bundled Fast Infoset parser reads text chunks correctly now: remove FastInfosetTextFix.");
    }

    @Test
    void fixedParserReadsTheWholeTextInChunksAsMetrosBufferingDoes() throws Exception {
        XMLStreamReader reader = atText(new FastInfosetTextFix(new StAXDocumentParser(new ByteArrayInputStream(document()))));
        // The loop of stax-ex XMLStreamReaderToXMLStreamWriter.handleCharacters.
        StringBuilder text = new StringBuilder();
        char[] chunk = new char[CHUNK];
        for (int start = 0, read = CHUNK; read == CHUNK; start += CHUNK) {
            read = reader.getTextCharacters(start, chunk, 0, CHUNK);
            text.append(chunk, 0, read);
        }
        assertEquals(TEXT, text.toString());
    }

    private static XMLStreamReader atText(XMLStreamReader reader) throws XMLStreamException {
        while (reader.next() != XMLStreamConstants.CHARACTERS) {
            // skip to the one text node
        }
        assertEquals(TEXT.length(), reader.getTextLength(), "one text event holds the whole text");
        return reader;
    }

    private static byte[] document() throws XMLStreamException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StAXDocumentSerializer serializer = new StAXDocumentSerializer(out);
        serializer.writeStartDocument();
        serializer.writeStartElement("CipherValue");
        serializer.writeCharacters(TEXT);
        serializer.writeEndElement();
        serializer.writeEndDocument();
        serializer.close();
        return out.toByteArray();
    }
}
