package org.soapbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * tools/jdk21-from-debian13 as a user meets it, without downloading anything: its help says where the
 * JDK comes from, how to point soapbench at it and what differs on its side; bad input is one sentence
 * and exit 2, before any download. (What it makes is run by BenchmarksJarIT where a JDK 21 is present.)
 */
class Jdk21FromDebian13Test {

    private static final Path SCRIPT = Path.of("..", "tools", "jdk21-from-debian13").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private record Result(int exit, String out, String err) {
    }

    private Result run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(SCRIPT.toString()));
        command.addAll(List.of(args));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("HOME", dir.resolve("home").toString()); // a default DIR that is surely not a user's
        pb.environment().remove("XDG_CACHE_HOME");
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the script did not answer in 60 s");
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void itsHelpSaysWhereTheJdkComesFromHowToUseItAndWhatDiffers() throws Exception {
        Result r = run("--help");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("Usage: tools/jdk21-from-debian13 [--mirror URL] [DIR]"), r.out());
        for (String part : List.of("openjdk-21-jre-headless, openjdk-21-jdk-headless", "libc6, libstdc++6, libgcc-s1, zlib1g",
                "SHA-256", "InRelease", "--head-jdk DIR", "SOAPBENCH_JDK_21=DIR", "-jvm DIR/bin/java",
                "runs on Debian 13's C library", "state it beside", "Exit codes:")) {
            assertTrue(r.out().contains(part), "the help says " + part + ": " + r.out());
        }
        assertTrue(r.out().contains(dir.resolve("home/.cache/soapbench/jdk-21").toString()), "the default DIR: " + r.out());
    }

    @Test
    void badInputIsOneSentenceAndExitTwoBeforeAnyDownload() throws Exception {
        Result option = run("--latest");
        assertEquals(2, option.exit(), option.err());
        assertEquals("jdk21-from-debian13: unknown option '--latest'; the options are --mirror URL and --help, and the one "
                + "argument is the JDK's directory.", option.err().strip());
        Result mirror = run("--mirror", "ftp://archive.example/debian", dir.resolve("jdk").toString());
        assertEquals(2, mirror.exit(), mirror.err());
        assertEquals("jdk21-from-debian13: --mirror 'ftp://archive.example/debian' is not an http or https URL; give the "
                + "URL of a Debian archive's debian/ directory.", mirror.err().strip());
        Path someones = dir.resolve("someones");
        Files.createDirectories(someones);
        Files.writeString(someones.resolve("notes.txt"), "kept");
        Result foreign = run(someones.toString());
        assertEquals(2, foreign.exit(), foreign.err());
        assertEquals("jdk21-from-debian13: " + someones + " exists and was not made by this script; name a new or empty "
                + "directory, or remove it.", foreign.err().strip());
        assertEquals("kept", Files.readString(someones.resolve("notes.txt")));
        try (var left = Files.list(dir)) {
            assertFalse(left.anyMatch(p -> p.getFileName().toString().contains(".partial.")), "nothing was begun");
        }
    }
}
