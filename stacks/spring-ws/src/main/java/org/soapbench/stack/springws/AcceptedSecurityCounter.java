package org.soapbench.stack.springws;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.engine.WSSecurityEngineResult;
import org.apache.wss4j.dom.handler.WSHandlerConstants;
import org.apache.wss4j.dom.handler.WSHandlerResult;
import org.soapbench.core.spi.SecurityMode;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.server.EndpointInterceptor;

/**
 * Counts requests that reach the endpoint with WSS4J's results proving the mode's checks ran: an
 * authenticated UsernameToken, a verified signature, a decrypted body. It follows the security
 * interceptor in the endpoint's chain, so refused requests are never counted.
 */
final class AcceptedSecurityCounter implements EndpointInterceptor {

    private final int[] requiredActions;
    private final LongAdder accepted = new LongAdder();

    AcceptedSecurityCounter(SecurityMode mode) {
        requiredActions = switch (mode) {
            case PLAIN -> new int[0];
            case USERNAME -> new int[] {WSConstants.UT};
            case SIGN -> new int[] {WSConstants.TS, WSConstants.SIGN};
            case SIGN_ENCRYPT -> new int[] {WSConstants.TS, WSConstants.SIGN, WSConstants.ENCR};
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean handleRequest(MessageContext messageContext, Object endpoint) {
        if (requiredActions.length == 0) {
            return true;
        }
        List<WSHandlerResult> results = (List<WSHandlerResult>) messageContext.getProperty(WSHandlerConstants.RECV_RESULTS);
        if (results == null) {
            return true;
        }
        // Spring-WS records WSS4J's results without the by-action index CXF's handler fills: read each result's action.
        for (int action : requiredActions) {
            if (results.stream().flatMap(r -> r.getResults().stream())
                    .noneMatch(r -> Integer.valueOf(action).equals(r.get(WSSecurityEngineResult.TAG_ACTION)))) {
                return true;
            }
        }
        accepted.increment();
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
        return accepted.sum();
    }
}
