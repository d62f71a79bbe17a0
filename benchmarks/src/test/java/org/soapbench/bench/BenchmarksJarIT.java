package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The packaged benchmarks.jar, run as a user runs it: a JMH smoke run per stack (one fork, no
 * warm-up, one 100 ms iteration) that must produce JSON with a non-zero score, the stack listing,
 * and one-sentence errors for bad parameters.
 */
class BenchmarksJarIT {

    private static final Path JAR = Path.of(System.getProperty("soapbench.jar", "target/benchmarks.jar"));
    private static final Path OUT = Path.of("target", "it");

    private record Run(int exit, String output) {
    }

    private static Run run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", JAR.toString()));
        command.addAll(List.of(args));
        Files.createDirectories(OUT);
        Path log = Files.createTempFile(OUT, "run", ".log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("benchmarks.jar " + String.join(" ", args) + " did not finish in 10 minutes");
        }
        return new Run(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    private static JsonNode smoke(String benchmark, String json, String... params) throws Exception {
        List<String> args = new ArrayList<>(List.of(benchmark, "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms",
                "-foe", "true", "-rf", "json", "-rff", OUT.resolve(json).toString()));
        for (String p : params) {
            args.add("-p");
            args.add(p);
        }
        Run r = run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.output());
        JsonNode results = new ObjectMapper().readTree(OUT.resolve(json).toFile());
        assertEquals(1, results.size(), "one benchmark expected in " + json);
        JsonNode result = results.get(0);
        assertTrue(result.at("/primaryMetric/score").asDouble() > 0, "score must be positive: " + result);
        return result;
    }

    @Test
    void cxfSmokeRunWritesJsonWithAScore() throws Exception {
        JsonNode result = smoke("SeismicQuery.small", "smoke-cxf.json", "stack=cxf", "security=sign", "encoding=fi");
        assertEquals("org.soapbench.bench.SeismicQuery.small", result.get("benchmark").asText());
        assertEquals("sign", result.at("/params/security").asText());
        assertEquals("us/op", result.at("/primaryMetric/scoreUnit").asText());
    }

    @Test
    void metroSmokeRunWritesJsonWithAScore() throws Exception {
        JsonNode result = smoke("SeismicQuery.small", "smoke-metro.json", "stack=metro", "security=sign", "encoding=fi");
        assertEquals("metro", result.at("/params/stack").asText());
        assertEquals("sign", result.at("/params/security").asText());
    }

    @Test
    void floorAndPipeSmokeRunsWriteJsonWithAScore() throws Exception {
        smoke("Floor.small", "smoke-floor.json", "encoding=xml");
        smoke("PipeCost", "smoke-pipe.json");
    }

    @Test
    void stacksCommandListsEveryStackAsAvailable() throws Exception {
        Run r = run("stacks");
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("cxf ") && r.output().contains("available"), r.output());
        assertTrue(r.output().contains("metro ") && !r.output().contains("unavailable"), r.output());
        assertTrue(r.output().contains("jaxb-floor"), r.output());
    }

    @Test
    void unknownParametersFailAtSetupWithOneSentence() throws Exception {
        Run stack = run("SeismicQuery.small", "-f", "0", "-wi", "0", "-i", "1", "-r", "100ms", "-foe", "true",
                "-p", "stack=axis3", "-p", "security=plain", "-p", "encoding=xml");
        assertNotEquals(0, stack.exit());
        assertTrue(stack.output().contains("Unknown stack 'axis3'; the stacks in this build are: cxf, jaxb-floor, metro."),
                stack.output());
        Run mode = run("SeismicQuery.small", "-f", "0", "-wi", "0", "-i", "1", "-r", "100ms", "-foe", "true",
                "-p", "stack=cxf", "-p", "security=signed", "-p", "encoding=xml");
        assertNotEquals(0, mode.exit());
        assertTrue(mode.output().contains("Unknown security mode 'signed'; valid modes are: plain, username, sign, signencr."),
                mode.output());
    }
}
