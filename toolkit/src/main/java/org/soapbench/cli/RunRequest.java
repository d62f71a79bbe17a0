package org.soapbench.cli;

import java.util.List;
import org.soapbench.bench.fork.SettlingRule;
import org.soapbench.paired.Beside;
import org.soapbench.paired.Design;

/**
 * What {@code run} is asked, parsed once (by picocli from the command line, {@link RunCommand#request}):
 * the profiles to apply first, in order; the settling ceiling, the thread counts, the design and what a
 * duet puts beside each configuration when given (null when not); whether the report follows; and JMH's own arguments and benchmark regexes as written.
 * A profile's lines parse into the same types ({@link RunOptions}).
 */
record RunRequest(List<String> profiles, SettlingRule.Settings settle, ThreadCounts threads, Design design,
                  Beside beside, boolean report, List<String> jmh) {

    /** Where an option given on the command line comes from, in an error's sentence. */
    static final String COMMAND_LINE = "the command line";

    RunRequest {
        profiles = List.copyOf(profiles);
        jmh = List.copyOf(jmh);
    }

    /** The same request with other profiles (the gate's: the base's, default ci). */
    RunRequest withProfiles(List<String> names) {
        return new RunRequest(names, settle, threads, design, beside, report, jmh);
    }
}
