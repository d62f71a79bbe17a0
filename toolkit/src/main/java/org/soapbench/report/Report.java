package org.soapbench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.ExitCode;
import org.soapbench.results.JmhResult;
import org.soapbench.results.Metric;
import org.soapbench.results.RunFiles;
import org.soapbench.results.Unfinished;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code report}: JMH JSON in, {@code index.html} (with PNG charts beside it) and {@code summary.md}
 * out. Everything shown comes from the JSON: scores and errors, wire bytes and allocation as
 * secondary metrics, stack versions, CPU count and date from the forks' recorded JVM arguments.
 * Ratios are computed only between results of the same file (the same run).
 */
@Command(name = "report", mixinStandardHelpOptions = true, description = "Writes index.html, PNG charts, summary.md and charts.json (every interval chart's points) from JMH JSON result files.")
public final class Report implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "RESULT.json", description = "JMH result files (-rf json)")
    List<Path> files;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: the result file's own "
            + "directory when it is reports/<run>/jmh.json, else reports/<file name>)")
    Path out;

    @Option(names = "--jfr", paramLabel = "DIR", description = "Also break down the JFR recordings under DIR by component "
            + "(as the hotspots command does), e.g. reports/jfr after --profile jfr")
    Path jfr;

    @Spec
    CommandSpec spec;

    public static int run(String[] args) {
        CommandLine cli = new CommandLine(new Report());
        return cli.execute(args);
    }

    @Override
    public Integer call() {
        List<JmhResult> results = new ArrayList<>();
        Map<Path, Unfinished> unfinished = new LinkedHashMap<>(); // what each file's run planned but lacks
        Map<Path, String> runs = RunFiles.runNames(files);
        try {
            for (Path file : files) {
                results.addAll(JmhResult.read(file, runs.get(file)));
                Unfinished lacking = Unfinished.read(file);
                if (lacking != null) {
                    unfinished.put(file, lacking);
                }
            }
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println(e.getMessage());
            return ExitCode.BAD_INPUT.code();
        }
        Path dir = out != null ? out : RunFiles.reportDir(files.get(0));
        try {
            Files.createDirectories(dir);
            Charts charts = new Charts(dir);
            Document doc = document(new RunResults(results), unfinished, charts, copyRaw(dir));
            Files.writeString(dir.resolve("summary.md"), doc.markdown(), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("index.html"), doc.html(), StandardCharsets.UTF_8);
            // What each interval chart draws, point by point, so that anyone (and ReportTest) can check it against the tables.
            new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(dir.resolve(CHART_DATA).toFile(), charts.plotted());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        spec.commandLine().getOut().println("# soapbench: report in " + dir.resolve("index.html").toAbsolutePath());
        // A run that planned configurations it has no result for (failed or cut short) is a finding: exit 1.
        unfinished.forEach((file, lacking) -> spec.commandLine().getErr().println(lacking.sentence(file)));
        return (unfinished.isEmpty() ? ExitCode.SUCCESS : ExitCode.FINDING).code();
    }

    /** A run cut short or with failed configurations says so first, with what its file lacks. */
    private static void unfinished(Path file, Unfinished lacking, Document doc) {
        doc.heading(2, "Unfinished run: " + file.getFileName());
        doc.paragraph(lacking.sentence(file) + " The sections below show only what finished.");
        Table t = new Table("configuration", "status");
        lacking.entries().forEach(e -> t.row(e.configuration(), e.status()));
        doc.table(t);
    }

    /** The report's one definition of its floors; every column that divides by one names which. */
    static final String FLOORS = "Floors. The JAXB floor: the same payloads marshalled and unmarshalled by plain JAXB "
            + "(per encoding, XML or FI), through the same pipe, with no SOAP processing. The crypto floor: the JCA work of "
            + "one sign or signencr round trip, on the same keys, algorithms and payload sizes (none for plain and username). "
            + "A configuration's whole floor is its JAXB floor plus its crypto floor. \"× JAXB floor\" divides by the "
            + "first alone, \"× whole floor\" by the sum.";

    /** The file beside index.html with every interval chart's points. */
    static final String CHART_DATA = "charts.json";

    /** The sections, in the order the report shows them. */
    private List<Section> sections() {
        return List.of(new HeadlineSection(), new RuntimesSection(), new HeatMapSection(), new EnvironmentSection(), new StacksSection(), new TimeSection(RunResults.SMALL), new TimeSection(RunResults.LARGE),
                new SecurityAndFastInfosetSection(), new FloorOverheadSection(), new SweepSection(), new WireSection(),
                new AllocationSection(), new HttpTaxSection(), new ThreadsSection(), new SteadyStateSection(), new MissingSection(),
                new FloorAndPipeSection(), new HotspotsSection(jfr));
    }

    /**
     * The result files beside the report, copied there unless they already are, so that the report's
     * link to them works wherever the directory goes. Returns their names in the directory.
     */
    private List<String> copyRaw(Path dir) throws IOException {
        List<String> names = new ArrayList<>();
        Map<Path, String> runs = RunFiles.runNames(files);
        for (Path file : files) {
            String run = runs.get(file).replace('/', '-');
            String own = file.getFileName().toString();
            // Runs are named by their files ("a.json", or "gate-a/head.json" where names repeat): no "a.json-a.json".
            String name = files.size() == 1 ? own : run.endsWith(own) ? run : run + "-" + own;
            Path target = dir.resolve(name);
            if (!Files.exists(target) || !Files.isSameFile(file, target)) {
                Files.copy(file, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            names.add(name);
        }
        return names;
    }

    private Document document(RunResults results, Map<Path, Unfinished> unfinished, Charts charts, List<String> raw) {
        Document doc = new Document();
        doc.heading(1, "soapbench report");
        doc.paragraph("Generated from " + files.stream().map(Path::toString).collect(Collectors.joining(", "))
                + ". Times are per request (one full SOAP round trip), each fork's over every request it measured, "
                + "in the unit each table's header names. Every "
                + "interval, of a time or a ratio, is a 99.9% one computed one way: Student's t on the log scale over the "
                + "forks' means, or over the iterations where a run has one fork, which ignores fork-to-fork variation (too "
                + "narrow: marked *); in a run made in duets (run --design), a ratio of two stacks comes from the duets, "
                + "and the forks' spread is moderated across the run's results. ⚠ marks a time whose interval is wider than ±10%; ◷ one not measured in steady state "
                + "(see Steady state). Ratios compare results of the same run only.");
        doc.paragraphWithLinks("Raw results: " + raw.stream().map(f -> "[" + f + "](" + f + ")").collect(Collectors.joining(", "))
                + " (JMH's JSON). To explore them interactively, upload the file to [JMH Visualizer](https://jmh.morethan.io), "
                + "which reads it in the browser.");
        doc.paragraph(FLOORS);
        Metric judged = Metric.auto(results.all());
        doc.paragraph(judged == Metric.CPU
                ? "Judged on CPU time: \"At a glance\", the heat map and the cost of security and Fast Infoset compare "
                        + "the benchmark thread's CPU time per request, which over the pipe is the whole round trip's, "
                        + "because on a shared machine JMH's wall time also carries what the machine did to the run "
                        + "(steal, neighbours) and CPU time leaves that out. The time tables show both."
                : "Judged on wall time: this run's results carry no CPU time (they were measured before soapbench "
                        + "recorded it), so every section compares JMH's wall time.");
        org.soapbench.results.MachineState.of(results.all()).ifPresent(state -> doc.paragraph(state.sentence()));
        unfinished.forEach((file, lacking) -> unfinished(file, lacking, doc));
        RunResults overPipe = results.overPipeInOneThread();
        RunResults judgedPipe = overPipe.on(judged);
        for (Section section : sections()) {
            section.write(section.everyTransportAndThreadCount() ? results : section.judges() ? judgedPipe : overPipe,
                    doc, charts);
        }
        return doc;
    }
}
