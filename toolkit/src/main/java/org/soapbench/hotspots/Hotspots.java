package org.soapbench.hotspots;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jdk.jfr.Name;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.soapbench.bench.SeismicQuery;
import org.soapbench.bench.fork.FlightRecordingProfiler;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.ExitCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hotspots}: where the time goes, by component. Reads JFR recordings (such as the ones
 * {@code --profile jfr} writes, one per configuration) with the JDK's own {@code jdk.jfr.consumer},
 * and attributes every execution sample to a component by package (hotspot-components.txt): self
 * time by the sample's top frame, attributed time by its innermost frame outside the JDK core,
 * inclusive time by any frame of its stack. Record with a deep stack (the jfr profile asks for
 * 2048 frames): JFR's default of 64 cuts SOAP stacks short and hides their outer components.
 */
@Command(name = "hotspots", mixinStandardHelpOptions = true, description = "Attributes JFR execution samples to components (stack engine, WS-Security, XML security, JCA, binding, XML, harness).")
public final class Hotspots implements Callable<Integer> {

    static final String OTHER = "other";
    /** A fork's recording, named for its trial by its directory: JMH's jfr profiler's, or ours. */
    private static final Pattern FORK_RECORDING = Pattern.compile("profile\\.jfr|fork-\\d+\\.jfr");
    private static final String MEASURED_ITERATION =
            FlightRecordingProfiler.MeasuredIteration.class.getAnnotation(Name.class).value();
    static final String JDK_CORE = "JDK core";

    @Parameters(arity = "1..*", paramLabel = "RECORDING.jfr|DIR", description = "JFR files, or directories searched for *.jfr")
    List<Path> inputs;

    @Spec
    CommandSpec spec;

    @Option(names = "--md", paramLabel = "FILE", description = "Also write the tables as Markdown")
    Path markdown;

    @Option(names = "--chart", paramLabel = "DIR", description = "Also write hotspots.png, a stacked bar of attributed time per configuration (its forks' recordings together)")
    Path chartDir;

    /**
     * One recording's breakdown: samples in all, and per component the samples whose top frame is
     * in it (self), whose stack passes through it (inclusive), and whose innermost frame outside
     * the JDK core is in it (attributed: a HashMap lookup is charged to whoever called it).
     */
    public record Breakdown(String label, long samples, Map<String, Long> self, Map<String, Long> inclusive,
                     Map<String, Long> attributed, Map<String, Long> steps) {

        /** A breakdown without steps. */
        public Breakdown(String label, long samples, Map<String, Long> self, Map<String, Long> inclusive,
                         Map<String, Long> attributed) {
            this(label, samples, self, inclusive, attributed, Map.of());
        }

        /** The share of samples whose stack passes through a step's method ({@link Components#steps}). */
        public double stepPercent(String step) {
            return samples == 0 ? 0 : 100.0 * steps.getOrDefault(step, 0L) / samples;
        }

        public double selfPercent(String component) {
            return samples == 0 ? 0 : 100.0 * self.getOrDefault(component, 0L) / samples;
        }

        public double inclusivePercent(String component) {
            return samples == 0 ? 0 : 100.0 * inclusive.getOrDefault(component, 0L) / samples;
        }

        public double attributedPercent(String component) {
            return samples == 0 ? 0 : 100.0 * attributed.getOrDefault(component, 0L) / samples;
        }

        /** Two recordings of one configuration as one: every count added. */
        Breakdown plus(Breakdown other) {
            return new Breakdown(label, samples + other.samples, sum(self, other.self), sum(inclusive, other.inclusive),
                    sum(attributed, other.attributed), sum(steps, other.steps));
        }

        private static Map<String, Long> sum(Map<String, Long> a, Map<String, Long> b) {
            Map<String, Long> total = new LinkedHashMap<>(a);
            b.forEach((k, v) -> total.merge(k, v, Long::sum));
            return total;
        }
    }

    @Override
    public Integer call() throws IOException {
        List<Path> files;
        List<Breakdown> all = new ArrayList<>();
        try {
            files = recordings(inputs);
            Components components = Components.load();
            all.addAll(analyze(files, components));
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println(e.getMessage());
            return ExitCode.BAD_INPUT.code();
        }
        String md = markdown(all, Components.load().names());
        spec.commandLine().getOut().print(md);
        spec.commandLine().getOut().flush();
        if (markdown != null) {
            Files.writeString(markdown, md, StandardCharsets.UTF_8);
        }
        if (chartDir != null) {
            Files.createDirectories(chartDir);
            Map<String, Map<String, double[]>> series = attributedSeries(all, Components.load().names());
            new Charts(chartDir).stacked("hotspots", "Time by component (% of samples, JDK work charged to its caller)",
                    "% of samples", series);
        }
        return ExitCode.SUCCESS.code();
    }

    /** The .jfr files among the inputs (directories searched recursively); bad input is one sentence. */
    public static List<Path> recordings(List<Path> inputs) {
        List<Path> files = new ArrayList<>();
        for (Path in : inputs) {
            if (Files.isDirectory(in)) {
                try (Stream<Path> walk = Files.walk(in)) {
                    walk.filter(p -> p.toString().endsWith(".jfr")).sorted().forEach(files::add);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else if (Files.isRegularFile(in)) {
                files.add(in);
            } else {
                throw new IllegalArgumentException("Cannot read " + in + ": no such file or directory (expected a JFR recording or a directory of them).");
            }
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException("No .jfr recording under " + inputs + " (run with --profile jfr to make some).");
        }
        return files;
    }

    /**
     * One breakdown per configuration: the recordings of a trial's forks (fork-N.jfr in the trial's
     * directory, as {@link FlightRecordingProfiler} writes them) added together, in the files' order.
     */
    public static List<Breakdown> analyze(List<Path> files, Components components) {
        Map<String, Breakdown> byLabel = new LinkedHashMap<>();
        for (Path file : files) {
            Breakdown b = analyze(file, components);
            byLabel.merge(b.label(), b, Breakdown::plus);
        }
        return new ArrayList<>(byLabel.values());
    }

    /**
     * One recording's breakdown. Where the recording marks JMH's measured iterations
     * ({@link FlightRecordingProfiler.MeasuredIteration}), only the samples taken within them count:
     * a recording from the JVM's start also holds its start-up and settling.
     */
    public static Breakdown analyze(Path file, Components components) {
        List<Instant[]> measured = measuredSpans(file);
        long samples = 0;
        Map<String, Long> self = new LinkedHashMap<>();
        Map<String, Long> inclusive = new LinkedHashMap<>();
        Map<String, Long> attributed = new LinkedHashMap<>();
        Map<String, Long> steps = new LinkedHashMap<>();
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent event = recording.readEvent();
                if (!event.getEventType().getName().equals("jdk.ExecutionSample") || event.getStackTrace() == null
                        || !measured.isEmpty() && !within(measured, event.getStartTime())) {
                    continue;
                }
                List<RecordedFrame> frames = event.getStackTrace().getFrames();
                if (frames.isEmpty()) {
                    continue;
                }
                samples++;
                self.merge(components.of(frames.get(0).getMethod().getType().getName()), 1L, Long::sum);
                Set<String> seen = new HashSet<>();
                Set<String> stepsSeen = new HashSet<>();
                String owner = null;
                for (RecordedFrame frame : frames) {
                    String step = components.steps().get(frame.getMethod().getType().getName() + "." + frame.getMethod().getName());
                    if (step != null && stepsSeen.add(step)) {
                        steps.merge(step, 1L, Long::sum);
                    }
                    String c = components.of(frame.getMethod().getType().getName());
                    if (seen.add(c)) {
                        inclusive.merge(c, 1L, Long::sum);
                    }
                    if (owner == null && !c.equals(JDK_CORE)) {
                        owner = c;
                    }
                }
                attributed.merge(owner == null ? JDK_CORE : owner, 1L, Long::sum);
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(file + " is not a readable JFR recording: " + e.getMessage());
        }
        return new Breakdown(label(file), samples, self, inclusive, attributed, steps);
    }

    /** The spans of the measured iterations a recording marks, empty where it marks none. */
    private static List<Instant[]> measuredSpans(Path file) {
        List<Instant[]> spans = new ArrayList<>();
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent event = recording.readEvent();
                if (event.getEventType().getName().equals(MEASURED_ITERATION)) {
                    spans.add(new Instant[] {event.getStartTime(), event.getEndTime()});
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(file + " is not a readable JFR recording: " + e.getMessage());
        }
        return spans;
    }

    private static boolean within(List<Instant[]> spans, Instant time) {
        for (Instant[] span : spans) {
            if (!time.isBefore(span[0]) && !time.isAfter(span[1])) {
                return true;
            }
        }
        return false;
    }

    /** JMH's per-trial directory name (benchmark and parameters) for a fork's recording, or the file name. */
    private static String label(Path file) {
        Path parent = file.getParent();
        return label(FORK_RECORDING.matcher(file.getFileName().toString()).matches() && parent != null
                ? parent.getFileName().toString() : file.getFileName().toString());
    }

    /** A trial's name as a reader wants it: without our package and the default mode. */
    static String label(String trial) {
        return trial.replace(SeismicQuery.class.getPackageName() + ".", "").replace("-AverageTime", "");
    }

    public static String markdown(List<Breakdown> all, List<String> components) {
        StringBuilder md = new StringBuilder();
        for (Breakdown b : all) {
            md.append("### ").append(b.label()).append(" (").append(b.samples()).append(" samples)\n\n");
            md.append(table(b, components).markdown()).append('\n');
        }
        return md.toString();
    }

    public static Table table(Breakdown b, List<String> components) {
        Table t = new Table("component", "self %", "attributed %", "inclusive %");
        for (String c : components) {
            if (b.inclusive().containsKey(c)) {
                t.row(c, String.format(Locale.ROOT, "%.1f", b.selfPercent(c)),
                        String.format(Locale.ROOT, "%.1f", b.attributedPercent(c)),
                        String.format(Locale.ROOT, "%.1f", b.inclusivePercent(c)));
            }
        }
        return t;
    }

    /** Attributed % per component and recording, for a stacked bar. */
    public static Map<String, Map<String, double[]>> attributedSeries(List<Breakdown> all, List<String> components) {
        Map<String, Map<String, double[]>> series = new LinkedHashMap<>();
        for (String component : components) {
            Map<String, double[]> values = new LinkedHashMap<>();
            all.forEach(b -> values.put(b.label(), new double[] {b.attributedPercent(component), 0}));
            series.put(component, values);
        }
        return series;
    }

    /** The package-to-component mapping of hotspot-components.txt, first match wins. */
    public record Components(List<String[]> prefixes, List<String> names, Map<String, String> steps) {

        /**
         * The package-to-component mapping, and the steps: methods whose share of samples (anywhere on
         * the stack) is worth a line of its own, such as a conversion of the whole message to another tree
         * ({@code hotspot-steps.txt}: "step: Class.method", the method by its full class name).
         */
        public static Components load() {
            Components mapping = load("/hotspot-components.txt");
            return new Components(mapping.prefixes(), mapping.names(), readSteps());
        }

        private static Map<String, String> readSteps() {
            Map<String, String> steps = new LinkedHashMap<>(); // "Class.method" -> step
            try (InputStream in = Hotspots.class.getResourceAsStream("/hotspot-steps.txt")) {
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    line = line.strip();
                    if (!line.isEmpty() && !line.startsWith("#")) {
                        int colon = line.lastIndexOf(": ");
                        steps.put(line.substring(colon + 2).strip(), line.substring(0, colon).strip());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return steps;
        }

        /** The step names, in the file's order. */
        public List<String> stepNames() {
            return steps.values().stream().distinct().toList();
        }

        private static Components load(String resource) {
            try (InputStream in = Hotspots.class.getResourceAsStream(resource)) {
                List<String[]> prefixes = new ArrayList<>();
                List<String> names = new ArrayList<>();
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    line = line.strip();
                    if (line.isEmpty() || line.startsWith("#")) {
                        continue;
                    }
                    int colon = line.indexOf(':');
                    String name = line.substring(0, colon).strip();
                    names.add(name);
                    for (String prefix : line.substring(colon + 1).split(",")) {
                        prefixes.add(new String[] {prefix.strip(), name});
                    }
                }
                names.add(OTHER);
                return new Components(prefixes, names, Map.of());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        public String of(String className) {
            for (String[] p : prefixes) {
                if (className.startsWith(p[0])) {
                    return p[1];
                }
            }
            return OTHER;
        }
    }
}
