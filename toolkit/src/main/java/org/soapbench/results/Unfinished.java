package org.soapbench.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run planned but has no result for, kept beside its JSON as {@code RESULT.json.missing}
 * (one line each: {@code status<TAB>configuration}): the launcher writes it as the run goes, so that
 * a run cut short, or one in which configurations failed, says what its JSON lacks. A complete run
 * leaves no such file. {@code report} and {@code compare} read it.
 */
public record Unfinished(Path file, List<Entry> entries) {

    /** Statuses a configuration without a result can have. */
    public static final String NOT_RUN = "not run";
    public static final String RUNNING = "running when the run stopped";
    public static final String FAILED = "failed";

    /** @param configuration "Benchmark.method mode name=value ..." as {@link #configuration} writes it */
    public record Entry(String status, String configuration) {
    }

    /** The file beside a result file. */
    public static Path fileFor(Path json) {
        return json.resolveSibling(json.getFileName() + ".missing");
    }

    /** The list beside a result file, or null when there is none (the run finished whole). */
    public static Unfinished read(Path json) {
        Path file = fileFor(json);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            List<Entry> entries = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                int tab = line.indexOf('\t');
                if (tab > 0) {
                    entries.add(new Entry(line.substring(0, tab), line.substring(tab + 1)));
                }
            }
            return new Unfinished(file, entries);
        } catch (IOException e) {
            throw new IllegalArgumentException("Cannot read " + file + " (" + e.getMessage()
                    + "); expected the list of configurations its run did not finish, or no such file.");
        }
    }

    /** Writes the list (replacing it atomically, so a kill never leaves half a file), or deletes it when empty. */
    public static void write(Path json, List<Entry> entries) throws IOException {
        Path file = fileFor(json);
        if (entries.isEmpty()) {
            Files.deleteIfExists(file);
            return;
        }
        StringBuilder text = new StringBuilder();
        entries.forEach(e -> text.append(e.status()).append('\t').append(e.configuration()).append('\n'));
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** One configuration as text: benchmark, mode and parameters in name order. */
    public static String configuration(String benchmark, String mode, java.util.Map<String, String> params) {
        StringBuilder s = new StringBuilder(benchmark).append(' ').append(mode);
        new java.util.TreeMap<>(params).forEach((k, v) -> s.append(' ').append(k).append('=').append(v));
        return s.toString();
    }

    /** One sentence for the console: what the file says is missing. */
    public String sentence(Path json) {
        long failed = entries.stream().filter(e -> e.status().equals(FAILED)).count();
        long unfinished = entries.size() - failed;
        List<String> parts = new ArrayList<>();
        if (failed > 0) {
            parts.add(failed + " configuration(s) failed");
        }
        if (unfinished > 0) {
            parts.add(unfinished + " never finished (the run stopped early)");
        }
        return json + " lacks " + entries.size() + " planned configuration(s): " + String.join(", ", parts) + "; see "
                + file + ".";
    }
}
