package org.soapbench.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.soapbench.bench.fork.SettlingRule;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.spi.SecurityMode;

/**
 * The crypto floor beside the stacks: the cryptography one secured round trip of a configuration
 * cannot avoid, done with the JDK's own JCA and nothing else (see {@link CryptoRoundTrip}), on the same
 * RSA-2048 keys ({@link KeyMaterial#shared()}) and algorithms ({@link JcaSuite}) the stacks use, and on
 * as many bytes as a stack signs and encrypts for the same query ({@link CryptoPayloads}).
 * A configuration's whole floor is the JAXB {@link Floor} in the same encoding plus this; what a stack
 * takes above that sum is its own overhead.
 *
 * <p>{@code security}: {@code sign} (per direction: SHA-256 of Body and Timestamp by sender and receiver,
 * one RSA-SHA256 signature and its verification) and {@code signencr} (as sign, plus per direction a fresh
 * AES-256 key, AES-256-CBC encryption and decryption of the Body's content, RSA-OAEP wrap and unwrap of
 * the key). {@code plain} and {@code username} do no cryptography: their crypto floor is zero, and asking
 * for them fails at setup. The floor is the same for {@code xml} and {@code fi}: signatures digest the
 * canonical XML text and XML Encryption encrypts the Body serialized as XML, whatever the wire encoding.
 *
 * <p>Timed: the JCA work of one round trip of one query, cycling through the workload's query set.
 * Outside the timed region: key generation, running each query once through the JAXB floor to capture its
 * payloads, canonicalization, building every JCA engine.
 *
 * <p>Run: {@code java -jar benchmarks.jar CryptoFloor -p security=signencr}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class CryptoFloor {

    /** The canonical bytes of every query of the workload's set, built once per trial. */
    @State(Scope.Benchmark)
    public static class Payloads {
        @Param({"sign", "signencr"})
        public String security;

        CryptoExchange[] exchanges;

        @Setup(Level.Trial)
        public void build(BenchmarkParams params) {
            mode(security);
            QuerySet set = Workloads.of(params);
            List<CryptoExchange> built = CryptoPayloads.build(set.queries());
            exchanges = built.toArray(CryptoExchange[]::new);
        }
    }

    /** One thread's JCA engines, for client and server. */
    @State(Scope.Thread)
    public static class Parties {
        private CryptoRoundTrip roundTrip;

        @Setup(Level.Trial)
        public void open(BenchmarkParams params, Payloads payloads) {
            KeyMaterial keys = KeyMaterial.shared();
            roundTrip = new CryptoRoundTrip(mode(params.getParam(Parameter.SECURITY.id())), keys.client(), keys.server());
            roundTrip.run(payloads.exchanges[0]); // fails here, not in measurement, if the JCA work cannot verify
        }

        /** The round trip of the cursor's next query: the same walk through the set as the stacks'. */
        byte[] roundTrip(Payloads payloads, QueryCursor queries) {
            return roundTrip.run(payloads.exchanges[queries.nextIndex()]);
        }
    }

    /** Settles the JCA round trip as {@link StackSettling} does a stack's. */
    @State(Scope.Thread)
    public static class SteadyCrypto {
        @Setup(Level.Trial)
        public void settle(Payloads payloads, Parties parties, QueryCursor queries, BenchmarkParams jmh) {
            SettlingRule.settle(() -> parties.roundTrip(payloads, queries).length, queries::rewind, jmh);
        }
    }

    /** The mode of a {@code security} value; one without cryptography fails with one sentence. */
    static SecurityMode mode(String security) {
        SecurityMode mode = SecurityMode.of(security);
        if (!mode.signs()) {
            throw new IllegalArgumentException("CryptoFloor has nothing to measure for security '" + security
                    + "': it does no cryptography, so its crypto floor is zero; use sign or signencr.");
        }
        return mode;
    }

    @Benchmark
    public byte[] small(Payloads payloads, Parties parties, QueryCursor queries, SteadyCrypto steady) {
        return parties.roundTrip(payloads, queries);
    }

    @Benchmark
    public byte[] large(Payloads payloads, Parties parties, QueryCursor queries, SteadyCrypto steady) {
        return parties.roundTrip(payloads, queries);
    }

    /** The crypto floor of {@link SizeSweep}. */
    @Benchmark
    @Warmup(iterations = 2, time = 1)
    @Measurement(iterations = 5, time = 1)
    @Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
    public byte[] sweep(SizeSweep.Size size, Payloads payloads, Parties parties, QueryCursor queries, SteadyCrypto steady) {
        return parties.roundTrip(payloads, queries);
    }
}
