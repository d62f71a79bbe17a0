package org.soapbench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.soapbench.paired.ForkConfig;
import org.soapbench.paired.ForkLauncher;
import org.soapbench.paired.OneCpuJvm;
import org.soapbench.paired.PairedRun;
import picocli.CommandLine.Option;

/**
 * The gate's two sides as its command line names them, a picocli mixin: the head's jar, the
 * parameters that tell two stacks of one jar apart, and each side's runtime ({@link RuntimeSide}).
 */
final class GateSides {

    @Option(names = "--head", paramLabel = "JAR", description = "the head's benchmarks.jar (default: this jar, with "
            + "--base-param/--new-param choosing the sides)")
    Path head;

    @Option(names = "--base-param", paramLabel = "NAME=VALUE", description = "the base side's parameter (e.g. stack=cxf-4.1)")
    Map<String, String> baseParams = new LinkedHashMap<>();

    @Option(names = "--new-param", paramLabel = "NAME=VALUE", description = "the head side's parameter (e.g. stack=cxf)")
    Map<String, String> newParams = new LinkedHashMap<>();

    @Option(names = "--base-jdk", paramLabel = "JDK", description = "the JDK base's forks run on: a version found under "
            + "/usr/lib/jvm as the jdk21 and jdk25 profiles find theirs (e.g. 17), or a JDK's directory (default: the JDK gate "
            + "runs on)")
    String baseJdk;

    @Option(names = "--head-jdk", paramLabel = "JDK", description = "the JDK head's forks run on, as --base-jdk: with "
            + "neither --head nor --new-param, the same jar on another JDK (e.g. --head-jdk 25)")
    String headJdk;

    @Option(names = "--base-jvm-args", paramLabel = "ARGS", description = "JVM options for base's forks only (e.g. "
            + "\"-XX:+UseParallelGC\")")
    String baseJvmArgs;

    @Option(names = "--head-jvm-args", paramLabel = "ARGS", description = "JVM options for head's forks only: a "
            + "collector, a heap (e.g. \"-XX:+UseZGC -Xmx4g\")")
    String headJvmArgs;

    RuntimeSide base;
    RuntimeSide headRuntime;

    /** Reads both runtimes (a JDK that is not there fails here) and checks that two sides are named. */
    void check() {
        base = RuntimeSide.of("--base-jdk", baseJdk, baseJvmArgs);
        headRuntime = RuntimeSide.of("--head-jdk", headJdk, headJvmArgs);
        if (head == null && baseParams.isEmpty() && !runtimes()) {
            throw new IllegalArgumentException("gate needs --head JAR (two builds), --base-param and --new-param "
                    + "(two stacks of this jar, e.g. --base-param stack=cxf-4.1 --new-param stack=cxf), or a runtime "
                    + "for a side (e.g. --head-jdk 25).");
        }
        if (!baseParams.keySet().equals(newParams.keySet())) {
            throw new IllegalArgumentException("--base-param and --new-param must name the same parameters, but they name "
                    + baseParams.keySet() + " and " + newParams.keySet() + ".");
        }
    }

    /** Whether either side runs on a runtime of its own. */
    boolean runtimes() {
        return !base.isDefault() || !headRuntime.isDefault();
    }

    /**
     * The gate's forks: both sides' configurations, each side's fork getting the settings both share
     * ({@code common}), then its runtime, its injected slowdown (or the base's placebo), and when
     * {@code sameMoment} the one-CPU JVM at each meeting; base.json and head.json in {@code dir}.
     */
    PairedRun forks(Path baseJar, Path headJar, List<String> common, ForkConfig.Sides configs, List<Injection> injections,
                    boolean sameMoment, Path dir, int rounds) {
        String shared = String.join(" ", common);
        String meetingJvm = sameMoment ? OneCpuJvm.ONE_CPU_JVM : "";
        return new PairedRun(OneCpuJvm.ownJava(), ForkLauncher.hostProperties(sameMoment), "gate", sameMoment, dir, List.of(
                PairedRun.Side.of(baseJar, common, base.arguments(sameMoment, shared), configs.base(),
                        c -> Injection.arguments(injections, configs.head().get(c).params(), false), meetingJvm,
                        dir.resolve("base.json")),
                PairedRun.Side.of(headJar, common, headRuntime.arguments(sameMoment, shared), configs.head(),
                        c -> Injection.arguments(injections, configs.head().get(c).params(), true), meetingJvm,
                        dir.resolve("head.json"))), c -> rounds);
    }

    /** The head's jar: {@code --head}, or the base's own. */
    Path headJar(Path self) {
        Path jar = head == null ? self : head;
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("--head " + head + ": no such file; expected the head's benchmarks.jar.");
        }
        return jar;
    }
}
