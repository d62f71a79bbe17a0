package org.soapbench.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.soapbench.bench.fork.SettlingRule;

/**
 * Before JMH's own warm-up, this thread calls the benchmark's round trip until the fork is steady
 * ({@link SettlingRule}); with {@code --settle off} or a warm-up given with {@code -wi}/{@code -w},
 * it does nothing and JMH's warm-up is all there is.
 */
@State(Scope.Thread)
public class StackSettling {

    @Setup(Level.Trial)
    public void settle(StackState state, QueryCursor queries, BenchmarkParams jmh) {
        SettlingRule.settle(() -> state.client().query(queries.next()).checksum(), queries::rewind, jmh);
    }
}
