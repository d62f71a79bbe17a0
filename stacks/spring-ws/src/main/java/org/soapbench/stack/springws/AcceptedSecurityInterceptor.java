package org.soapbench.stack.springws;

import java.util.List;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.engine.WSSecurityEngineResult;
import org.apache.wss4j.dom.handler.WSHandlerConstants;
import org.apache.wss4j.dom.handler.WSHandlerResult;
import org.soapbench.core.contract.AcceptedSecurityCounter;
import org.soapbench.core.spi.SecurityMode;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.server.EndpointInterceptor;

/**
 * Offers every request that reaches the endpoint to the {@link AcceptedSecurityCounter}, with WSS4J's
 * results as the proof of the mode's checks. It follows the security interceptor in the endpoint's
 * chain, so refused requests are never counted.
 */
final class AcceptedSecurityInterceptor implements EndpointInterceptor {

    /** WSS4J's action for each check, in {@link AcceptedSecurityCounter.Check}'s order. */
    private static final int[] ACTIONS = {WSConstants.UT, WSConstants.TS, WSConstants.SIGN, WSConstants.ENCR};

    private final AcceptedSecurityCounter counter;

    AcceptedSecurityInterceptor(SecurityMode mode) {
        counter = new AcceptedSecurityCounter(mode);
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean handleRequest(MessageContext messageContext, Object endpoint) {
        if (counter.counts()) {
            // Spring-WS records WSS4J's results without the by-action index CXF's handler fills: read each result's action.
            counter.offer((List<WSHandlerResult>) messageContext.getProperty(WSHandlerConstants.RECV_RESULTS),
                    (results, check) -> results.stream().flatMap(r -> r.getResults().stream()).anyMatch(r ->
                            Integer.valueOf(ACTIONS[check.ordinal()]).equals(r.get(WSSecurityEngineResult.TAG_ACTION))));
        }
        return true;
    }

    @Override
    public boolean handleResponse(MessageContext messageContext, Object endpoint) {
        return true;
    }

    @Override
    public boolean handleFault(MessageContext messageContext, Object endpoint) {
        return true;
    }

    @Override
    public void afterCompletion(MessageContext messageContext, Object endpoint, Exception ex) {
    }

    long accepted() {
        return counter.accepted();
    }
}
