package org.soapbench.bench;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.soapbench.core.Answer;
import org.soapbench.core.ClientCredentials;
import org.soapbench.core.KeyMaterial;
import org.soapbench.core.Loopback;
import org.soapbench.core.QuerySet;
import org.soapbench.core.Scenario;
import org.soapbench.core.SecurityMode;
import org.soapbench.core.SeismicClient;
import org.soapbench.core.SeismicDataset;
import org.soapbench.core.SeismicService;
import org.soapbench.core.ServerCredentials;
import org.soapbench.core.SoapStack;
import org.soapbench.core.Stacks;
import org.soapbench.core.WireMeter;

/**
 * One stack's server and client, opened for a configuration and proven before measurement: a sample
 * of the benchmark's own queries is answered exactly as the dataset answers them, and a secured
 * server shows it really checked what it received. Shared by the benchmark states.
 */
final class Connection implements AutoCloseable {

    /** How many queries of the set setup checks against the oracle (spread over the whole set). */
    private static final int CHECKED_QUERIES = 8;

    private final String stackId;
    private final Scenario scenario;
    private final SeismicService service;
    private final Loopback loopback;

    private Connection(String stackId, Scenario scenario, SeismicService service, Loopback loopback) {
        this.stackId = stackId;
        this.scenario = scenario;
        this.service = service;
        this.loopback = loopback;
    }

    /** Opens and proves the connection; its pipe's meter is left in {@code meter} for {@link WireCounters}. */
    static Connection open(String stackId, String security, String encoding, BenchmarkParams params, PipeMeter meter) {
        Scenario scenario = Scenario.of(security, encoding);
        SoapStack stack = Stacks.load(stackId);
        SeismicService service = new SeismicService(SeismicDataset.standard());
        KeyMaterial keys = KeyMaterial.shared();
        Loopback loopback = Loopback.open(stack, stack, scenario, ClientCredentials.standard(keys),
                ServerCredentials.standard(keys), service, pipe -> meter.meter = new WireMeter(pipe));
        Connection c = new Connection(stackId, scenario, service, loopback);
        try {
            System.out.println("# soapbench: " + stackId + " " + stack.version() + ", " + scenario);
            c.verify(Workloads.of(params));
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
        return c;
    }

    SeismicClient client() {
        return loopback.client();
    }

    /** Calls a spread sample of the set and compares every answer with the oracle's. */
    private void verify(QuerySet set) {
        int step = Math.max(1, set.size() / CHECKED_QUERIES);
        for (int i = 0; i < set.size(); i += step) {
            Answer got = loopback.client().query(set.query(i));
            if (!got.equals(set.answer(i))) {
                throw new IllegalStateException("Stack '" + stackId + "' in " + scenario + " answered query " + i
                        + " of set '" + set.name() + "' with " + got + ", but the dataset's answer is " + set.answer(i) + ".");
            }
        }
        requireServerChecked();
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

    @Override
    public void close() {
        try {
            requireServerChecked();
        } finally {
            loopback.close();
        }
    }
}
