package org.soapbench.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Finds another JDK for profiles that compare JDKs: {@code -Dsoapbench.jdkN=/path/to/jdk} or the
 * environment variable {@code SOAPBENCH_JDK_N} first, then the directories under {@code /usr/lib/jvm}
 * whose name contains "-N-" or ends in "-N" (e.g. {@code temurin-25-jdk-amd64}).
 */
final class Jdks {

    static final Path JVM_DIR = Path.of("/usr/lib/jvm");

    private Jdks() {
    }

    static String javaOf(int version, String where) {
        String override = System.getProperty("soapbench.jdk" + version, System.getenv("SOAPBENCH_JDK_" + version));
        if (override != null) {
            Path java = Path.of(override).resolve("bin/java");
            if (!Files.isExecutable(java)) {
                throw new IllegalArgumentException(where + " needs JDK " + version + ", but " + java + " (from -Dsoapbench.jdk"
                        + version + " or SOAPBENCH_JDK_" + version + ") is not an executable java.");
            }
            return java.toString();
        }
        if (Files.isDirectory(JVM_DIR)) {
            try (Stream<Path> dirs = Files.list(JVM_DIR)) {
                var found = dirs.filter(d -> {
                    String n = d.getFileName().toString();
                    return n.contains("-" + version + "-") || n.endsWith("-" + version);
                }).map(d -> d.resolve("bin/java")).filter(Files::isExecutable).sorted().findFirst();
                if (found.isPresent()) {
                    return found.get().toString();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalArgumentException(where + " needs JDK " + version + ", which is not under " + JVM_DIR
                + "; install it there or point -Dsoapbench.jdk" + version + "=/path/to/jdk (or SOAPBENCH_JDK_" + version + ") at it.");
    }
}
