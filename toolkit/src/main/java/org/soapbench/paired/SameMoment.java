package org.soapbench.paired;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.soapbench.bench.fork.SameMomentProfiler;

/** What a fork run at the same moment as another is told, beside the directory they meet in. */
public final class SameMoment {

    /** How a same-moment pair runs, as the gate's and the main job's help and console say it. */
    public static final String IN_STEP = "iterations started at the same instant, the two swapping CPUs at every one";

    private SameMoment() {
    }

    /**
     * The arguments of a fork of {@code jar} that meets its twin in a directory: {@link SameMomentProfiler}
     * (by the name that jar knows it by) and the directory, after {@code jvmOptions} when there are any.
     */
    public static Function<Path, List<String>> meeting(Path jar, String jvmOptions) {
        String profiler = ForkLauncher.nameIn(jar, SameMomentProfiler.class);
        return moment -> List.of("-prof", profiler, "-jvmArgsAppend", (jvmOptions.isEmpty() ? "" : jvmOptions + " ")
                + "-D" + SameMomentProfiler.PROPERTY + "=" + moment.toAbsolutePath());
    }

    /**
     * The arguments that make a fork started on {@code cpu} swap CPUs with the fork beside it, on
     * {@code otherCpu}, at every iteration ({@link SameMomentProfiler}), or, on the same CPU, record that
     * they shared it; none when either is unpinned.
     */
    public static List<String> swappingCpus(int cpu, int otherCpu) {
        if (cpu < 0 || otherCpu < 0) {
            return List.of();
        }
        return List.of("-jvmArgsAppend", "-D" + SameMomentProfiler.CPUS + "=" + cpu + "," + otherCpu);
    }
}
