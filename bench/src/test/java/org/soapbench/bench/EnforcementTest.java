package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.dataset.SeismicDataset;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.Pipe;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.ServerCredentials;
import org.soapbench.core.spi.SoapStack;
import org.soapbench.core.spi.StackUnavailableException;
import org.soapbench.core.spi.Transport;
import org.soapbench.core.spi.WireMessage;
import org.soapbench.core.wire.WireCapture;
import org.w3c.dom.Document;

/**
 * Every secured server really enforces its policy, and every secured client really checks its
 * responses: each attack, in each secured configuration of each stack, over the pipe and over http
 * (tampering in a relay on the loopback connection), is refused with a SOAP fault
 * before the service is invoked (or, for a tampered response, with an exception in the client, never
 * data). A stack that accepts an attack must be listed in {@link #KNOWN_ACCEPTED} with its reason,
 * and the test then asserts it is still accepted, so that list cannot go stale.
 */
class EnforcementTest {

    /** "stack security/encoding ATTACK" (" over http" appended for http) to the documented reason a stack accepts it. */
    static final Map<String, String> KNOWN_ACCEPTED = Map.of();

    static Stream<Arguments> attacks() {
        return Configurations.overEveryTransport(Configurations.secured().flatMap(a -> Arrays.stream(Attack.values())
                .filter(attack -> attack.appliesTo(((Scenario) a.get()[1]).security()))
                .map(attack -> Arguments.of(a.get()[0], a.get()[1], attack))));
    }

    @ParameterizedTest(name = "{0}: {1} {2} {3} is refused")
    @MethodSource("attacks")
    void attackIsRefused(Transport transport, String stackId, Scenario scenario, Attack attack) throws Throwable {
        if (!Configurations.declares(stackId, transport)) {
            StackUnavailableException e = assertThrows(StackUnavailableException.class,
                    () -> attempt(transport, stackId, scenario, attack));
            assertTrue(e.getMessage().contains(stackId) && e.getMessage().contains(scenario.toString()), e.getMessage());
            return;
        }
        Findings.check(KNOWN_ACCEPTED, "KNOWN_ACCEPTED", stackId + " " + scenario + " " + attack + Configurations.over(transport),
                () -> attempt(transport, stackId, scenario, attack));
    }

    private static void attempt(Transport transport, String stackId, Scenario scenario, Attack attack) {
        SoapStack stack = Stacks.load(stackId);
        KeyMaterial keys = KeyMaterial.shared();
        SeismicDataset dataset = SeismicDataset.standard();
        QuerySet large = QuerySet.large(dataset);
        SeismicService service = new SeismicService(dataset);
        WireCapture capture = new WireCapture();
        // The capture sits next to the server, so it records what the server received and answered.
        UnaryOperator<Pipe> decorate = pipe -> attack.pipe().apply(capture.around(pipe));
        try (Loopback loopback = Loopback.open(transport, stack, attack.clientScenario(scenario), attack.credentials(keys),
                stack, scenario, ServerCredentials.standard(keys), service, decorate)) {
            String what = stackId + " " + scenario + " " + attack + " over " + transport.id();
            Exception refused = assertThrows(Exception.class, () -> loopback.client().query(large.query(3)),
                    what + ": the call succeeded, so the attack was accepted");
            assertNotNull(refused);
            if (attack.refusedByClient()) {
                assertEquals(1, service.calls(), what + ": the server should have answered the untampered request");
                assertTrue(!capture.lastExchange().response().fault(), what + ": the server itself faulted");
                return;
            }
            assertEquals(0, service.calls(), what + ": the service was invoked although the server should refuse");
            assertEquals(0, loopback.server().securedRequestsAccepted(), what + ": counted as security-checked");
            WireMessage response = capture.lastExchange().response();
            assertTrue(response.fault(), what + ": the server's answer is not marked as a fault (HTTP 500)");
            Document doc = Wire.parse(response);
            assertNotNull(Wire.first(Wire.body(doc), Wire.SOAP, "Fault"), what + ": the server's answer is no SOAP Fault");
        }
    }
}
