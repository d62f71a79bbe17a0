package org.soapbench.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How forks that are compared are placed in time: at the same moment (two JVMs, one pinned to each
 * CPU, iterations started together) or interleaved (one at a time, in a randomized order). The gate's
 * {@code --design}, and run's, where it pairs configurations in duets ({@link DesignedRun}).
 */
enum Design {

    SAME_MOMENT("same-moment"),
    INTERLEAVED("interleaved");

    private final String id;

    Design(String id) {
        this.id = id;
    }

    String id() {
        return id;
    }

    /** {@code same-moment} or {@code interleaved}; anything else is one sentence naming them. */
    static Design parse(String text, String where) {
        for (Design d : values()) {
            if (d.id.equals(text.strip().toLowerCase(Locale.ROOT))) {
                return d;
            }
        }
        throw new IllegalArgumentException((where.equals(RunRequest.COMMAND_LINE) ? "" : where + ": ") + "--design '" + text + "' is not a design; expected "
                + Arrays.stream(values()).map(Design::id).collect(Collectors.joining(" or ")) + ".");
    }
}
