package org.soapbench.stack.cxf;

import java.util.List;
import org.apache.cxf.interceptor.ServiceInvokerInterceptor;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.handler.WSHandlerConstants;
import org.apache.wss4j.dom.handler.WSHandlerResult;
import org.soapbench.core.contract.AcceptedSecurityCounter;
import org.soapbench.core.spi.SecurityMode;

/**
 * Offers every request that reaches the service to the {@link AcceptedSecurityCounter}, with WSS4J's
 * results as the proof of the mode's checks. Runs just before the service is invoked, so refused
 * requests are never counted.
 */
final class AcceptedSecurityInterceptor extends AbstractPhaseInterceptor<Message> {

    /** WSS4J's action for each check, in {@link AcceptedSecurityCounter.Check}'s order. */
    private static final int[] ACTIONS = {WSConstants.UT, WSConstants.TS, WSConstants.SIGN, WSConstants.ENCR};

    private final AcceptedSecurityCounter counter;

    AcceptedSecurityInterceptor(SecurityMode mode) {
        super(Phase.INVOKE);
        addBefore(ServiceInvokerInterceptor.class.getName());
        counter = new AcceptedSecurityCounter(mode);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void handleMessage(Message message) {
        if (counter.counts()) {
            counter.offer((List<WSHandlerResult>) message.get(WSHandlerConstants.RECV_RESULTS),
                    (results, check) -> results.stream().anyMatch(r -> r.getActionResults()
                            .containsKey(ACTIONS[check.ordinal()])));
        }
    }

    long accepted() {
        return counter.accepted();
    }
}
