package org.soapbench.bench;

import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.soapbench.core.wire.WireMeter;

/** Where a benchmark's connection leaves its {@link WireMeter}, for {@link WireCounters} to read. */
@State(Scope.Benchmark)
public class PipeMeter {
    WireMeter meter;
}
