package org.soapbench.stack.metro;

import com.sun.xml.ws.api.message.Packet;
import com.sun.xml.ws.api.server.Invoker;
import com.sun.xml.ws.api.server.WSEndpoint;
import com.sun.xml.ws.api.server.WSWebServiceContext;
import com.sun.xml.wss.impl.MessageConstants;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.security.cert.X509Certificate;
import javax.security.auth.Subject;
import org.soapbench.core.contract.AcceptedSecurityCounter;
import org.soapbench.core.spi.SecurityMode;

/**
 * The endpoint's invoker, wrapped: it offers the {@link AcceptedSecurityCounter} each request that
 * reaches the service, with the proof that Metro's security tube (which runs earlier in the tubeline,
 * and faults any request that fails it or does not meet the policy) really checked them. The proof is the requester's Subject that WSIT fills
 * only after a check passed: the username, added once our {@link MetroCallbacks.UserValidator}
 * accepted the password; the client's X.509 certificate, added once it was validated against the
 * trust store for the signature (and, in signencr, the decryption of the Body is required by the
 * policy that the same tube verifies). Counted here, just before the service runs, so refused
 * requests are never counted; the invoker is the last step Metro takes before calling the service.
 */
final class AcceptedSecurityInvoker extends Invoker {

    private final Invoker service;
    private final AcceptedSecurityCounter counter;

    AcceptedSecurityInvoker(Invoker service, SecurityMode mode) {
        this.service = service;
        this.counter = new AcceptedSecurityCounter(mode);
    }

    @Override
    public Object invoke(Packet packet, Method method, Object... args)
            throws InvocationTargetException, IllegalAccessException {
        if (counter.counts()) {
            counter.offer(packet.invocationProperties.get(MessageConstants.AUTH_SUBJECT) instanceof Subject requester
                    ? requester : null, AcceptedSecurityInvoker::proves);
        }
        return service.invoke(packet, method, args);
    }

    /**
     * What the requester's Subject proves: the username once it was validated, the certificate once
     * the signature was; the Timestamp and the decrypted Body are the policy's, which the same tube enforced.
     */
    private static boolean proves(Subject requester, AcceptedSecurityCounter.Check check) {
        return switch (check) {
            case USERNAME_TOKEN -> !requester.getPublicCredentials(String.class).isEmpty();
            case SIGNATURE -> !requester.getPublicCredentials(X509Certificate.class).isEmpty();
            case TIMESTAMP, ENCRYPTION -> true;
        };
    }

    long accepted() {
        return counter.accepted();
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
