package org.soapbench.bench;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The pairs of stacks known not to interoperate, each with its reason, for {@link InteropTest}, which
 * asserts that each still fails (so this list cannot go stale). Kept apart from the test, which moves.
 */
final class InteropFindings {

    /** Spring-WS against CXF, both ways, wherever the message is signed. */
    private static final String LAYOUT = "Spring-WS's WSS4J actions write the Timestamp after the Signature that "
            + "covers it, and CXF holds messages to the policy's Strict layout (a signed header element before its "
            + "signature), which Metro and Rampart do not check";
    /** Axis2's client against Spring-WS's server, Fast Infoset and encrypted. */
    private static final String NO_SOAP_ACTION = "Axis2's Fast Infoset requests carry no SOAPAction, and Spring-WS "
            + "can map an encrypted Body (whose payload it cannot read before its security interceptor runs) only by "
            + "its SOAPAction";

    static final Map<String, String> KNOWN_FAILURES = knownFailures();

    private InteropFindings() {
    }

    private static Map<String, String> knownFailures() {
        Map<String, String> known = new TreeMap<>();
        for (String over : List.of("", " over http")) {
            for (String cxf : List.of("cxf", "cxf-3.6", "cxf-4.1")) {
                for (String mode : List.of("sign", "signencr")) {
                    for (String encoding : List.of("xml", "fi")) {
                        String configuration = " " + mode + "/" + encoding + over;
                        known.put("spring-ws->" + cxf + configuration, LAYOUT);
                        known.put(cxf + "->spring-ws" + configuration, LAYOUT);
                    }
                }
            }
            known.put("axis2->spring-ws signencr/fi" + over, NO_SOAP_ACTION);
        }
        return Map.copyOf(known);
    }
}
