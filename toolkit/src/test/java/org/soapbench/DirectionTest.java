package org.soapbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The rooms of this module and the directions between them (docs/architecture.md), read from
 * the main sources: every name of ours a file uses, imported or written out, outside comments and
 * strings. A new package, or a use that runs the wrong way, fails here with the file and the name.
 * Between modules Maven's dependencies decide: every room may use core and bench, which see none
 * of the tools, and none may use a stack's own classes.
 */
class DirectionTest {

    private static final Path SOURCES = Path.of("src/main/java/org/soapbench");

    /** Each room and the rooms of this module it may use. */
    private static final Map<String, Set<String>> MAY_USE = Map.of(
            "results", Set.of(),
            "render", Set.of(),
            "hotspots", Set.of("results", "render"),
            "paired", Set.of("results"),
            "gate", Set.of("results"),
            "noise", Set.of(),
            "report", Set.of("results", "render", "hotspots", "gate"),
            "cli", Set.of("results", "render", "hotspots", "paired", "gate", "report", "noise"));

    /**
     * core's packages and those of core each may use: the SPI (what a stack implements and receives)
     * uses only the key material it hands out, never a package that implements or loads stacks.
     */
    private static final Map<String, Set<String>> CORE_MAY_USE = Map.of(
            "keys", Set.of(),
            "spi", Set.of("keys"),
            "dataset", Set.of("spi"),
            "contract", Set.of("spi"),
            "wire", Set.of("spi", "contract"),
            "loading", Set.of("spi", "wire"));
    private static final Path CORE_SOURCES = Path.of("..", "core", "src", "main", "java", "org", "soapbench", "core");

    /** The modules below every room. */
    private static final Set<String> BELOW = Set.of("core", "bench");

    /** Only this room loads or opens stacks: the commands that list or measure them (bench's benchmarks do too). */
    private static final Set<String> MAY_LOAD_STACKS = Set.of("cli");
    /** core's package that loads and opens stacks ({@code Stacks}, {@code Loopback}). */
    private static final String LOADING = "loading";

    private static final Pattern OURS = Pattern.compile("\\borg\\.soapbench\\.(\\w+)(?:\\.(\\w+))?");
    private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\n]*", Pattern.DOTALL);
    private static final Pattern STRINGS = Pattern.compile("\"\"\".*?\"\"\"|\"(?:\\\\.|[^\"\\\\\n])*\"|'(?:\\\\.|[^'\\\\])'",
            Pattern.DOTALL);

    private record Source(String room, Path file, String code) {
    }

    private static List<Source> sources() throws IOException {
        return sources(SOURCES);
    }

    private static List<Source> sources(Path root) throws IOException {
        List<Source> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                Path relative = root.relativize(file);
                String room = relative.getNameCount() > 1 ? relative.getName(0).toString() : "";
                String text = Files.readString(file);
                String code = COMMENTS.matcher(STRINGS.matcher(text).replaceAll("\"\"")).replaceAll(" ");
                out.add(new Source(room, file, code));
            }
        }
        assertTrue(out.size() > 30, "found only " + out.size() + " sources under " + root.toAbsolutePath());
        return out;
    }

    /** core's packages use one another only as CORE_MAY_USE says: no SPI import of a package that implements or loads. */
    @Test
    void corePackagesUseOnlyThePackagesBelowThem() throws IOException {
        List<String> wrong = new ArrayList<>();
        for (Source s : sources(CORE_SOURCES)) {
            Set<String> allowed = CORE_MAY_USE.get(s.room());
            if (allowed == null) {
                wrong.add(s.file() + " is in core's package " + s.room() + ", which has no rule here (add it to CORE_MAY_USE)");
                continue;
            }
            Matcher m = OURS.matcher(s.code());
            while (m.find()) {
                String used = m.group(2);
                if (m.group(1).equals("core") && used != null && !used.equals(s.room()) && !allowed.contains(used)) {
                    wrong.add(s.file() + " (" + s.room() + ") uses " + m.group() + ", which it may not: " + s.room()
                            + " may use " + allowed);
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void everyRoomUsesOnlyTheRoomsBelowIt() throws IOException {
        List<String> wrong = new ArrayList<>();
        for (Source s : sources()) {
            Set<String> allowed = MAY_USE.get(s.room());
            if (allowed == null) {
                wrong.add(s.file() + " is in package " + s.room() + ", which has no rule here (add it to MAY_USE and docs/architecture.md)");
                continue;
            }
            Matcher m = OURS.matcher(s.code());
            Set<String> seen = new TreeSet<>();
            while (m.find()) {
                String room = m.group(1);
                if (!seen.add(m.group()) || room.equals(s.room())) {
                    continue;
                }
                if (room.equals("core") && LOADING.equals(m.group(2)) && !MAY_LOAD_STACKS.contains(s.room())) {
                    wrong.add(s.file() + " uses " + m.group() + ": only " + MAY_LOAD_STACKS + " loads stacks; record "
                            + "what a tool needs to know in the run's metadata instead");
                } else if (!BELOW.contains(room) && !allowed.contains(room)) {
                    wrong.add(s.file() + " (" + s.room() + ") uses " + m.group() + " (" + room + "), which it may not: "
                            + s.room() + " may use " + (allowed.isEmpty() ? "" : allowed + " and ") + "the modules " + BELOW);
                }
            }
        }
        assertEquals(List.of(), wrong);
    }
}
