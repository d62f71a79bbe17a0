package org.soapbench.stack.metro;

import com.sun.xml.ws.api.message.Packet;
import com.sun.xml.ws.api.pipe.ClientTubeAssemblerContext;
import com.sun.xml.ws.api.pipe.Codec;
import com.sun.xml.ws.api.pipe.ContentType;
import com.sun.xml.ws.api.pipe.TransportTubeFactory;
import com.sun.xml.ws.api.pipe.Tube;
import com.sun.xml.ws.transport.http.client.HttpTransportPipe;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * The client's transport over http: Metro's own {@link HttpTransportPipe} (the JDK's HttpURLConnection,
 * as Metro uses by default), exactly as Metro would build it for an http address, except that where
 * secured Fast Infoset responses are read, its codec reads them through the corrected FI parser, as
 * the pipe transport does ({@link FastInfosetTextFix}); otherwise {@code signencr/fi} could not run
 * the {@code large} workload over http either.
 */
final class HttpTransport {

    private HttpTransport() {
    }

    /** Offered by a client's {@link MetroContainer} in place of Metro's default transport factory. */
    static final class Factory extends TransportTubeFactory {
        private final boolean fixFastInfosetText;

        Factory(boolean fixFastInfosetText) {
            this.fixFastInfosetText = fixFastInfosetText;
        }

        @Override
        public Tube doCreate(ClientTubeAssemblerContext context) {
            Codec codec = fixFastInfosetText ? new FixedFastInfosetCodec(context.getCodec()) : context.getCodec();
            return new HttpTransportPipe(codec, context.getBinding());
        }
    }

    /** The binding's codec, decoding Fast Infoset responses through {@link FastInfosetTextFix#decode}. */
    private static final class FixedFastInfosetCodec implements Codec {
        private final Codec codec;

        FixedFastInfosetCodec(Codec codec) {
            this.codec = codec;
        }

        @Override
        public void decode(InputStream in, String contentType, Packet reply) throws IOException {
            FastInfosetTextFix.decode(codec, in, contentType, reply);
        }

        @Override
        public void decode(ReadableByteChannel in, String contentType, Packet reply) {
            codec.decode(in, contentType, reply);
        }

        @Override
        public String getMimeType() {
            return codec.getMimeType();
        }

        @Override
        public ContentType getStaticContentType(Packet packet) {
            return codec.getStaticContentType(packet);
        }

        @Override
        public ContentType encode(Packet packet, OutputStream out) throws IOException {
            return codec.encode(packet, out);
        }

        @Override
        public ContentType encode(Packet packet, WritableByteChannel out) {
            return codec.encode(packet, out);
        }

        /** Codecs keep per-message state and are copied per concurrent call; so is the correction. */
        @Override
        public Codec copy() {
            return new FixedFastInfosetCodec(codec.copy());
        }
    }
}
