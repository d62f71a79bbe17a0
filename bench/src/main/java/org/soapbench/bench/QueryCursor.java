package org.soapbench.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.spi.Query;

/**
 * Walks the benchmark's query set, one query per operation, so that the JIT never sees one constant
 * input. Every iteration starts again at query 0: the set's order keeps every prefix at the set's
 * mean response size (see {@link QuerySet}), so each iteration does the same work per call however
 * many calls fit in it, instead of whatever mix the cursor happened to stand on. Per thread.
 */
@State(Scope.Thread)
public class QueryCursor {

    private Query[] queries;
    private int next;

    @Setup(Level.Trial)
    public void load(BenchmarkParams params) {
        QuerySet set = Workloads.of(params);
        queries = set.queries().toArray(Query[]::new);
        next = 0;
    }

    @Setup(Level.Iteration)
    public void rewind() {
        next = 0;
    }

    public Query next() {
        return queries[nextIndex()];
    }

    /** The index in the set of the next query, for benchmarks that precompute per-query payloads. */
    public int nextIndex() {
        int i = next;
        if (++next == queries.length) {
            next = 0;
        }
        return i;
    }
}
