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
 * The named option sets of {@code jmh-profiles/}: those in the working directory's
 * {@code jmh-profiles/} (or {@code -Dsoapbench.profiles.dir}) first, then the copies inside
 * benchmarks.jar, so that the jar alone knows its profiles.
 */
final class Profiles {

    private Profiles() {
    }

    /** Where the profiles live: the jar's own copy, unless {@code -Dsoapbench.profiles.dir} names another. */
    static Path dir() {
        return Path.of(System.getProperty("soapbench.profiles.dir", "jmh-profiles"));
    }

    static List<String> known() {
        Set<String> names = new TreeSet<>();
        Path dir = dir();
        if (Files.isDirectory(dir)) {
            try (var files = Files.list(dir)) {
                files.map(p -> p.getFileName().toString()).filter(n -> !n.contains(".")).forEach(names::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        // The copies inside benchmarks.jar (or target/classes), so a jar alone knows its profiles.
        try {
            Path home = Path.of(Profiles.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isDirectory(home.resolve("jmh-profiles"))) {
                try (var files = Files.list(home.resolve("jmh-profiles"))) {
                    files.map(p -> p.getFileName().toString()).filter(n -> !n.contains(".")).forEach(names::add);
                }
            } else if (Files.isRegularFile(home)) {
                try (var jar = new java.util.jar.JarFile(home.toFile())) {
                    jar.stream().map(java.util.jar.JarEntry::getName)
                            .filter(n -> n.startsWith("jmh-profiles/") && n.length() > 13 && !n.substring(13).contains(".")
                                    && !n.endsWith("/"))
                            .forEach(n -> names.add(n.substring(13)));
                }
            }
        } catch (IOException | java.net.URISyntaxException e) {
            throw new IllegalStateException("Cannot list the profiles inside benchmarks.jar", e);
        }
        return new ArrayList<>(names);
    }

    /** A profile's text: {@code jmh-profiles/NAME} in the working directory first, then the jar's copy. */
    static String text(String name) {
        try {
            Path file = name.contains("/") ? Path.of(name) : dir().resolve(name);
            if (Files.isRegularFile(file)) {
                return Files.readString(file, StandardCharsets.UTF_8);
            }
            try (InputStream in = Profiles.class.getResourceAsStream("/jmh-profiles/" + name)) {
                if (in != null && !name.contains("/")) {
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
