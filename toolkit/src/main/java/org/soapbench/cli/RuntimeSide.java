package org.soapbench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.soapbench.paired.OneCpuJvm;

/**
 * The runtime one side of a gate runs its forks on: a JDK ({@code --base-jdk}/{@code --head-jdk},
 * a version found as profiles find theirs, or a JDK's directory) and JVM options of that side only
 * ({@code --base-jvm-args}/{@code --head-jvm-args}). Resolved, and its launcher started once, when the
 * command is read, so a JDK that is not there, or does not start, fails in one sentence before any fork.
 *
 * @param java    the side's java launcher, or null for the JDK the gate runs on
 * @param jvmArgs the side's own JVM options, split on spaces (empty for none)
 */
record RuntimeSide(Path java, List<String> jvmArgs) {

    private static final Pattern VERSION = Pattern.compile("\\d+");

    RuntimeSide {
        jvmArgs = List.copyOf(jvmArgs);
    }

    static RuntimeSide of(String option, String jdk, String jvmArgs) {
        Path java = null;
        if (jdk != null) {
            if (VERSION.matcher(jdk.strip()).matches()) {
                java = Path.of(Jdks.javaOf(Integer.parseInt(jdk.strip()), option + " " + jdk));
            } else {
                java = Path.of(jdk).resolve("bin").resolve("java");
                if (!Files.isExecutable(java)) {
                    throw new IllegalArgumentException(option + " " + jdk + " is neither a JDK version found under "
                            + Jdks.JVM_DIR + " nor a JDK's directory (no executable bin/java); expected e.g. 25 or "
                            + "/usr/lib/jvm/temurin-25-jdk-amd64.");
                }
                Jdks.versionLine(java, option + " " + jdk + " is a JDK's directory, but"); // it starts, or the gate stops here
            }
        }
        List<String> args = jvmArgs == null || jvmArgs.isBlank() ? List.of()
                : Arrays.stream(jvmArgs.strip().split("\\s+")).toList();
        for (String arg : args) {
            if (!arg.startsWith("-")) {
                throw new IllegalArgumentException(option.replace("-jdk", "-jvm-args") + " '" + jvmArgs
                        + "' holds '" + arg + "', which is not a JVM option; expected options such as \"-XX:+UseZGC -Xmx4g\".");
            }
        }
        return new RuntimeSide(java, args);
    }

    boolean isDefault() {
        return java == null && jvmArgs.isEmpty();
    }

    /**
     * The side's arguments for its forks' {@code run}: its launcher ({@code -jvm}) and its options; when
     * {@code pinned}, also {@link OneCpuJvm#defaults} for what neither the side nor {@code common}, the
     * settings both sides share, chooses.
     */
    List<String> arguments(boolean pinned, String common) {
        List<String> out = new ArrayList<>();
        if (java != null) {
            out.addAll(List.of("-jvm", java.toString()));
        }
        List<String> options = new ArrayList<>(jvmArgs);
        if (pinned) {
            options.addAll(OneCpuJvm.defaults(common + " " + String.join(" ", jvmArgs)));
        }
        if (!options.isEmpty()) {
            out.addAll(List.of("-jvmArgsAppend", String.join(" ", options)));
        }
        return out;
    }

    /**
     * Both sides' settings ({@code common}) may choose a garbage collector, or a side its own, not both:
     * otherwise one sentence naming the side's option.
     */
    static void oneGcChoice(List<String> common, RuntimeSide base, RuntimeSide head) {
        for (RuntimeSide side : List.of(base, head)) {
            if (OneCpuJvm.choosesGc(String.join(" ", common)) && OneCpuJvm.choosesGc(String.join(" ", side.jvmArgs))) {
                throw new IllegalArgumentException((side == base ? "--base-jvm-args" : "--head-jvm-args")
                        + " chooses a garbage collector, but both sides' settings (" + String.join(" ", common)
                        + ") already choose one; choose it per side or for both, not both ways.");
            }
        }
    }

    /** The JVM options either side chose for itself: they may differ between the sides' results. */
    static Set<String> jvmOptions(RuntimeSide base, RuntimeSide head) {
        Set<String> out = new LinkedHashSet<>(base.jvmArgs);
        out.addAll(head.jvmArgs);
        if (OneCpuJvm.choosesGc(String.join(" ", out))) {
            out.add("-XX:+UseG1GC"); // the default of the side that chose no collector
        }
        return out;
    }

    /** How the gate's console and notes name the side: nothing for the gate's own JDK and no options. */
    @Override
    public String toString() {
        return (java == null ? "" : " on " + java) + (jvmArgs.isEmpty() ? "" : " with " + String.join(" ", jvmArgs));
    }
}
