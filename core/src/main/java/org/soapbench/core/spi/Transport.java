package org.soapbench.core.spi;

import java.util.Arrays;
import java.util.stream.Collectors;

/** What carries a stack's messages between its client and its server. */
public enum Transport {
    /** The in-memory {@link Pipe}: the stack's internals alone, in the caller's thread (the default). */
    PIPE("pipe"),
    /**
     * The stack's own HTTP client and its own HTTP server, as users deploy it, on the loopback address
     * (127.0.0.1) only, at an ephemeral port.
     */
    HTTP("http");

    private final String id;

    Transport(String id) {
        this.id = id;
    }

    /** The short name used in {@code -p transport=...}. */
    public String id() {
        return id;
    }

    /** Parses an id; an unknown one fails with a sentence that lists the valid ids. */
    public static Transport of(String id) {
        for (Transport t : values()) {
            if (t.id.equals(id)) {
                return t;
            }
        }
        throw new IllegalArgumentException("Unknown transport '" + id + "'; valid transports are: "
                + Arrays.stream(values()).map(Transport::id).collect(Collectors.joining(", ")) + ".");
    }
}
