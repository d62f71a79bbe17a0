package org.soapbench.bench.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

/** The recording profiler's options, and the file each fork's recording is kept in. */
class FlightRecordingProfilerTest {

    @TempDir
    Path dir;

    @Test
    void aRecordingStartsWithTheForksJvmDeepEnoughForSoapStacks() throws Exception {
        FlightRecordingProfiler profiler = new FlightRecordingProfiler("dir=" + dir);
        BenchmarkParams params = params();
        List<String> options = List.copyOf(profiler.addJVMOptions(params));
        Path trial = dir.toAbsolutePath().resolve("org.soapbench.bench.SeismicQuery.small-AverageTime-stack-cxf");
        assertEquals(List.of("-XX:FlightRecorderOptions:stackdepth=2048",
                "-XX:StartFlightRecording:settings=profile,dumponexit=true,filename=" + trial.resolve("recording.jfr")),
                options);
        assertTrue(Files.isDirectory(trial), "made for the fork to write in");
        assertTrue(List.copyOf(new FlightRecordingProfiler("settings=default;dir=" + dir).addJVMOptions(params)).get(1)
                .startsWith("-XX:StartFlightRecording:settings=default,"));
    }

    /** A trial of SeismicQuery.small with one parameter, as JMH describes it to its profilers. */
    private static BenchmarkParams params() {
        IterationParams iteration = new IterationParams(IterationType.MEASUREMENT, 1, TimeValue.milliseconds(100), 1);
        WorkloadParams workload = new WorkloadParams();
        workload.put("stack", "cxf", 0);
        return new BenchmarkParams("org.soapbench.bench.SeismicQuery.small", "generated", false, 1, new int[] {1},
                List.of(), 1, 0, iteration, iteration, Mode.AverageTime, workload, TimeUnit.MICROSECONDS, 1, "java",
                List.of(), "17", "vm", "17", "1.37", TimeValue.minutes(10));
    }

    @Test
    void eachForkOfATrialKeepsItsOwnFile() throws Exception {
        assertEquals(dir.resolve("fork-1.jfr"), FlightRecordingProfiler.claim(dir));
        assertEquals(dir.resolve("fork-2.jfr"), FlightRecordingProfiler.claim(dir));
        assertTrue(Files.exists(dir.resolve("fork-1.jfr")));
    }

    @Test
    void anUnknownOptionIsOneSentenceNamingWhatIsAccepted() {
        ProfilerException e = assertThrows(ProfilerException.class, () -> new FlightRecordingProfiler("stackDepth=64"));
        assertEquals("Unknown option 'stackDepth=64' of org.soapbench.bench.fork.FlightRecordingProfiler; it accepts dir=DIR, "
                + "the directory the recordings go to, and settings=NAME, JFR's settings (profile or default, or a .jfc file).",
                e.getMessage());
    }
}
