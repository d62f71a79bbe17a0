package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.dataset.SeismicDataset;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.ServerCredentials;
import org.soapbench.core.spi.StackUnavailableException;
import org.soapbench.core.spi.Transport;
import org.soapbench.core.wire.WireCapture;

/**
 * Every client against every server, in every configuration, over the pipe and over http: the stacks
 * claim the same standards, and this proves the shared policies mean the same thing to each.
 * A pair known not to interoperate is listed in {@link #KNOWN_FAILURES} with its reason, and the
 * test then asserts that it still fails, so the list cannot go stale; nothing is skipped.
 */
class InteropTest {

    /** "client->server security/encoding" (" over http" appended for http) to the reason that pair cannot interoperate. */
    static final Map<String, String> KNOWN_FAILURES = InteropFindings.KNOWN_FAILURES;

    static Stream<Arguments> pairs() {
        return Configurations.overEveryTransport(Configurations.soapStacks().stream().flatMap(client -> Configurations.soapStacks().stream()
                .flatMap(server -> Configurations.scenarios().stream().map(s -> Arguments.of(client, server, s)))));
    }

    @ParameterizedTest(name = "{0}: {1} client -> {2} server, {3}")
    @MethodSource("pairs")
    void clientAndServerOfDifferentStacksAgree(Transport transport, String client, String server, Scenario scenario)
            throws Throwable {
        if (!Configurations.declares(client, transport) || !Configurations.declares(server, transport)) {
            StackUnavailableException e = assertThrows(StackUnavailableException.class,
                    () -> exchange(transport, client, server, scenario));
            assertTrue(e.getMessage().contains(scenario.toString()), e.getMessage());
            return;
        }
        Findings.check(KNOWN_FAILURES, "KNOWN_FAILURES", client + "->" + server + " " + scenario + Configurations.over(transport),
                () -> exchange(transport, client, server, scenario));
    }

    private static void exchange(Transport transport, String client, String server, Scenario scenario) {
        SeismicDataset dataset = SeismicDataset.standard();
        KeyMaterial keys = KeyMaterial.shared();
        QuerySet small = QuerySet.small(dataset);
        QuerySet large = QuerySet.large(dataset);
        WireCapture capture = new WireCapture();
        try (Loopback loopback = Loopback.open(transport, Stacks.load(client), Stacks.load(server), scenario,
                ClientCredentials.standard(keys), ServerCredentials.standard(keys), new SeismicService(dataset),
                capture::around)) {
            int i = 0;
            while (small.answer(i).count() == 0) {
                i++;
            }
            assertEquals(small.answer(i), loopback.client().query(small.query(i)), client + "->" + server + " " + scenario + Configurations.over(transport));
            WireAssertions.assertRequest(scenario, capture.lastExchange().request());
            WireAssertions.assertResponse(scenario, capture.lastExchange().response());
            assertEquals(large.answer(5), loopback.client().query(large.query(5)), client + "->" + server + " " + scenario + Configurations.over(transport));
        }
    }
}
