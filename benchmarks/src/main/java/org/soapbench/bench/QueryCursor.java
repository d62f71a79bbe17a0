package org.soapbench.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.soapbench.core.Query;
import org.soapbench.core.QuerySet;

/**
 * Cycles through the benchmark's query set, one query per operation, so that the JIT never sees one
 * constant input and a measurement covers the set's whole mix of response sizes. Per thread.
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

    public Query next() {
        Query q = queries[next];
        if (++next == queries.length) {
            next = 0;
        }
        return q;
    }
}
