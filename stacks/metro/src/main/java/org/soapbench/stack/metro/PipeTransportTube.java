package org.soapbench.stack.metro;

import com.sun.xml.ws.api.message.Packet;
import com.sun.xml.ws.api.pipe.ClientTubeAssemblerContext;
import com.sun.xml.ws.api.pipe.Codec;
import com.sun.xml.ws.api.pipe.ContentType;
import com.sun.xml.ws.api.pipe.NextAction;
import com.sun.xml.ws.api.pipe.TransportTubeFactory;
import com.sun.xml.ws.api.pipe.Tube;
import com.sun.xml.ws.api.pipe.TubeCloner;
import com.sun.xml.ws.api.pipe.helper.AbstractTubeImpl;
import jakarta.xml.ws.WebServiceException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.WireMessage;

/**
 * The client's transport over the core pipe, in place of Metro's {@code HttpTransportPipe} (Metro
 * 4.0.2 and 4.0.5 ship only HTTP and SOAP/TCP transports, both over sockets). Like the HTTP transport, it
 * encodes the packet with the binding's codec (XML or Fast Infoset, after the whole tubeline,
 * security included, has run), sends the bytes with their Content-Type and SOAPAction, and decodes
 * the response bytes into the reply packet; all of it in the caller's thread, returning at once.
 */
final class PipeTransportTube extends AbstractTubeImpl {

    private final Codec codec;
    private final Pipe pipe;
    private final boolean fixFastInfosetText;

    private PipeTransportTube(Codec codec, Pipe pipe, boolean fixFastInfosetText) {
        this.codec = codec;
        this.pipe = pipe;
        this.fixFastInfosetText = fixFastInfosetText;
    }

    /** Tubes are copied per concurrent call; a codec keeps per-message state, so each copy gets its own. */
    private PipeTransportTube(PipeTransportTube that, TubeCloner cloner) {
        super(that, cloner);
        this.codec = that.codec.copy();
        this.pipe = that.pipe;
        this.fixFastInfosetText = that.fixFastInfosetText;
    }

    @Override
    public NextAction processRequest(Packet request) {
        return doReturnWith(exchange(request));
    }

    private Packet exchange(Packet request) {
        try {
            ByteArrayOutputStream body = new ByteArrayOutputStream(8192);
            ContentType type = codec.encode(request, body);
            // As HttpTransportPipe writes it: the quoted action, or "" when there is none.
            String action = type.getSOAPActionHeader() != null ? type.getSOAPActionHeader() : "\"\"";
            WireMessage response = pipe.exchange(WireMessage.request(type.getContentType(), action, body.toByteArray()));
            Packet reply = request.createClientResponse(null);
            if (response.body().length > 0) {
                decode(new ByteArrayInputStream(response.body()), response.contentType(), reply);
            }
            return reply;
        } catch (IOException e) {
            throw new WebServiceException(e);
        }
    }

    /**
     * The binding codec's decoding; a Fast Infoset response that Metro's security will buffer is read
     * through the corrected FI parser ({@link FastInfosetTextFix#decode}).
     */
    private void decode(InputStream in, String contentType, Packet reply) throws IOException {
        if (fixFastInfosetText) {
            FastInfosetTextFix.decode(codec, in, contentType, reply);
        } else {
            codec.decode(in, contentType, reply);
        }
    }

    @Override
    public NextAction processResponse(Packet response) {
        return doReturnWith(response);
    }

    @Override
    public NextAction processException(Throwable t) {
        return doThrow(t);
    }

    @Override
    public void preDestroy() {
    }

    @Override
    public PipeTransportTube copy(TubeCloner cloner) {
        return new PipeTransportTube(this, cloner);
    }

    /**
     * Offered by a client's {@link MetroContainer}: every port of that client talks through its pipe.
     * {@code fixFastInfosetText} where responses are Fast Infoset and secured (Metro's client security
     * buffers them, see {@link FastInfosetTextFix}).
     */
    static final class Factory extends TransportTubeFactory {
        private final Pipe pipe;
        private final boolean fixFastInfosetText;

        Factory(Pipe pipe, boolean fixFastInfosetText) {
            this.pipe = pipe;
            this.fixFastInfosetText = fixFastInfosetText;
        }

        @Override
        public Tube doCreate(ClientTubeAssemblerContext context) {
            return new PipeTransportTube(context.getCodec(), pipe, fixFastInfosetText);
        }
    }
}
