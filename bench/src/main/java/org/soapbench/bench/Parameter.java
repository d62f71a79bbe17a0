package org.soapbench.bench;

import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.Encoding;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.Transport;

/**
 * The benchmarks' parameters, by the names JMH gives them (a {@code @Param} field's name, in
 * {@link StackState} and {@link SizeSweep.Size}), each with the values it accepts: the one place a
 * parameter's name is spelled. {@code BenchmarkParamsTest} fails when a field and its name here part.
 * The launcher checks every {@code -p} value here before any fork starts.
 */
public enum Parameter {

    STACK("stack", "stack this jar carries", Stacks::ids),
    SECURITY("security", "security mode", () -> Arrays.stream(SecurityMode.values()).map(SecurityMode::id).toList()),
    ENCODING("encoding", "encoding", () -> Arrays.stream(Encoding.values()).map(Encoding::id).toList()),
    TRANSPORT("transport", "transport", () -> Arrays.stream(Transport.values()).map(Transport::id).toList()),
    /** The size sweep's workload: quakes per response. */
    QUAKES("quakes", "sweep size", () -> QuerySet.SWEEP_SIZES.stream().map(String::valueOf).toList());

    private final String id;
    private final String what;
    private final Supplier<List<String>> accepted;

    Parameter(String id, String what, Supplier<List<String>> accepted) {
        this.id = id;
        this.what = what;
        this.accepted = accepted;
    }

    /** The name JMH's {@code -p} and a result's parameters use. */
    public String id() {
        return id;
    }

    /** The values a run may give it: the stacks from the jar's own list, the others from core's enums. */
    public List<String> accepted() {
        return accepted.get();
    }

    /** The parameter of this name, or null for a name that is none of ours. */
    public static Parameter of(String id) {
        for (Parameter p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        return null;
    }

    /**
     * Each value must be one this parameter accepts; the first that is not is one sentence naming it
     * and what is accepted.
     */
    public void check(List<String> values) {
        List<String> accepted = accepted();
        for (String value : values) {
            if (!accepted.contains(value)) {
                throw new IllegalArgumentException("-p " + id + "=" + value + " names no " + what + "; expected "
                        + (accepted.size() == 1 ? accepted.get(0) : String.join(", ", accepted.subList(0, accepted.size() - 1))
                        + " or " + accepted.get(accepted.size() - 1)) + ".");
            }
        }
    }
}
