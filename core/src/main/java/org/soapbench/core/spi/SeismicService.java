package org.soapbench.core.spi;

import java.util.concurrent.atomic.LongAdder;

/**
 * The service implementation every stack's server calls: it answers a query straight from the
 * dataset (its {@link Catalogue}), and counts its calls so that tests and benchmarks can prove a request reached (or,
 * for a refused request, did not reach) the service.
 */
public final class SeismicService {

    private final Catalogue dataset;
    private final LongAdder calls = new LongAdder();

    public SeismicService(Catalogue dataset) {
        this.dataset = dataset;
    }

    public Quake[] match(Query query) {
        calls.increment();
        return dataset.match(query);
    }

    public long calls() {
        return calls.sum();
    }
}
