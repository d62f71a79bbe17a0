package org.soapbench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Where a run's files live: a run the launcher names writes {@code reports/<date-time>/jmh.json},
 * and its report goes beside it; such a file is known by its directory's name. The one place this
 * rule is written (the launcher, the results model and the report all follow it).
 */
public final class RunFiles {

    public static final String JSON = "jmh.json";
    private static final String REPORTS = "reports";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private RunFiles() {
    }

    /** {@code reports/<date-time>/jmh.json} for a run starting now (the directory is not created). */
    public static Path newRunJson() {
        return Path.of(REPORTS, LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd-HHmmss")), JSON);
    }

    /** The name results of this file are known by: the run's directory for {@code <run>/jmh.json}, else the file's name. */
    public static String runName(Path json) {
        Path parent = json.toAbsolutePath().getParent();
        return json.getFileName().toString().equals(JSON) && parent != null
                ? parent.getFileName().toString() : json.getFileName().toString();
    }

    /**
     * Each file's run name, made unique among {@code files}: a name two files share (two gates'
     * {@code head.json}) is qualified by each file's directory ({@code gate-a/head.json}), so that their
     * results never merge into one run.
     */
    public static Map<Path, String> runNames(List<Path> files) {
        Map<String, Long> counts = files.stream().distinct().collect(Collectors.groupingBy(RunFiles::runName,
                Collectors.counting()));
        Map<Path, String> out = new LinkedHashMap<>();
        for (Path file : files) {
            String name = runName(file);
            Path parent = file.toAbsolutePath().getParent();
            out.put(file, counts.get(name) > 1 && parent != null && parent.getFileName() != null
                    && !name.equals(parent.getFileName().toString()) ? parent.getFileName() + "/" + name : name);
        }
        return out;
    }

    /** The report's directory: the run's own for {@code reports/<run>/jmh.json}, else {@code reports/<file name>}. */
    public static Path reportDir(Path json) {
        Path parent = json.toAbsolutePath().getParent();
        if (json.getFileName().toString().equals(JSON) && parent != null && parent.getParent() != null
                && parent.getParent().getFileName().toString().equals(REPORTS)) {
            return parent;
        }
        String name = json.getFileName().toString().replaceFirst("\\.json$", "");
        return Path.of(REPORTS, name);
    }

    /**
     * Results as one JMH JSON array, as JMH writes them, put in place whole (a temporary file moved over
     * the old one), so that a reader of a run still going never sees half a file.
     */
    public static void writeResults(Iterable<? extends JsonNode> results, Path file) throws IOException {
        ArrayNode root = MAPPER.createArrayNode();
        results.forEach(root::add);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        MAPPER.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), root);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
