package org.soapbench.stack.axis2;

import java.util.List;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.engine.MessageReceiver;
import org.apache.ws.security.WSConstants;
import org.apache.ws.security.WSSecurityEngineResult;
import org.apache.ws.security.handler.WSHandlerConstants;
import org.apache.ws.security.handler.WSHandlerResult;
import org.soapbench.core.contract.AcceptedSecurityCounter;

/**
 * Wraps the operation's message receiver ({@code service}): after the whole in-flow has run (Rampart's
 * checks and its policy validation included), it offers the request to the {@link AcceptedSecurityCounter}
 * with Rampart's results (the WSS4J results RampartReceiver stores under RECV_RESULTS) as the proof of
 * the mode's checks. Then the generated receiver invokes the service. A refused request never gets here.
 */
record AcceptedSecurityReceiver(MessageReceiver service, AcceptedSecurityCounter counter) implements MessageReceiver {

    /** WSS4J 1.6's action for each check, in {@link AcceptedSecurityCounter.Check}'s order. */
    private static final int[] ACTIONS = {WSConstants.UT, WSConstants.TS, WSConstants.SIGN, WSConstants.ENCR};

    @Override
    @SuppressWarnings("unchecked")
    public void receive(MessageContext message) throws AxisFault {
        if (counter.counts()) {
            counter.offer((List<WSHandlerResult>) message.getProperty(WSHandlerConstants.RECV_RESULTS),
                    (results, check) -> results.stream().anyMatch(r -> has(r.getResults(), ACTIONS[check.ordinal()])));
        }
        service.receive(message);
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
        return counter.accepted();
    }
}
