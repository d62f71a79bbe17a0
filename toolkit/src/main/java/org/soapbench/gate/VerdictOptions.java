package org.soapbench.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.soapbench.results.Metric;
import picocli.CommandLine.Option;

/**
 * The options that decide how a pair is judged, shared by {@code compare} and {@code gate} as a
 * picocli mixin, so that both commands judge by the same rule, spelled and defaulted once.
 */
public final class VerdictOptions {

    @Option(names = "--threshold", paramLabel = "PERCENT", defaultValue = "5%",
            description = "smallest change in time per operation that counts (default: ${DEFAULT-VALUE})")
    String threshold;

    @Option(names = "--suite-threshold", paramLabel = "PERCENT", description = "smallest change of the suite's "
            + "geometric mean ratio that counts (default: --threshold's); lower it (e.g. 2%%) to catch a change that "
            + "moves every configuration a little, too little for any one of them")
    String suiteThreshold;

    @Option(names = "--confidence", paramLabel = "PERCENT", defaultValue = "99%",
            description = "confidence of each pair's interval (default: ${DEFAULT-VALUE}; the README advises 99.9%% for "
                    + "gating the whole matrix)")
    String confidence;

    @Option(names = "--allow-missing", paramLabel = "REGEX", description = "configurations of base that may fail or be "
            + "missing on the other side without failing the gate: a regex found in \"Benchmark.method name=value ...\" "
            + "(e.g. 'stack=axis2'); repeatable")
    List<String> allowMissing = new ArrayList<>();

    @Option(names = "--metric", paramLabel = "METRIC", description = "what is judged: cpu (CPU time of the benchmark "
            + "threads per operation), process-cpu (the whole JVM's, for http, whose server threads cpu leaves out), wall "
            + "(JMH's score) or alloc (bytes per operation). Default: cpu where every result carries it, else wall. On a "
            + "shared machine CPU time leaves out steal and neighbours, which wall time carries; see docs/gate.md")
    String metric;

    /** The chosen metric, or null for the default (cpu where every result carries it, else wall). */
    public Metric metric() {
        return metric == null ? null : Metric.parse(metric);
    }

    /** The threshold as a fraction (0.05 for 5%); unusable text is an IllegalArgumentException naming it. */
    public double threshold() {
        return Compare.percent("--threshold", threshold, 0, 100);
    }

    /** The suite's threshold as a fraction: --suite-threshold, else --threshold. */
    public double suiteThreshold() {
        return suiteThreshold == null ? threshold() : Compare.percent("--suite-threshold", suiteThreshold, 0, 100);
    }

    /**
     * How a pair and the suite are judged, for sides chosen by these parameters; unusable text is an
     * IllegalArgumentException naming it.
     */
    public Comparison.Settings settings(Map<String, String> baseParams, Map<String, String> newParams,
                                        boolean allowDifferentSettings, boolean paired) {
        return new Comparison.Settings(threshold(), confidence(), baseParams, newParams, allowMissing(),
                allowDifferentSettings, paired).withSuiteThreshold(suiteThreshold());
    }

    /** The confidence as a fraction (0.99 for 99%). */
    public double confidence() {
        return Compare.percent("--confidence", confidence, 50, 100);
    }

    /** The --allow-missing regexes; a bad one is unusable input. */
    public List<Pattern> allowMissing() {
        List<Pattern> out = new ArrayList<>();
        for (String regex : allowMissing) {
            try {
                out.add(Pattern.compile(regex));
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("--allow-missing '" + regex + "' is not a regular expression ("
                        + e.getDescription() + "); expected e.g. 'stack=axis2'.");
            }
        }
        return out;
    }
}
