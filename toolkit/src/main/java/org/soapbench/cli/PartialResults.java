package org.soapbench.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.soapbench.results.Unfinished;

/**
 * JMH's console output, passed through unchanged, that also keeps the run's results on disk as it
 * goes: after each benchmark it rewrites the JSON file with every benchmark finished so far (in
 * JMH's own format, by JMH's own writer), and beside it the list of planned configurations that
 * have no result yet ({@link Unfinished}). JMH writes its JSON only when the whole run ends, so
 * without this a long run stopped near its end keeps nothing. JMH's final file, written after the
 * last benchmark, replaces these; the list stays only for configurations that failed.
 */
final class PartialResults implements OutputFormat {

    private final OutputFormat console;
    private final Path json;
    /** Every planned configuration without a result, with its status, in plan order. */
    private final Map<String, String> missing = new LinkedHashMap<>();
    private final List<RunResult> finished = new ArrayList<>();
    /** The current benchmark's measured iterations, one list per fork. */
    private final List<List<IterationResult>> forks = new ArrayList<>();
    private String running;
    private int failed;

    /** @param json the result file to keep up to date, or null to only count failures */
    PartialResults(OutputFormat console, Path json, RunPlan plan) {
        this.console = console;
        this.json = json;
        plan.configurations().forEach(c -> missing.put(c.text(), Unfinished.NOT_RUN));
    }

    /** How many configurations started but ended without a result. */
    int failed() {
        return failed;
    }

    @Override
    public void startRun() {
        console.startRun();
        save();
    }

    @Override
    public void startBenchmark(BenchmarkParams params) {
        console.startBenchmark(params);
        closeFailed();
        running = text(params);
        missing.put(running, Unfinished.RUNNING);
        forks.clear();
        save();
    }

    @Override
    public void iterationResult(BenchmarkParams params, IterationParams iteration, int index, IterationResult result) {
        console.iterationResult(params, iteration, index, result);
        if (iteration.getType() == IterationType.MEASUREMENT) {
            if (index == 1 || forks.isEmpty()) {
                forks.add(new ArrayList<>()); // a fork's measurement starts again at iteration 1
            }
            forks.get(forks.size() - 1).add(result);
        }
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        console.endBenchmark(result);
        if (result == null || forks.isEmpty()) {
            return;
        }
        BenchmarkParams params = result.getParams();
        List<BenchmarkResult> perFork = forks.stream().map(f -> new BenchmarkResult(params, f)).toList();
        finished.add(new RunResult(params, perFork));
        missing.remove(text(params));
        running = null;
        save();
    }

    @Override
    public void endRun(Collection<RunResult> results) {
        closeFailed();
        save();
        console.endRun(results);
    }

    /** A benchmark that started and never ended with a result has failed. */
    private void closeFailed() {
        if (running != null && Unfinished.RUNNING.equals(missing.get(running))) {
            missing.put(running, Unfinished.FAILED);
            failed++;
        }
        running = null;
    }

    private void save() {
        if (json == null) {
            return; // no result file asked for: only the failures are counted
        }
        try {
            if (!finished.isEmpty()) {
                Path tmp = json.resolveSibling(json.getFileName() + ".partial");
                ResultFormatFactory.getInstance(ResultFormatType.JSON, tmp.toString()).writeOut(finished);
                Files.move(tmp, json, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            Unfinished.write(json, missing.entrySet().stream()
                    .map(e -> new Unfinished.Entry(e.getValue(), e.getKey())).toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String text(BenchmarkParams params) {
        Map<String, String> values = new LinkedHashMap<>();
        params.getParamsKeys().forEach(k -> values.put(k, params.getParam(k)));
        return Unfinished.configuration(params.getBenchmark(), params.getMode().shortLabel(), values);
    }

    @Override
    public void iteration(BenchmarkParams params, IterationParams iteration, int index) {
        console.iteration(params, iteration, index);
    }

    @Override
    public void print(String s) {
        console.print(s);
    }

    @Override
    public void println(String s) {
        console.println(s);
    }

    @Override
    public void flush() {
        console.flush();
    }

    @Override
    public void close() {
        console.close();
    }

    @Override
    public void verbosePrintln(String s) {
        console.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        console.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        console.write(b);
    }
}
