package org.soapbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The named option sets: the copies inside benchmarks.jar, so that a jar alone knows its profiles and
 * a jar always applies its own (a checkout's {@code jmh-profiles/} in the working directory does not
 * replace them: {@code gate} run from the base's jar inside the head's checkout takes the base's
 * {@code ci}). Another file is applied only when named explicitly: by a path ({@code --profile
 * ./my-profile}, any name with a slash), or by {@code -Dsoapbench.profiles.dir}, whose files then come
 * before the jar's.
 */
final class Profiles {

    /** The folder of the profiles, in the source tree and inside the jar. */
    private static final String FOLDER = "jmh-profiles";

    private Profiles() {
    }

    /** The folder {@code -Dsoapbench.profiles.dir} names, or null: then the jar's profiles alone have names. */
    static Path dir() {
        String dir = System.getProperty("soapbench.profiles.dir");
        return dir == null ? null : Path.of(dir);
    }

    /** Whether a profile is named by its path (it holds a slash), not by a name. */
    static boolean isPath(String name) {
        return name.contains("/") || name.contains(java.io.File.separator);
    }

    static List<String> known() {
        Set<String> names = new TreeSet<>();
        Path dir = dir();
        if (dir != null && Files.isDirectory(dir)) {
            try (var files = Files.list(dir)) {
                files.map(p -> p.getFileName().toString()).filter(n -> !n.contains(".")).forEach(names::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        // The copies inside benchmarks.jar (or target/classes).
        try {
            Path home = Path.of(Profiles.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isDirectory(home.resolve(FOLDER))) {
                try (var files = Files.list(home.resolve(FOLDER))) {
                    files.map(p -> p.getFileName().toString()).filter(n -> !n.contains(".")).forEach(names::add);
                }
            } else if (Files.isRegularFile(home)) {
                try (var jar = new java.util.jar.JarFile(home.toFile())) {
                    String prefix = FOLDER + "/";
                    jar.stream().map(java.util.jar.JarEntry::getName)
                            .filter(n -> n.startsWith(prefix) && n.length() > prefix.length()
                                    && !n.substring(prefix.length()).contains(".") && !n.endsWith("/"))
                            .forEach(n -> names.add(n.substring(prefix.length())));
                }
            }
        } catch (IOException | java.net.URISyntaxException e) {
            throw new IllegalStateException("Cannot list the profiles inside benchmarks.jar", e);
        }
        return new ArrayList<>(names);
    }

    /**
     * A profile's text: the file a path names; else {@code -Dsoapbench.profiles.dir}'s NAME when that
     * property is set and the file exists; else the jar's own copy.
     */
    static String text(String name) {
        try {
            if (isPath(name)) {
                Path file = Path.of(name);
                if (Files.isRegularFile(file)) {
                    return Files.readString(file, StandardCharsets.UTF_8);
                }
                throw new IllegalArgumentException("Profile file '" + name + "' does not exist; a name with a slash is "
                        + "a file, without one a profile of the jar: " + String.join(", ", known()) + ".");
            }
            Path dir = dir();
            if (dir != null && Files.isRegularFile(dir.resolve(name))) {
                return Files.readString(dir.resolve(name), StandardCharsets.UTF_8);
            }
            try (InputStream in = Profiles.class.getResourceAsStream("/" + FOLDER + "/" + name)) {
                if (in != null) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read profile '" + name + "'", e);
        }
        throw new IllegalArgumentException("Unknown profile '" + name + "'; known profiles: "
                + known().stream().collect(Collectors.joining(", ")) + ".");
    }
}
