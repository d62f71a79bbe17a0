package org.soapbench.stack.metro;

import com.sun.xml.ws.api.message.Packet;
import com.sun.xml.ws.api.server.Invoker;
import com.sun.xml.ws.api.server.WSEndpoint;
import com.sun.xml.ws.api.server.WSWebServiceContext;
import com.sun.xml.wss.impl.MessageConstants;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.security.cert.X509Certificate;
import java.util.concurrent.atomic.LongAdder;
import javax.security.auth.Subject;
import org.soapbench.core.spi.SecurityMode;

/**
 * The endpoint's invoker, wrapped: it counts requests that reach the service carrying the proof that
 * Metro's security tube (which runs earlier in the tubeline, and faults any request that fails it or
 * does not meet the policy) really checked them. The proof is the requester's Subject that WSIT fills
 * only after a check passed: the username, added once our {@link MetroCallbacks.UserValidator}
 * accepted the password; the client's X.509 certificate, added once it was validated against the
 * trust store for the signature (and, in signencr, the decryption of the Body is required by the
 * policy that the same tube verifies). Counted here, just before the service runs, so refused
 * requests are never counted; the invoker is the last step Metro takes before calling the service.
 */
final class AcceptedSecurityCounter extends Invoker {

    private final Invoker service;
    private final SecurityMode mode;
    private final LongAdder accepted = new LongAdder();

    AcceptedSecurityCounter(Invoker service, SecurityMode mode) {
        this.service = service;
        this.mode = mode;
    }

    @Override
    public Object invoke(Packet packet, Method method, Object... args)
            throws InvocationTargetException, IllegalAccessException {
        if (mode != SecurityMode.PLAIN && checked(packet)) {
            accepted.increment();
        }
        return service.invoke(packet, method, args);
    }

    private boolean checked(Packet packet) {
        if (!(packet.invocationProperties.get(MessageConstants.AUTH_SUBJECT) instanceof Subject requester)) {
            return false;
        }
        return switch (mode) {
            case PLAIN -> false;
            case USERNAME -> !requester.getPublicCredentials(String.class).isEmpty();
            case SIGN, SIGN_ENCRYPT -> !requester.getPublicCredentials(X509Certificate.class).isEmpty();
        };
    }

    long accepted() {
        return accepted.sum();
    }

    @Override
    public void start(WSWebServiceContext context, WSEndpoint endpoint) {
        service.start(context, endpoint);
    }

    @Override
    public void dispose() {
        service.dispose();
    }
}
