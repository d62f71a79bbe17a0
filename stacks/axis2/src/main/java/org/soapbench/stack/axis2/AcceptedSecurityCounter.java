package org.soapbench.stack.axis2;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.engine.MessageReceiver;
import org.apache.ws.security.WSConstants;
import org.apache.ws.security.WSSecurityEngineResult;
import org.apache.ws.security.handler.WSHandlerConstants;
import org.apache.ws.security.handler.WSHandlerResult;
import org.soapbench.core.spi.SecurityMode;

/**
 * Wraps the operation's message receiver: after the whole in-flow has run (Rampart's checks and
 * its policy validation included), it counts the request if Rampart's results (the WSS4J results
 * RampartReceiver stores under RECV_RESULTS) prove the mode's checks ran: an authenticated
 * UsernameToken, a verified signature, a decrypted body. Then the generated receiver invokes the
 * service. A refused request never gets here.
 */
final class AcceptedSecurityCounter implements MessageReceiver {

    private final MessageReceiver service;
    private final int[] requiredActions;
    private final LongAdder accepted = new LongAdder();

    AcceptedSecurityCounter(MessageReceiver service, SecurityMode mode) {
        this.service = service;
        requiredActions = switch (mode) {
            case PLAIN -> new int[0];
            case USERNAME -> new int[] {WSConstants.UT};
            case SIGN -> new int[] {WSConstants.TS, WSConstants.SIGN};
            case SIGN_ENCRYPT -> new int[] {WSConstants.TS, WSConstants.SIGN, WSConstants.ENCR};
        };
    }

    @Override
    public void receive(MessageContext message) throws AxisFault {
        if (requiredActions.length > 0 && checked(message)) {
            accepted.increment();
        }
        service.receive(message);
    }

    @SuppressWarnings("unchecked")
    private boolean checked(MessageContext message) {
        List<WSHandlerResult> results = (List<WSHandlerResult>) message.getProperty(WSHandlerConstants.RECV_RESULTS);
        if (results == null) {
            return false;
        }
        for (int action : requiredActions) {
            if (results.stream().noneMatch(r -> has(r.getResults(), action))) {
                return false;
            }
        }
        return true;
    }

    private static boolean has(List<WSSecurityEngineResult> results, int action) {
        for (WSSecurityEngineResult result : results) {
            if (Integer.valueOf(action).equals(result.get(WSSecurityEngineResult.TAG_ACTION))) {
                return true;
            }
        }
        return false;
    }

    long accepted() {
        return accepted.sum();
    }
}
