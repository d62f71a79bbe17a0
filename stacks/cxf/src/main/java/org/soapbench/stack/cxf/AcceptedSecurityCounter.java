package org.soapbench.stack.cxf;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.apache.cxf.interceptor.ServiceInvokerInterceptor;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.handler.WSHandlerConstants;
import org.apache.wss4j.dom.handler.WSHandlerResult;
import org.soapbench.core.spi.SecurityMode;

/**
 * Counts requests that reach the service with WSS4J's results proving the mode's checks ran:
 * an authenticated UsernameToken, a verified signature, a decrypted body. Runs just before the
 * service is invoked, so refused requests are never counted.
 */
final class AcceptedSecurityCounter extends AbstractPhaseInterceptor<Message> {

    private final int[] requiredActions;
    private final LongAdder accepted = new LongAdder();

    AcceptedSecurityCounter(SecurityMode mode) {
        super(Phase.INVOKE);
        addBefore(ServiceInvokerInterceptor.class.getName());
        requiredActions = switch (mode) {
            case PLAIN -> new int[0];
            case USERNAME -> new int[] {WSConstants.UT};
            case SIGN -> new int[] {WSConstants.TS, WSConstants.SIGN};
            case SIGN_ENCRYPT -> new int[] {WSConstants.TS, WSConstants.SIGN, WSConstants.ENCR};
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public void handleMessage(Message message) {
        if (requiredActions.length == 0) {
            return;
        }
        List<WSHandlerResult> results = (List<WSHandlerResult>) message.get(WSHandlerConstants.RECV_RESULTS);
        if (results == null) {
            return;
        }
        for (int action : requiredActions) {
            if (results.stream().noneMatch(r -> r.getActionResults().containsKey(action))) {
                return;
            }
        }
        accepted.increment();
    }

    long accepted() {
        return accepted.sum();
    }
}
