package org.soapbench.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --threads}: the thread counts of a sweep, one JMH run per count. {@code sweep} is 1, 2, 4, ...
 * up to twice this machine's CPUs (so the sweep passes the point where threads outnumber cores).
 * The one parser of the option, for the command line and for a profile's line alike.
 */
record ThreadCounts(List<Integer> counts) {

    static final String OPTION = "--threads";

    ThreadCounts {
        counts = List.copyOf(counts);
    }

    /** {@code sweep}, or counts such as {@code 1,2,4}; {@code where} names the source in the error's sentence. */
    static ThreadCounts parse(String value, String where) {
        if (value.equals("sweep")) {
            List<Integer> counts = new ArrayList<>();
            for (int n = 1; n <= 2 * Runtime.getRuntime().availableProcessors(); n *= 2) {
                counts.add(n);
            }
            return new ThreadCounts(counts);
        }
        try {
            List<Integer> counts = java.util.Arrays.stream(value.split(",")).map(String::strip).map(Integer::valueOf).distinct().toList();
            if (counts.stream().allMatch(n -> n > 0)) {
                return new ThreadCounts(counts);
            }
        } catch (NumberFormatException e) {
            // the sentence below
        }
        throw new IllegalArgumentException(where + ": " + OPTION + " '" + value + "' is not a thread count list; expected "
                + "positive counts such as 1,2,4, or sweep (1, 2, 4, ... up to twice the CPUs).");
    }
}
