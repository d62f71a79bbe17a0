package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.dataset.SeismicDataset;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.Answer;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.ServerCredentials;
import org.soapbench.core.spi.SoapStack;
import org.soapbench.core.spi.StackUnavailableException;
import org.soapbench.core.spi.Transport;
import org.soapbench.core.wire.WireCapture;

/**
 * Every stack, every configuration, over every transport, through the same code path the
 * benchmarks use (over http, captured by a relay on the loopback connection): each captured
 * request and response proves its configuration on the wire, and every answer equals the dataset's.
 * A configuration or transport a stack does not declare must be refused at setup, with stack,
 * configuration and reason in one sentence.
 */
class StackConformanceTest {

    private static final SeismicDataset DATASET = SeismicDataset.standard();

    @ParameterizedTest(name = "{0}: {1} {2}")
    @MethodSource("org.soapbench.bench.Configurations#allOverEveryTransport")
    void wireProvesConfigurationAndAnswersEqualOracle(Transport transport, String stackId, Scenario scenario) {
        SoapStack stack = Stacks.load(stackId);
        if (!stack.securityModes().contains(scenario.security()) || !stack.encodings().contains(scenario.encoding())
                || !stack.transports().contains(transport)) {
            StackUnavailableException e = assertThrows(StackUnavailableException.class,
                    () -> open(transport, stack, scenario, null, null));
            assertTrue(e.getMessage().contains(stackId) && e.getMessage().contains(scenario.toString()), e.getMessage());
            return;
        }
        SeismicService service = new SeismicService(DATASET);
        WireCapture capture = new WireCapture();
        try (Loopback loopback = open(transport, stack, scenario, service, capture)) {
            List<String> checked = new ArrayList<>();
            for (Sample sample : samples()) {
                Answer answer = loopback.client().query(sample.set.query(sample.index));
                String what = stackId + " " + scenario + " over " + transport.id() + " " + sample.set.name()
                        + "[" + sample.index + "]";
                assertEquals(sample.set.answer(sample.index), answer, what + ": answer differs from the dataset's");
                WireCapture.Exchange exchange = capture.lastExchange();
                WireAssertions.assertRequest(scenario, exchange.request());
                WireAssertions.assertResponse(scenario, exchange.response());
                checked.add(what);
            }
            assertEquals(samples().size(), service.calls(), "each sample reached the service exactly once");
            if (scenario.security() != SecurityMode.PLAIN) {
                assertEquals(service.calls(), loopback.server().securedRequestsAccepted(),
                        stackId + " " + scenario + ": the server must report every request as security-checked");
            } else {
                assertEquals(0, loopback.server().securedRequestsAccepted());
            }
            assertFalse(checked.isEmpty());
        }
    }

    private record Sample(QuerySet set, int index) {
    }

    /** A few queries of each set: tiny and empty responses, large ones, and exact sweep sizes. */
    private static List<Sample> samples() {
        QuerySet small = QuerySet.small(DATASET);
        QuerySet large = QuerySet.large(DATASET);
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < small.size(); i += 250) {
            samples.add(new Sample(small, i));
        }
        samples.add(new Sample(large, 0));
        samples.add(new Sample(large, 57));
        for (String sweep : List.of("sweep-0", "sweep-1", "sweep-100", "sweep-1000")) {
            samples.add(new Sample(QuerySet.named(DATASET, sweep), 3));
        }
        return samples;
    }

    private static Loopback open(Transport transport, SoapStack stack, Scenario scenario, SeismicService service,
                                 WireCapture capture) {
        // The credentials the benchmarks give (Connection): no keys where the configuration does not sign.
        return Loopback.open(transport, stack, stack, scenario, ClientCredentials.standard(scenario.security()),
                ServerCredentials.standard(scenario.security()),
                service != null ? service : new SeismicService(DATASET), (capture != null ? capture : new WireCapture())::around);
    }
}
