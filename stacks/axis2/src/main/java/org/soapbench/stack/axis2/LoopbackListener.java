package org.soapbench.stack.axis2;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.RejectedExecutionException;
import org.apache.axis2.transport.http.server.AxisHttpConnectionImpl;
import org.apache.axis2.transport.http.server.DefaultConnectionListener;
import org.apache.axis2.transport.http.server.DefaultConnectionListenerFailureHandler;
import org.apache.axis2.transport.http.server.HttpConnectionManager;
import org.apache.axis2.transport.http.server.HttpFactory;
import org.apache.axis2.transport.http.server.IOProcessor;
import org.apache.http.params.HttpParams;
import org.soapbench.core.wire.LoopbackHttp;

/**
 * The connection listener of Axis2's SimpleHTTPServer, bound to 127.0.0.1 at an ephemeral port.
 * Axis2's own (DefaultConnectionListener) binds the given port on every interface, which the http
 * transport must not; everything after accept (HttpCore's connection, Axis2's connection manager,
 * its worker pool and AxisHttpService) is Axis2's own. Axis2 1.7.9's server takes nothing but a
 * DefaultConnectionListener (it asks it for the port it bound), so this is one, with each of its
 * methods replaced; its own socket is never opened. The socket is bound when the listener is
 * created, so the port is known, and a failure to bind is a failure at setup.
 */
final class LoopbackListener extends DefaultConnectionListener {

    private final ServerSocket socket;
    private final HttpConnectionManager connections;
    private final HttpParams params;
    private volatile boolean destroyed;

    private LoopbackListener(HttpConnectionManager connections, HttpParams params) throws IOException {
        super(0, connections, new DefaultConnectionListenerFailureHandler(), params);
        this.socket = new ServerSocket(0, 50, LoopbackHttp.host());
        this.connections = connections;
        this.params = params;
    }

    /** Bound at creation: there is nothing to wait for. */
    @Override
    public void awaitSocketOpen() {
    }

    @Override
    public int getPort() {
        return socket.getLocalPort();
    }

    @Override
    public void run() {
        try {
            while (!destroyed && !Thread.currentThread().isInterrupted()) {
                Socket accepted;
                try {
                    accepted = socket.accept();
                } catch (IOException e) {
                    break; // closed by destroy()
                }
                try {
                    connections.process(new AxisHttpConnectionImpl(accepted, params));
                } catch (RejectedExecutionException | IOException e) {
                    accepted.close();
                }
            }
        } catch (IOException e) {
            // A connection that could not even be closed: the listener stops, as Axis2's does.
        } finally {
            destroy();
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    @Override
    public void destroy() {
        destroyed = true;
        try {
            close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    /** Axis2's HttpFactory, except for the listener it creates, which it keeps so that its port can be read. */
    static final class Factory extends HttpFactory {
        private LoopbackListener listener;

        Factory(org.apache.axis2.context.ConfigurationContext context) throws org.apache.axis2.AxisFault {
            super(context, 0);
        }

        @Override
        public IOProcessor newRequestConnectionListener(int port, HttpConnectionManager manager, HttpParams params)
                throws IOException {
            listener = new LoopbackListener(manager, params);
            return listener;
        }

        /** The port the listener bound; only after the server has started. */
        int port() {
            if (listener == null) {
                throw new IllegalStateException("Axis2's HTTP server created no connection listener.");
            }
            return listener.getPort();
        }
    }
}
