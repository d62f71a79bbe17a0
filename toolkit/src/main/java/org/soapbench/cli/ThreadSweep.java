package org.soapbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.soapbench.results.ExitCode;
import org.soapbench.results.RunFiles;
import org.soapbench.results.Unfinished;

/**
 * {@code --threads}: JMH's {@code -t} takes one count, so a scaling sweep is one JMH run per count,
 * each kept in its own file as it goes ({@code NAME-t2.json}), then joined into the run's one result
 * file, where each result carries its thread count and the report's thread scaling finds them all.
 */
final class ThreadSweep {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ThreadSweep() {
    }

    /** Runs every count in order; the worst exit wins, and unusable input stops the sweep. */
    static int measure(PrintWriter err, RunOptions run, Path json) throws IOException {
        List<Integer> counts = run.threadCounts();
        List<Path> parts = new ArrayList<>();
        int exit = ExitCode.SUCCESS.code();
        for (int i = 0; i < counts.size(); i++) {
            int n = counts.get(i);
            // Each count's run is the run's options with its own thread count and result file over them.
            ChainedOptionsBuilder options = new OptionsBuilder().parent(run.jmh()).threads(n);
            Path part = json == null ? null : part(json, n);
            if (part != null) {
                options.result(part.toString());
                parts.add(part);
            }
            System.out.printf("# soapbench: threads %d (%d of %d: %s)%n", n, i + 1, counts.size(), counts);
            int result = JmhRun.measure(err, options.build(), part);
            if (result == ExitCode.BAD_INPUT.code()) {
                return result;
            }
            exit = Math.max(exit, result);
        }
        if (json != null) {
            join(counts, parts, json);
        }
        return exit;
    }

    static Path part(Path json, int threads) {
        String name = json.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return json.resolveSibling(stem + "-t" + threads + ".json");
    }

    /** The parts' results in one JMH file, and what each part lacks in one list beside it. */
    static void join(List<Integer> counts, List<Path> parts, Path json) throws IOException {
        List<JsonNode> all = new ArrayList<>();
        List<Unfinished.Entry> missing = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            Path part = parts.get(i);
            int threads = counts.get(i);
            if (Files.isRegularFile(part)) {
                MAPPER.readTree(part.toFile()).forEach(all::add);
            }
            Unfinished unfinished = Unfinished.read(part);
            if (unfinished != null) {
                unfinished.entries().forEach(e -> missing.add(new Unfinished.Entry(e.status(),
                        e.configuration() + " with " + threads + " threads")));
            }
        }
        // An I/O error reaches the launcher, which says it in one sentence (exit 2) like any other.
        RunFiles.writeResults(all, json);
        Unfinished.write(json, missing);
        for (Path part : parts) {
            Files.deleteIfExists(part);
            Files.deleteIfExists(Unfinished.fileFor(part));
        }
    }
}
