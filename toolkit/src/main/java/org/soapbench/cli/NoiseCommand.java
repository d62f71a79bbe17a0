package org.soapbench.cli;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.soapbench.noise.NoisyNeighbour;
import org.soapbench.results.ExitCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code noise}: a noisy neighbour on demand, to measure what the gate and the report do under noise. */
@Command(name = "noise", sortOptions = false, usageHelpAutoWidth = true,
        description = {"A reproducible noisy neighbour: for the time given, bursts of 2-6 s of CPU and memory work on "
                + "one CPU, the other or both, at random, with 2-6 s pauses, as a busy tenant of a shared machine does. "
                + "It stops on its own and leaves nothing running. Start it beside a run or a gate to see what they "
                + "make of noise, e.g. java -jar benchmarks.jar noise --for 45m & java -jar benchmarks.jar gate ..."})
final class NoiseCommand implements Callable<Integer> {

    @Option(names = "--for", paramLabel = "DURATION", required = true, description = "how long: seconds, or a number "
            + "ending in s, m or h (e.g. 90s, 45m, 2h), at most 24h")
    String length;

    @Option(names = "--cpus", paramLabel = "A,B", defaultValue = "0,1", description = "the CPUs bursts land on "
            + "(default: ${DEFAULT-VALUE})")
    String cpus;

    @Option(names = "--memory", paramLabel = "MB", defaultValue = "256", description = "the array each burst walks, "
            + "larger than the caches (default: ${DEFAULT-VALUE})")
    int megabytes;

    @Option(names = "--seed", paramLabel = "N", description = "seed of the bursts' places and lengths (default: random, "
            + "printed)")
    Long seed;

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Option(names = "--version", versionHelp = true, description = "Print the version and exit.")
    boolean version;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Duration duration = duration(length);
        int[] targets;
        try {
            targets = Arrays.stream(cpus.split(",")).map(String::strip).mapToInt(Integer::parseInt).distinct().toArray();
        } catch (NumberFormatException e) {
            targets = new int[0];
        }
        if (targets.length == 0 || Arrays.stream(targets).anyMatch(c -> c < 0)) {
            throw new IllegalArgumentException("--cpus '" + cpus + "' is not a list of CPU numbers; expected e.g. 0,1.");
        }
        if (megabytes < 1 || megabytes > 4096 || Integer.bitCount(megabytes) != 1) {
            throw new IllegalArgumentException("--memory " + megabytes + " is not a power of two from 1 to 4096 MB; "
                    + "expected e.g. 256.");
        }
        long s = seed != null ? seed : new java.util.Random().nextLong();
        spec.commandLine().getOut().printf(Locale.ROOT, "noise: %d s on CPUs %s, %d MB a burst, seed %d%n",
                duration.toSeconds(), Arrays.toString(targets), megabytes, s);
        new NoisyNeighbour(duration, targets, megabytes, s, spec.commandLine().getOut()).run();
        return ExitCode.SUCCESS.code();
    }

    /** "90", "90s", "45m", "2h": a positive duration of at most a day. */
    static Duration duration(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        double factor = t.endsWith("h") ? 3600 : t.endsWith("m") ? 60 : 1;
        String number = t.endsWith("h") || t.endsWith("m") || t.endsWith("s") ? t.substring(0, t.length() - 1) : t;
        double seconds;
        try {
            seconds = Double.parseDouble(number) * factor;
        } catch (NumberFormatException e) {
            seconds = Double.NaN;
        }
        if (!(seconds > 0 && seconds <= 86400)) {
            throw new IllegalArgumentException("--for '" + text + "' is not a duration; expected seconds, or a number "
                    + "ending in s, m or h, above 0 and at most 24h (e.g. 45m).");
        }
        return Duration.ofMillis((long) (seconds * 1000));
    }
}
