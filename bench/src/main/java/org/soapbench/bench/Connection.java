package org.soapbench.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.UnaryOperator;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.dataset.SeismicDataset;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.Answer;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.SeismicClient;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.ServerCredentials;
import org.soapbench.core.spi.SoapStack;
import org.soapbench.core.spi.Transport;
import org.soapbench.core.wire.WireMeter;

/**
 * One stack's server and client, opened for a configuration and proven before measurement: a sample
 * of the benchmark's own queries is answered exactly as the dataset answers them, and a secured
 * server shows it really checked what it received. Shared by the benchmark states.
 *
 * <p>With several benchmark threads, each thread gets a client of its own (the same rule for every
 * stack: not every stack's client is thread-safe), all opened here, and all talking to the one
 * server; the sample is then answered by every client at once, from as many threads, at setup and
 * again at teardown, and any answer that differs from the dataset's fails the trial.
 */
final class Connection implements AutoCloseable {

    /** How many queries of the set setup checks against the oracle (spread over the whole set). */
    private static final int CHECKED_QUERIES = 8;

    private final String stackId;
    private final Scenario scenario;
    private final Transport transport;
    private final SeismicService service;
    private final Loopback loopback;
    private final QuerySet set;
    /** Every client: the loopback's own first, then one more per further benchmark thread. */
    private final List<SeismicClient> clients = new ArrayList<>();
    /** Clients not yet taken by a benchmark thread (several threads only). */
    private final ConcurrentLinkedQueue<SeismicClient> untaken = new ConcurrentLinkedQueue<>();
    /** Each benchmark thread's own client; null with one thread, whose client is the loopback's. */
    private final ThreadLocal<SeismicClient> perThread;

    private Connection(String stackId, Scenario scenario, Transport transport, SeismicService service,
                       Loopback loopback, QuerySet set, int threads) {
        this.stackId = stackId;
        this.scenario = scenario;
        this.transport = transport;
        this.service = service;
        this.loopback = loopback;
        this.set = set;
        clients.add(loopback.client());
        this.perThread = threads == 1 ? null : ThreadLocal.withInitial(this::take);
    }

    /** Over the pipe, as the floor always runs. */
    static Connection open(String stackId, String security, String encoding, BenchmarkParams params, PipeMeter meter) {
        return open(stackId, security, encoding, Transport.PIPE.id(), params, meter);
    }

    /** Opens and proves the connection; its pipe's meter is left in {@code meter} for {@link WireCounters}. */
    static Connection open(String stackId, String security, String encoding, String transportId,
                           BenchmarkParams params, PipeMeter meter) {
        Scenario scenario = Scenario.of(security, encoding);
        Transport transport = Transport.of(transportId);
        SoapStack stack = Stacks.load(stackId);
        SeismicService service = new SeismicService(SeismicDataset.standard());
        // Over http nothing is put between the stack's client and its server, so nothing counts bytes:
        // the meter stays at zero, and the report shows no wire sizes for http (the pipe's are the same messages).
        UnaryOperator<org.soapbench.core.spi.Pipe> metered = transport == Transport.PIPE
                ? pipe -> meter.meter = new WireMeter(pipe) : UnaryOperator.identity();
        if (transport != Transport.PIPE) {
            meter.meter = new WireMeter(request -> {
                throw new IllegalStateException("Nothing is metered over " + transport.id() + ".");
            });
        }
        Loopback loopback = Loopback.open(transport, stack, stack, scenario,
                ClientCredentials.standard(scenario.security()), ServerCredentials.standard(scenario.security()),
                service, metered);
        int threads = params.getThreads();
        Connection c = new Connection(stackId, scenario, transport, service, loopback, Workloads.of(params), threads);
        try {
            for (int i = 1; i < threads; i++) {
                c.clients.add(loopback.openClient());
            }
            c.untaken.addAll(c.clients);
            System.out.println("# soapbench: " + stackId + " " + stack.version() + ", " + scenario + " over "
                    + transport.id() + (threads > 1 ? ", " + threads + " threads, one client each" : ""));
            c.verify();
        } catch (RuntimeException e) {
            c.release();
            throw e;
        }
        return c;
    }

    /** The calling benchmark thread's own client. */
    SeismicClient client() {
        return perThread == null ? loopback.client() : perThread.get();
    }

    private SeismicClient take() {
        SeismicClient client = untaken.poll();
        if (client == null) {
            throw new IllegalStateException("Stack '" + stackId + "' in " + scenario + ": more benchmark threads than the "
                    + clients.size() + " clients opened at setup.");
        }
        return client;
    }

    /**
     * Every client answers a spread sample of the set, all at once from a thread each (one client,
     * in this thread, with one benchmark thread), and every answer is compared with the dataset's.
     */
    private void verify() {
        if (clients.size() == 1) {
            verify(clients.get(0), 0);
        } else {
            List<Thread> threads = new ArrayList<>();
            RuntimeException[] failure = new RuntimeException[1];
            for (int t = 0; t < clients.size(); t++) {
                SeismicClient client = clients.get(t);
                int offset = t;
                Thread thread = new Thread(() -> {
                    try {
                        verify(client, offset);
                    } catch (RuntimeException e) {
                        synchronized (failure) {
                            if (failure[0] == null) {
                                failure[0] = e;
                            }
                        }
                    }
                }, "soapbench-check-" + t);
                threads.add(thread);
                thread.start();
            }
            for (Thread thread : threads) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("Interrupted while checking answers", e);
                }
            }
            if (failure[0] != null) {
                throw failure[0];
            }
        }
        requireServerChecked();
    }

    /** One client's sample; each client starts at a different query, so that threads overlap differently. */
    private void verify(SeismicClient client, int offset) {
        int step = Math.max(1, set.size() / CHECKED_QUERIES);
        for (int k = 0; k < set.size(); k += step) {
            int i = (k + offset) % set.size();
            Answer got = client.query(set.query(i));
            if (!got.equals(set.answer(i))) {
                throw new IllegalStateException("Stack '" + stackId + "' in " + scenario + " over " + transport.id()
                        + (clients.size() > 1 ? " with " + clients.size() + " threads" : "") + " answered query " + i
                        + " of set '" + set.name() + "' with " + got + ", but the dataset's answer is " + set.answer(i) + ".");
            }
        }
    }

    /** A secured configuration whose server verified nothing would be measured doing less than its half. */
    private void requireServerChecked() {
        long calls = service.calls();
        long accepted = loopback.server().securedRequestsAccepted();
        if (calls == 0) {
            throw new IllegalStateException("Stack '" + stackId + "' in " + scenario + " never invoked the service.");
        }
        if (scenario.security() != SecurityMode.PLAIN && accepted < calls) {
            throw new IllegalStateException("Stack '" + stackId + "' in " + scenario + ": the server's WS-Security "
                    + "checked only " + accepted + " of " + calls + " requests that reached the service.");
        }
    }

    /**
     * Checks the answers once more when several threads ran (each client after its thread's trial), then
     * closes; on a thread of its own, so that none of it counts in the last iteration's CPU time.
     */
    @Override
    public void close() {
        TeardownThread.run(this::checkAndRelease);
    }

    private void checkAndRelease() {
        try {
            if (clients.size() > 1) {
                verify();
            } else {
                requireServerChecked();
            }
        } finally {
            release();
        }
    }

    /** Closes every client, then the server (and so stops an http server). */
    private void release() {
        try {
            for (SeismicClient extra : clients.subList(1, clients.size())) {
                extra.close();
            }
        } finally {
            loopback.close();
        }
    }
}
