package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.dataset.SeismicDataset;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.Answer;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.SeismicClient;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.Transport;

/**
 * Several threads, one client each (the benchmarks' rule for every stack), against one server, over
 * each transport: every answer of every thread must equal the dataset's, and a secured server must
 * have checked every request. Threads start together and interleave small and large responses.
 */
class ConcurrencyTest {

    private static final int THREADS = 4;
    private static final int CALLS_PER_THREAD = 24;

    static Stream<Arguments> cases() {
        return Configurations.overEveryTransport(Configurations.soapStacks().stream()
                .flatMap(id -> Stream.of(Scenario.of("plain", "xml"), Scenario.of("signencr", "fi"))
                        .map(s -> Arguments.of(id, s))))
                .filter(a -> Configurations.declares((String) a.get()[1], (Transport) a.get()[0]));
    }

    @ParameterizedTest(name = "{0}: {1} {2}, " + THREADS + " threads")
    @MethodSource("cases")
    void everyAnswerOfEveryThreadEqualsTheDatasets(Transport transport, String stackId, Scenario scenario) throws Exception {
        SeismicDataset dataset = SeismicDataset.standard();
        QuerySet small = QuerySet.small(dataset);
        QuerySet large = QuerySet.large(dataset);
        SeismicService service = new SeismicService(dataset);
        try (Loopback loopback = SelfLoopback.open(transport, Stacks.load(stackId), scenario, KeyMaterial.shared(), service)) {
            List<SeismicClient> clients = new ArrayList<>(List.of(loopback.client()));
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            try {
                for (int t = 1; t < THREADS; t++) {
                    clients.add(loopback.openClient());
                }
                CountDownLatch start = new CountDownLatch(1);
                List<Future<List<String>>> results = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    SeismicClient client = clients.get(t);
                    int thread = t;
                    results.add(pool.submit(() -> {
                        start.await();
                        List<String> wrong = new ArrayList<>();
                        for (int k = 0; k < CALLS_PER_THREAD; k++) {
                            // Mostly small, every sixth large: threads overlap in different phases.
                            QuerySet set = (k + thread) % 6 == 0 ? large : small;
                            int i = (thread * 97 + k * 31) % set.size();
                            Answer got = client.query(set.query(i));
                            if (!got.equals(set.answer(i))) {
                                wrong.add("thread " + thread + " " + set.name() + "[" + i + "]: " + got + " instead of " + set.answer(i));
                            }
                        }
                        return wrong;
                    }));
                }
                start.countDown();
                List<String> wrong = new ArrayList<>();
                for (Future<List<String>> r : results) {
                    wrong.addAll(r.get());
                }
                String what = stackId + " " + scenario + " over " + transport.id();
                assertTrue(wrong.isEmpty(), what + ": answers differ from the dataset's: " + wrong);
                assertEquals(THREADS * CALLS_PER_THREAD, service.calls(), what + ": calls that reached the service");
                if (scenario.security() != SecurityMode.PLAIN) {
                    assertEquals(service.calls(), loopback.server().securedRequestsAccepted(),
                            what + ": requests the server's security checked");
                }
            } finally {
                pool.shutdownNow();
                for (SeismicClient extra : clients.subList(1, clients.size())) {
                    extra.close();
                }
            }
        }
    }
}
