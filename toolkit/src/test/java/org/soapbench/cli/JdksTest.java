package org.soapbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every JDK a machine has is a side: JDK 17, 21 and 25 found by their directories' names or by the
 * setting that names them, each launcher started once and held to its version. Stand-in JDKs (a
 * {@code bin/java} that only answers {@code -version}) prove the three-way logic on a machine without
 * JDK 21; the machine's own JDK 17 and 25 prove it on real launchers.
 */
class JdksTest {

    @TempDir
    Path dir;

    /** A directory whose bin/java answers -version as JDK {@code version} does, and does nothing else. */
    private Path standIn(String name, String version) throws IOException {
        return script(name, "echo 'openjdk version \"" + version + "\" 2026-10-20' >&2\n"
                + "echo 'OpenJDK Runtime Environment (build " + version + "+9)' >&2");
    }

    private Path script(String name, String body) throws IOException {
        Path jdk = dir.resolve(name);
        Path java = jdk.resolve("bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return jdk;
    }

    private static Jdks.Places settings(Path jvmDir, Map<Integer, String> set) {
        return new Jdks.Places(set::get, jvmDir);
    }

    @Test
    void threeJdksAreFoundByTheirDirectoriesNames() throws IOException {
        Path jvm = dir.resolve("jvm");
        Files.createDirectories(jvm);
        standIn("jvm/java-17-openjdk-amd64", "17.0.15");
        standIn("jvm/debian13-jdk-21", "21.0.13"); // the name docs/gate.md gives a link to tools/jdk21-from-debian13's JDK
        standIn("jvm/temurin-25-jdk-amd64", "25.0.1");
        Jdks.Places places = settings(jvm, Map.of());
        assertEquals(jvm.resolve("java-17-openjdk-amd64/bin/java").toString(), Jdks.javaOf(17, "--base-jdk 17", places));
        assertEquals(jvm.resolve("debian13-jdk-21/bin/java").toString(), Jdks.javaOf(21, "--head-jdk 21", places));
        assertEquals(jvm.resolve("temurin-25-jdk-amd64/bin/java").toString(), Jdks.javaOf(25, "--head-jdk 25", places));
    }

    /** A JDK 21 that is not there stops whoever asked in one sentence, which says where one can come from. */
    @Test
    void aJdk21ThatIsNotThereIsOneSentence() throws IOException {
        Path jvm = dir.resolve("jvm");
        Files.createDirectories(jvm);
        standIn("jvm/java-17-openjdk-amd64", "17.0.15");
        standIn("jvm/temurin-25-jdk-amd64", "25.0.1");
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> Jdks.javaOf(21, "--head-jdk 21", settings(jvm, Map.of())));
        assertEquals("--head-jdk 21 needs JDK 21, which is not under " + jvm + "; install it there or point "
                + "-Dsoapbench.jdk21=/path/to/jdk (or SOAPBENCH_JDK_21) at it (on Debian 12, tools/jdk21-from-debian13 "
                + "makes one from Debian 13's packages).", missing.getMessage());
        IllegalArgumentException named = assertThrows(IllegalArgumentException.class,
                () -> Jdks.javaOf(21, "--head-jdk 21", settings(jvm, Map.of(21, dir.resolve("gone").toString()))));
        assertEquals("--head-jdk 21 needs JDK 21, but " + dir.resolve("gone/bin/java") + " (from -Dsoapbench.jdk21 or "
                + "SOAPBENCH_JDK_21) is not an executable java.", named.getMessage());
    }

    /** The setting wins over the directory of JDKs, and the launcher it names must say it is that JDK. */
    @Test
    void aSettingNamesTheJdkAndMustNameThatVersion() throws IOException {
        Path jvm = dir.resolve("jvm");
        Files.createDirectories(jvm);
        standIn("jvm/debian13-jdk-21", "21.0.13");
        Path other = standIn("elsewhere-21", "21.0.2");
        assertEquals(other.resolve("bin/java").toString(),
                Jdks.javaOf(21, "profile 'jdk21'", settings(jvm, Map.of(21, other.toString()))));
        Path own = Path.of(System.getProperty("java.home")); // the JDK the tests run on, named as JDK 21 by mistake
        int ownMajor = Runtime.version().feature();
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> Jdks.javaOf(21, "--head-jdk 21", settings(jvm, Map.of(21, own.toString()))));
        assertTrue(wrong.getMessage().startsWith("--head-jdk 21 needs JDK 21, but " + own.resolve("bin/java") + " is JDK "
                + ownMajor + " (openjdk version \"" + ownMajor), wrong.getMessage());
        assertTrue(wrong.getMessage().endsWith("; point -Dsoapbench.jdk21 or SOAPBENCH_JDK_21 at a JDK 21."), wrong.getMessage());
    }

    /**
     * A JDK 21 whose launcher is a wrapper (as tools/jdk21-from-debian13 writes) that can no longer reach
     * what it runs is not there either: one sentence when the side is read, not a failure in every fork.
     */
    @Test
    void aWrapperWhoseTargetIsGoneIsOneSentence() throws IOException {
        Path jdk = script("jdk-21", "exec \"" + dir.resolve("jdk-21/debian13/lib/ld-linux-x86-64.so.2") + "\" \"$@\"");
        IllegalArgumentException gone = assertThrows(IllegalArgumentException.class,
                () -> Jdks.javaOf(21, "--head-jdk 21", settings(dir, Map.of(21, jdk.toString()))));
        assertTrue(gone.getMessage().startsWith("--head-jdk 21 needs JDK 21, but " + jdk.resolve("bin/java")
                + " -version exits 127 saying: "), gone.getMessage());
        assertEquals(1, gone.getMessage().lines().count(), gone.getMessage());
        IllegalArgumentException side = assertThrows(IllegalArgumentException.class,
                () -> RuntimeSide.of("--head-jdk", jdk.toString(), null));
        assertTrue(side.getMessage().startsWith("--head-jdk " + jdk + " is a JDK's directory, but " + jdk.resolve("bin/java")
                + " -version exits 127 saying: "), side.getMessage());
    }

    /** The machine's own JDK 17 and 25, where it has them, found and started as a gate's sides would be. */
    @Test
    void theMachinesJdksAreFoundAndStart() {
        Jdks.Places machine = new Jdks.Places(v -> null, Jdks.JVM_DIR);
        int found = 0;
        for (int version : new int[] {17, 21, 25}) {
            try {
                String java = Jdks.javaOf(version, "JDK " + version, machine);
                assertTrue(java.startsWith(Jdks.JVM_DIR + "/"), java);
                found++;
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage().startsWith("JDK " + version + " needs JDK " + version + ", which is not under "),
                        e.getMessage()); // absent, not broken
            }
        }
        Assumptions.assumeTrue(found >= 2, "fewer than two of JDK 17, 21 and 25 under " + Jdks.JVM_DIR);
    }

    @Test
    void theMajorVersionIsReadAsEachJdkPrintsIt() {
        assertEquals(21, Jdks.major("openjdk version \"21.0.13\" 2026-10-20"));
        assertEquals(25, Jdks.major("openjdk version \"25\" 2025-09-16"));
        assertEquals(8, Jdks.major("java version \"1.8.0_412\""));
    }
}
