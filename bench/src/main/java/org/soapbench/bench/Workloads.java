package org.soapbench.bench;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.dataset.SeismicDataset;

/**
 * Which query set a benchmark runs, derived from the benchmark itself: a method named after a set
 * ({@code small}, {@code large}) runs that set; a benchmark with a {@code quakes} parameter runs the
 * size sweep of that many quakes per response. One rule, so states and cursors never disagree.
 */
final class Workloads {

    private Workloads() {
    }

    static QuerySet of(BenchmarkParams params) {
        String quakes = params.getParam(Parameter.QUAKES.id());
        if (quakes != null) {
            return QuerySet.named(SeismicDataset.standard(), "sweep-" + quakes);
        }
        String benchmark = params.getBenchmark();
        return QuerySet.named(SeismicDataset.standard(), benchmark.substring(benchmark.lastIndexOf('.') + 1));
    }
}
