package org.soapbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative link and anchor in the repository's Markdown resolves: the README, the pages under
 * docs/ and the samples' READMEs link to each other, and a page moved or a heading renamed would
 * otherwise leave a dead link behind. External links are not checked.
 */
class MarkdownLinksTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyRelativeLinkOfTheRepositoryResolves() throws IOException {
        List<Path> files = markdownFiles();
        assertTrue(files.contains(ROOT.resolve("README.md")), "README.md not found among " + files);
        assertTrue(files.stream().anyMatch(f -> f.startsWith(ROOT.resolve("docs"))), "no page under docs/ among " + files);
        List<String> problems = new ArrayList<>();
        for (Path file : files) {
            problems.addAll(MarkdownLinks.problems(file));
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void anchorsAreGitHubs() {
        assertEquals("over-http--p-transporthttp", MarkdownLinks.slug("Over HTTP (`-p transport=http`)"));
        assertEquals("regression-gate-gate-and-compare", MarkdownLinks.slug("Regression gate: `gate` and `compare`"));
        assertEquals("steady-state-warm-up-decided-by-evidence", MarkdownLinks.slug("Steady state: warm-up decided by evidence"));
        assertEquals("power-self-test-what-can-this-runner-detect",
                MarkdownLinks.slug("Power self-test: what can this runner detect?"));
        assertEquals("threads--t-n", MarkdownLinks.slug("Threads (`-t N`)"));
        assertEquals("snake_case-stays", MarkdownLinks.slug("snake_case stays"));
        assertEquals("see-the-readme", MarkdownLinks.slug("See [the README](README.md)"));
        assertEquals(Set.of("notes", "notes-1", "notes-2", "code"),
                MarkdownLinks.anchors("# Notes\n## Notes\n```\n# not a heading\n```\n### Notes\n## Code ##\n"));
    }

    @Test
    void aBrokenLinkOrAnchorIsFound(@TempDir Path dir) throws IOException {
        Files.createDirectory(dir.resolve("docs"));
        Files.writeString(dir.resolve("docs/gate.md"), "# Regression gate: `gate` and `compare`\n## In CI\n");
        Files.writeString(dir.resolve("page.html"), "<html></html>");
        Files.writeString(dir.resolve("README.md"), String.join("\n",
                "# soapbench",
                "Good: [gate](docs/gate.md), [CI](docs/gate.md#in-ci), [top](#soapbench), [docs](docs/),",
                "[page](page.html#part), [web](https://example.org/x.md#nowhere), `[code](nowhere.md)`.",
                "Broken: [gate](#regression-gate-compare), [old](docs/gate.md#regression-gate-compare),",
                "[missing](docs/missing.md), [threads](reports/threads-http-2026-11-23/index.html).",
                "```",
                "[in a code block](nowhere-either.md)",
                "```"), StandardCharsets.UTF_8);
        List<String> problems = MarkdownLinks.problems(dir.resolve("README.md"));
        assertEquals(4, problems.size(), String.join("\n", problems));
        assertTrue(problems.get(0).contains("#regression-gate-compare") && problems.get(0).contains("no heading"), problems.get(0));
        assertTrue(problems.get(1).contains("docs/gate.md#regression-gate-compare"), problems.get(1));
        assertTrue(problems.get(2).contains("docs/missing.md") && problems.get(2).contains("does not exist"), problems.get(2));
        assertTrue(problems.get(3).contains("threads-http-2026-11-23"), problems.get(3));
    }

    /** The Markdown files git tracks; outside a git checkout, those on disk outside build output. */
    private static List<Path> markdownFiles() throws IOException {
        try {
            Process git = new ProcessBuilder("git", "-C", ROOT.toString(), "ls-files", "-z", "--", "*.md")
                    .redirectErrorStream(false).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (git.waitFor() == 0 && !out.isEmpty()) {
                return Stream.of(out.split("\0")).filter(p -> !p.isEmpty()).map(ROOT::resolve)
                        .filter(MarkdownLinksTest::notBuildOutput).filter(Files::isRegularFile).sorted().toList();
            }
        } catch (IOException e) {
            // no git: walk the tree instead
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> walk = Files.walk(ROOT)) {
            return walk.filter(p -> p.toString().endsWith(".md")).filter(MarkdownLinksTest::notBuildOutput)
                    .filter(p -> ROOT.relativize(p).getName(0).toString().charAt(0) != '.').sorted().toList();
        }
    }

    private static boolean notBuildOutput(Path file) {
        for (Path part : ROOT.relativize(file)) {
            if (part.toString().equals("target") || part.toString().equals("node_modules")) {
                return false;
            }
        }
        return true;
    }
}
