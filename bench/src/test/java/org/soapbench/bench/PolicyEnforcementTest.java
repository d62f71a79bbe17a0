package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.dataset.SeismicDataset;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.Answer;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.PolicyCheck;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.ServerCredentials;
import org.soapbench.core.spi.SoapStack;
import org.soapbench.core.spi.StackUnavailableException;
import org.soapbench.core.spi.Transport;
import org.soapbench.core.wire.WireCapture;
import org.w3c.dom.Document;

/**
 * The attacks that tell a policy-driven engine from an action-driven one ({@link PolicyAttack}), on
 * every stack, in each secured configuration they apply to, over the pipe and over http: each one is
 * refused with a SOAP fault before the service is invoked, unless the stack names its check in
 * {@link SoapStack#unenforcedChecks()}; then the request must be accepted and answered, so that a
 * stack's list can be neither too long nor too short. Either way the test first proves the request it
 * sent carried the weakness.
 */
class PolicyEnforcementTest {

    private static final Set<PolicyCheck> ALGORITHMS = EnumSet.of(PolicyCheck.SIGNATURE_ALGORITHM,
            PolicyCheck.DIGEST_ALGORITHM, PolicyCheck.ENCRYPTION_ALGORITHM);

    /**
     * What each stack's server accepts against the policy, as the stacks declare it: the test that names
     * them, beside the declarations it holds the stacks to. A stack absent here must declare nothing.
     */
    static final Map<String, Set<PolicyCheck>> ACCEPTED = Map.of(
            // Action-driven: Wss4jSecurityInterceptor checks that a signature and an encryption happened.
            "spring-ws", EnumSet.allOf(PolicyCheck.class),
            // Policy-driven, but XWSS and Rampart hold incoming messages to the policy's parts, not its algorithm suite.
            "metro", ALGORITHMS,
            "metro-4.0.2", ALGORITHMS,
            "axis2", ALGORITHMS);

    static Stream<Arguments> attacks() {
        return Configurations.overEveryTransport(Configurations.secured().flatMap(a -> Arrays.stream(PolicyAttack.values())
                .filter(attack -> attack.appliesTo(((Scenario) a.get()[1]).security()))
                .map(attack -> Arguments.of(a.get()[0], a.get()[1], attack))));
    }

    @Test
    void eachStackDeclaresWhatThisTestNames() {
        for (String id : Configurations.soapStacks()) {
            assertEquals(ACCEPTED.getOrDefault(id, Set.of()), Stacks.load(id).unenforcedChecks().keySet(),
                    id + ": the checks its adapter declares unenforced");
        }
    }

    @ParameterizedTest(name = "{0}: {1} {2} {3}")
    @MethodSource("attacks")
    void attackIsRefusedOrNamed(Transport transport, String stackId, Scenario scenario, PolicyAttack attack) {
        if (!Configurations.declares(stackId, transport)) {
            StackUnavailableException e = assertThrows(StackUnavailableException.class,
                    () -> attempt(transport, stackId, scenario, attack));
            assertTrue(e.getMessage().contains(stackId) && e.getMessage().contains(scenario.toString()), e.getMessage());
            return;
        }
        attempt(transport, stackId, scenario, attack);
    }

    private static void attempt(Transport transport, String stackId, Scenario scenario, PolicyAttack attack) {
        SoapStack stack = Stacks.load(stackId);
        KeyMaterial keys = KeyMaterial.shared();
        QuerySet small = QuerySet.small(SeismicDataset.standard());
        SeismicService service = new SeismicService(SeismicDataset.standard());
        WireCapture capture = new WireCapture();
        String why = stack.unenforcedChecks().get(attack.check());
        String what = stackId + " " + scenario + " " + attack + " over " + transport.id();
        int query = 0;
        while (small.answer(query).count() == 0) {
            query++;
        }
        // The capture sits next to the server, so it records the weakened request the server received.
        try (Loopback loopback = Loopback.open(transport, stack, stack, scenario, ClientCredentials.standard(keys),
                ServerCredentials.standard(keys), service, pipe -> attack.pipe(keys).apply(capture.around(pipe)))) {
            int q = query;
            if (why != null) {
                Answer answer = loopback.client().query(small.query(q));
                assertTrue(attack.isIn(Wire.parse(capture.lastExchange().request())), what + ": the request lacks the weakness");
                assertEquals(small.answer(q), answer, what + ": accepted (" + why + "), but answered wrongly");
                assertEquals(1, service.calls(), what + ": accepted, so the service must have been invoked");
                assertEquals(1, loopback.server().securedRequestsAccepted(), what + ": accepted as security-checked");
                return;
            }
            Exception refused = assertThrows(Exception.class, () -> loopback.client().query(small.query(q)),
                    what + ": the call succeeded, so the server accepted " + attack.check().accepted()
                            + "; if the stack cannot refuse it, name it in its unenforcedChecks()");
            assertNotNull(refused);
            assertTrue(!capture.exchanges().isEmpty() && attack.isIn(Wire.parse(capture.lastExchange().request())),
                    what + ": the request the server refused lacks the weakness (" + refused + ")");
            assertEquals(0, service.calls(), what + ": the service was invoked although the server should refuse");
            assertEquals(0, loopback.server().securedRequestsAccepted(), what + ": counted as security-checked");
            assertTrue(capture.lastExchange().response().fault(), what + ": the server's answer is not a fault (HTTP 500)");
            Document doc = Wire.parse(capture.lastExchange().response());
            assertNotNull(Wire.first(Wire.body(doc), Wire.SOAP, "Fault"), what + ": the server's answer is no SOAP Fault");
        }
    }
}
