package org.soapbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.soapbench.paired.Beside;
import org.soapbench.paired.Design;

/** Profiles: the jar's own wins over a checkout's jmh-profiles/ unless a file is named; the named sets say what they claim. */
class ProfilesTest {

    private static String jarCopy(String name) throws Exception {
        try (InputStream in = Profiles.class.getResourceAsStream("/jmh-profiles/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aProfileInTheWorkingDirectoryDoesNotReplaceTheJarsOwn() throws Exception {
        Path dir = Path.of("jmh-profiles");
        Path impostor = dir.resolve("ci");
        boolean dirExisted = Files.isDirectory(dir);
        assertFalse(Files.exists(impostor), "the test writes " + impostor.toAbsolutePath() + " and removes it");
        Files.createDirectories(dir);
        try {
            Files.writeString(impostor, "# ci: the head's, edited in a pull request\n-f 1\n");
            assertEquals(jarCopy("ci"), Profiles.text("ci"), "gate from the base's jar takes the base's ci");
            assertEquals(6, RunOptions.parse(new String[] {"--profile", "ci"}).jmhArguments().stream()
                    .dropWhile(a -> !a.equals("-f")).skip(1).findFirst().map(Integer::valueOf).orElseThrow());
            assertTrue(Profiles.text("./" + impostor).startsWith("# ci: the head's"), "a path names the file");
            assertEquals(1, RunOptions.parse(new String[] {"--profile", "./" + impostor}).jmhArguments().stream()
                    .dropWhile(a -> !a.equals("-f")).skip(1).findFirst().map(Integer::valueOf).orElseThrow());
        } finally {
            Files.deleteIfExists(impostor);
            if (!dirExisted) {
                Files.deleteIfExists(dir);
            }
        }
    }

    @Test
    void theCostProfilePairsEachModeWithItsPlainTwinAndFiWithXmlOnOneCpu() {
        RunOptions cost = RunOptions.parse(new String[] {"--profile", "cost"});
        assertEquals(Design.SAME_CPU, cost.design());
        assertEquals(EnumSet.of(Beside.Kind.SECURITY, Beside.Kind.ENCODING), cost.beside().kinds());
        assertEquals(3, cost.jmhArguments().stream()
                .dropWhile(a -> !a.equals("-f")).skip(1).findFirst().map(Integer::valueOf).orElseThrow());
    }

    @Test
    void aNamedFileThatDoesNotExistIsOneSentence(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Profiles.text(dir.resolve("nothing").toString()));
        assertTrue(e.getMessage().startsWith("Profile file '" + dir.resolve("nothing") + "' does not exist; "), e.getMessage());
    }
}
