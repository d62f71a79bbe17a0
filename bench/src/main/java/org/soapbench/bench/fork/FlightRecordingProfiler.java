package org.soapbench.bench.fork;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.List;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;

/**
 * Records every fork with Java Flight Recorder from the start of its JVM, one file per fork:
 * {@code DIR/<JMH's trial name>/fork-N.jfr}, and marks each measured iteration in the recording
 * ({@link MeasuredIteration}) so that {@code hotspots} reads only the samples taken while JMH measured,
 * not those of start-up and settling. Why not JMH's own {@code jfr} profiler: it starts its recording at
 * the first measured iteration, and that start set the JIT compiling again through the measured time
 * (Axis2 sign/large 4.2× dearer, against 1.13× for a recording started with the JVM:
 * reports/sample-why-2026-11-25, jfr-start/). Stacks are recorded 2048 frames deep: SOAP call stacks
 * overflow JFR's default of 64. Options: {@code dir=DIR} (default {@value #DEFAULT_DIR}) and {@code settings=NAME}
 * (JFR's settings, default {@value #DEFAULT_SETTINGS}; {@code default} samples half as often and records less).
 */
public final class FlightRecordingProfiler implements ExternalProfiler, InternalProfiler {

    /** What {@code -prof} names, and what the run finds its recordings by. */
    public static final String NAME = FlightRecordingProfiler.class.getName();
    public static final String DEFAULT_DIR = "reports/jfr";
    /** JFR's own "profile" settings: Java samples every 10 ms, and allocation, lock and I/O events. */
    static final String DEFAULT_SETTINGS = "profile";
    static final String FORK_FILE = "recording.jfr";
    static final int STACK_DEPTH = 2048;

    private final Path dir;
    private final String settings;
    private MeasuredIteration measured;

    /** A JMH measurement iteration, from its start to its end: the span a breakdown reads. */
    @Name("soapbench.MeasuredIteration")
    @Label("Measured iteration")
    @Description("A JMH measurement iteration: the samples a soapbench breakdown reads")
    @Category("soapbench")
    @StackTrace(false)
    public static final class MeasuredIteration extends jdk.jfr.Event {
    }

    public FlightRecordingProfiler(String options) throws ProfilerException {
        Path chosenDir = Path.of(DEFAULT_DIR);
        String chosenSettings = DEFAULT_SETTINGS;
        for (String option : options == null || options.isBlank() ? new String[0] : options.split(";")) {
            if (option.startsWith("dir=") && option.length() > "dir=".length()) {
                chosenDir = Path.of(option.substring("dir=".length()));
            } else if (option.startsWith("settings=") && option.length() > "settings=".length()) {
                chosenSettings = option.substring("settings=".length());
            } else {
                throw new ProfilerException("Unknown option '" + option + "' of " + NAME + "; it accepts dir=DIR, the "
                        + "directory the recordings go to, and settings=NAME, JFR's settings (profile or default, or a .jfc file).");
            }
        }
        dir = chosenDir;
        settings = chosenSettings;
    }

    /** Where a configuration's forks write: one directory per JMH trial, as JMH's jfr profiler names them. */
    private Path trialDirectory(BenchmarkParams params) {
        return dir.resolve(params.id()).toAbsolutePath();
    }

    @Override
    public String getDescription() {
        return "soapbench: Java Flight Recorder from each fork's start, measured iterations marked";
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        Path trial = trialDirectory(params);
        try {
            Files.createDirectories(trial);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create " + trial + " for the forks' recordings", e);
        }
        // JMH builds one command for all forks of a trial, so each fork writes the same name and
        // afterTrial gives it its own.
        return List.of("-XX:FlightRecorderOptions:stackdepth=" + STACK_DEPTH,
                "-XX:StartFlightRecording:settings=" + settings + ",dumponexit=true,filename=" + trial.resolve(FORK_FILE));
    }

    @Override
    public void beforeTrial(BenchmarkParams params) {
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult result, long pid, File stdOut, File stdErr) {
        Path trial = trialDirectory(result.getParams());
        Path written = trial.resolve(FORK_FILE);
        if (Files.isRegularFile(written)) {
            try {
                Files.move(written, claim(trial), StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot keep the fork's recording " + written, e);
            }
        }
        return List.of();
    }

    /** The first fork-N.jfr not yet taken, created empty so that no other fork takes it too. */
    static Path claim(Path trial) throws IOException {
        for (int n = 1; ; n++) {
            Path candidate = trial.resolve("fork-" + n + ".jfr");
            if (candidate.toFile().createNewFile()) {
                return candidate;
            }
        }
    }

    @Override
    public boolean allowPrintOut() {
        return true;
    }

    @Override
    public boolean allowPrintErr() {
        return true;
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        if (iterationParams.getType() == IterationType.MEASUREMENT) {
            measured = new MeasuredIteration();
            measured.begin();
        }
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        if (measured != null) {
            measured.commit();
            measured = null;
        }
        return List.of();
    }
}
