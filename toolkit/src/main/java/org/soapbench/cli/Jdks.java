package org.soapbench.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds another JDK for profiles and gate sides that compare JDKs: {@code -Dsoapbench.jdkN=/path/to/jdk}
 * or the environment variable {@code SOAPBENCH_JDK_N} first, then the directories under {@code /usr/lib/jvm}
 * whose name contains "-N-" or ends in "-N" (e.g. {@code temurin-25-jdk-amd64}). A JDK made by
 * {@code tools/jdk21-from-debian13} is such a directory: its {@code bin/java} is a wrapper, found like any other.
 * The launcher found is started once ({@code java -version}) and must say it is JDK N: a wrapper whose
 * target is gone, or a variable pointing at another JDK, fails here in one sentence rather than in every fork.
 */
final class Jdks {

    static final Path JVM_DIR = Path.of("/usr/lib/jvm");

    /** Where JDK N is looked for: the setting that names it ({@code -Dsoapbench.jdkN}, else {@code SOAPBENCH_JDK_N}), then a directory of JDKs. */
    record Places(IntFunction<String> setting, Path jvmDir) {

        static final Places MACHINE = new Places(
                v -> System.getProperty("soapbench.jdk" + v, System.getenv("SOAPBENCH_JDK_" + v)), JVM_DIR);
    }

    private static final Pattern VERSION = Pattern.compile("version \"(\\d+)(?:\\.(\\d+))?");
    private static final long PROBE_SECONDS = 60;

    private Jdks() {
    }

    static String javaOf(int version, String where) {
        return javaOf(version, where, Places.MACHINE);
    }

    static String javaOf(int version, String where, Places places) {
        String setting = places.setting().apply(version);
        if (setting != null) {
            Path java = Path.of(setting).resolve("bin/java");
            if (!Files.isExecutable(java)) {
                throw new IllegalArgumentException(where + " needs JDK " + version + ", but " + java + " (from -Dsoapbench.jdk"
                        + version + " or SOAPBENCH_JDK_" + version + ") is not an executable java.");
            }
            return checked(java, version, where);
        }
        if (Files.isDirectory(places.jvmDir())) {
            try (Stream<Path> dirs = Files.list(places.jvmDir())) {
                var found = dirs.filter(d -> {
                    String n = d.getFileName().toString();
                    return n.contains("-" + version + "-") || n.endsWith("-" + version);
                }).map(d -> d.resolve("bin/java")).filter(Files::isExecutable).sorted().findFirst();
                if (found.isPresent()) {
                    return checked(found.get(), version, where);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalArgumentException(where + " needs JDK " + version + ", which is not under " + places.jvmDir()
                + "; install it there or point -Dsoapbench.jdk" + version + "=/path/to/jdk (or SOAPBENCH_JDK_" + version
                + ") at it" + (version == 21 ? " (on Debian 12, tools/jdk21-from-debian13 makes one from Debian 13's packages)"
                : "") + ".");
    }

    /** {@code java}, once it has said it is JDK {@code version}. */
    private static String checked(Path java, int version, String where) {
        String said = versionLine(java, where + " needs JDK " + version + ", but");
        int major = major(said);
        if (major != version) {
            throw new IllegalArgumentException(where + " needs JDK " + version + ", but " + java + " is JDK " + major + " ("
                    + said + "); point -Dsoapbench.jdk" + version + " or SOAPBENCH_JDK_" + version + " at a JDK " + version + ".");
        }
        return java.toString();
    }

    /**
     * The line in which {@code java -version} names its version, once it has started and exited 0; else
     * {@code failure} (such as "--head-jdk /opt/jdk, but") continues a sentence saying it did not.
     */
    static String versionLine(Path java, String failure) {
        String out;
        int exit;
        try {
            Process p = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true).start();
            p.getOutputStream().close();
            if (!p.waitFor(PROBE_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalArgumentException(failure + " " + java + " -version did not finish in " + PROBE_SECONDS + " s.");
            }
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8); // a few lines: the pipe held them
            exit = p.exitValue();
        } catch (IOException e) {
            throw new IllegalArgumentException(failure + " " + java + " does not start (" + e.getMessage() + ").");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting " + java + " -version", e);
        }
        String line = out.lines().filter(l -> VERSION.matcher(l).find()).findFirst().orElse(null);
        if (exit != 0 || line == null) {
            String first = out.lines().filter(l -> !l.isBlank()).findFirst().orElse("no output").strip();
            throw new IllegalArgumentException(failure + " " + java + " -version exits " + exit + " saying: " + first
                    + (first.endsWith(".") ? "" : "."));
        }
        return line.strip();
    }

    /** The major version in a {@code java -version} line: 21 for "21.0.13", 8 for "1.8.0_412". */
    static int major(String versionLine) {
        Matcher m = VERSION.matcher(versionLine);
        if (!m.find()) {
            throw new IllegalArgumentException("'" + versionLine + "' names no Java version.");
        }
        int first = Integer.parseInt(m.group(1));
        return first == 1 && m.group(2) != null ? Integer.parseInt(m.group(2)) : first;
    }
}
