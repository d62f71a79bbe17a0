package org.soapbench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.soapbench.core.Encoding;
import org.soapbench.core.SecurityMode;
import org.soapbench.hotspots.Hotspots;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.BenchmarkNames;
import org.soapbench.results.Interval;
import org.soapbench.results.JmhResult;
import org.soapbench.results.RunFiles;
import org.soapbench.results.RunMetadata;
import org.soapbench.results.Steadiness;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code report}: JMH JSON in, {@code index.html} (with PNG charts beside it) and {@code summary.md}
 * out. Everything shown comes from the JSON: scores and errors, wire bytes and allocation as
 * secondary metrics, stack versions, CPU count and date from the forks' recorded JVM arguments.
 * Ratios are computed only between results of the same file (the same run).
 */
@Command(name = "report", mixinStandardHelpOptions = true, description = "Writes index.html, PNG charts and summary.md from JMH JSON result files.")
public final class Report implements Callable<Integer> {

    static final String CXF = "cxf";
    private static final String SMALL = "small";
    private static final String LARGE = "large";

    @Parameters(arity = "1..*", paramLabel = "RESULT.json", description = "JMH result files (-rf json)")
    List<Path> files;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: the result file's own "
            + "directory when it is reports/<run>/jmh.json, else reports/<file name>)")
    Path out;

    @Option(names = "--jfr", paramLabel = "DIR", description = "Also break down the JFR recordings under DIR by component "
            + "(as the hotspots command does), e.g. reports/jfr after --profile jfr")
    Path jfr;

    private final List<JmhResult> results = new ArrayList<>();
    private final StringBuilder html = new StringBuilder();
    private final StringBuilder md = new StringBuilder();
    private Charts charts;

    public static int run(String[] args) {
        CommandLine cli = new CommandLine(new Report());
        return cli.execute(args);
    }

    @Override
    public Integer call() {
        try {
            for (Path file : files) {
                results.addAll(JmhResult.read(file));
            }
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            return 2;
        }
        Path dir = out != null ? out : RunFiles.reportDir(files.get(0));
        try {
            Files.createDirectories(dir);
            charts = new Charts(dir);
            write(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.out.println("# soapbench: report in " + dir.resolve("index.html").toAbsolutePath());
        return 0;
    }

    private void write(Path dir) throws IOException {
        heading(1, "soapbench report");
        paragraph("Generated from " + files.stream().map(Path::toString).collect(Collectors.joining(", "))
                + ". Times are microseconds per request (one full SOAP round trip). Every interval, of a time or a "
                + "ratio, is a 99.9% one computed one way: Student's t on the log scale over the forks' means, or over "
                + "the iterations where a run has one fork, which ignores fork-to-fork variation (too narrow: marked *). "
                + "⚠ marks a time whose interval is wider than ±10%; ◷ one not measured in steady state "
                + "(see Steady state). Ratios compare results of the same run only.");
        environment();
        for (String workload : List.of(SMALL, LARGE)) {
            timeSection(workload);
        }
        securityAndFastInfoset();
        overheadAboveFloor();
        sweep();
        wire();
        allocation();
        threads();
        steadyState();
        missing();
        floorAndPipe();
        hotspots();
        Files.writeString(dir.resolve("summary.md"), md.toString(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("index.html"), page(html.toString()), StandardCharsets.UTF_8);
    }

    // ---- sections -------------------------------------------------------------------------------

    private void environment() {
        heading(2, "Environment");
        Table t = new Table("run", "date", "JDK", "VM", "GC", "JVM options", "CPUs", "stacks", "JMH", "forks × iterations");
        Map<String, JmhResult> firstOfRun = new LinkedHashMap<>();
        results.forEach(r -> firstOfRun.putIfAbsent(r.run(), r));
        for (JmhResult r : firstOfRun.values()) {
            var src = r.source();
            List<String> jvmArgs = r.jvmArgs();
            Map<String, String> meta = r.metadata();
            String options = jvmArgs.stream().filter(a -> !a.startsWith("-Dsoapbench.")).collect(Collectors.joining(" "));
            String gc = jvmArgs.stream().filter(a -> a.matches("-XX:\\+Use\\w+GC")).map(a -> a.substring(6))
                    .findFirst().orElse("JVM default (G1 with 2+ CPUs)");
            t.row(r.run(), meta.getOrDefault(RunMetadata.DATE, "?"),
                    src.path("jdkVersion").asText("?"), src.path("vmName").asText("") + " " + src.path("vmVersion").asText(""),
                    gc, options, meta.getOrDefault(RunMetadata.CPUS, "?"),
                    RunMetadata.stackVersions(meta).entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                            .collect(Collectors.joining(", ")),
                    src.path("jmhVersion").asText("?"),
                    settling(meta.get(RunMetadata.SETTLE)) + src.path("forks").asInt() + " × (" + src.path("warmupIterations").asInt() + " × "
                            + src.path("warmupTime").asText() + " warm-up, " + src.path("measurementIterations").asInt()
                            + " × " + src.path("measurementTime").asText() + ")");
        }
        table(t);
    }

    /** How the run's forks settled, from the launcher's {@code -Dsoapbench.settle}; unknown for older results. */
    private static String settling(String value) {
        if (value == null) {
            return "";
        }
        return value.equals("off") ? "no settling, " : "settled (ceiling " + value + "), then ";
    }

    private void timeSection(String workload) {
        List<JmhResult> rows = select(r -> r.shortName().equals("SeismicQuery." + workload));
        if (rows.isEmpty()) {
            return;
        }
        heading(2, "Time per request: " + workload + (workload.equals(SMALL)
                ? " (1,000 queries, 816 quakes in all: per-request cost)" : " (100 queries, 176,745 quakes in all: data volume)"));
        Table t = new Table("stack", "security", "encoding", "µs/request", "± error", "× CXF", "× floor");
        for (JmhResult r : sorted(rows)) {
            JmhResult cxf = find(r.run(), "SeismicQuery." + workload, CXF, r.param("security"), r.param("encoding"));
            JmhResult floor = findFloor(r.run(), workload, r.param("encoding"));
            t.row(r.param("stack"), r.param("security"), r.param("encoding"), score(r), error(r),
                    cxf == null ? "" : ratio(r, cxf), floor == null ? "" : ratio(r, floor));
        }
        table(t);
        for (String encoding : encodings(rows)) {
            List<JmhResult> enc = rows.stream().filter(r -> r.param("encoding").equals(encoding)).toList();
            image(charts.bars("time-" + workload + "-" + encoding,
                    "Time per request, " + workload + ", " + encoding + " (log scale)", "µs per request", true,
                    series(enc, r -> {
                        Interval i = Interval.ofScore(r, Interval.REPORT_CONFIDENCE);
                        return new double[] {r.score(), i.known() ? i.relativeHalfWidth() * r.score() : 0};
                    })));
            Map<String, Map<String, double[]>> normalized = series(enc, r -> {
                JmhResult cxf = find(r.run(), "SeismicQuery." + workload, CXF, r.param("security"), encoding);
                return cxf == null ? null : ratioWithError(r, cxf);
            });
            if (normalized.size() > 1) {
                image(charts.bars("cxf-normalized-" + workload + "-" + encoding,
                        "Normalized to CXF, " + workload + ", " + encoding, "time / CXF's time", false, normalized));
            }
        }
    }

    private void securityAndFastInfoset() {
        List<JmhResult> rows = select(r -> r.shortName().startsWith("SeismicQuery."));
        if (rows.isEmpty()) {
            return;
        }
        heading(2, "Security overhead and Fast Infoset");
        paragraph("Each security mode as a multiple of the same stack's plain time; and XML time divided by Fast Infoset "
                + "time (above 1: FI is faster).");
        Table t = new Table("stack", "workload", "encoding", "username / plain", "sign / plain", "signencr / plain");
        Table fi = new Table("stack", "workload", "security", "xml / fi");
        for (JmhResult r : sorted(rows)) {
            String wl = r.method();
            if (r.param("security").equals("plain")) {
                List<String> cells = new ArrayList<>(List.of(r.param("stack"), wl, r.param("encoding")));
                for (String mode : List.of("username", "sign", "signencr")) {
                    JmhResult m = find(r.run(), r.shortName(), r.param("stack"), mode, r.param("encoding"));
                    cells.add(m == null ? "" : ratio(m, r));
                }
                t.row(cells.toArray(String[]::new));
            }
            if (r.param("encoding").equals("xml")) {
                JmhResult f = find(r.run(), r.shortName(), r.param("stack"), r.param("security"), "fi");
                if (f != null) {
                    fi.row(r.param("stack"), wl, r.param("security"), ratio(r, f));
                }
            }
        }
        table(t);
        table(fi);
    }

    /** Measured time against the work no stack can skip: the JAXB floor plus, when signing, the crypto floor. */
    private void overheadAboveFloor() {
        List<JmhResult> rows = select(r -> r.shortName().equals("SeismicQuery.small") || r.shortName().equals("SeismicQuery.large"));
        Table t = new Table("stack", "workload", "security", "encoding", "measured µs", "JAXB floor µs", "crypto floor µs",
                "overhead µs", "measured / floor");
        Map<String, Map<String, double[]>> bars = new LinkedHashMap<>();
        for (JmhResult r : sorted(rows)) {
            JmhResult jaxb = findFloor(r.run(), r.method(), r.param("encoding"));
            boolean signs = SecurityMode.of(r.param("security")).signs();
            JmhResult crypto = !signs ? null : results.stream().filter(c -> c.run().equals(r.run())
                    && c.shortName().equals("CryptoFloor." + r.method()) && c.param("security").equals(r.param("security")))
                    .findFirst().orElse(null);
            if (jaxb == null || (signs && crypto == null)) {
                continue;
            }
            double floor = jaxb.score() + (crypto == null ? 0 : crypto.score());
            double overhead = r.score() - floor;
            t.row(r.param("stack"), r.method(), r.param("security"), r.param("encoding"), score(r), fmt(jaxb.score()),
                    crypto == null ? "0" : fmt(crypto.score()), fmt(overhead), String.format(Locale.ROOT, "%.2f", r.score() / floor));
            String category = r.param("stack") + " " + r.param("security") + "/" + r.param("encoding");
            bars.computeIfAbsent(r.method() + "|floor", k -> new LinkedHashMap<>()).put(category, new double[] {floor, 0});
            bars.computeIfAbsent(r.method() + "|overhead", k -> new LinkedHashMap<>()).put(category, new double[] {Math.max(0, overhead), 0});
        }
        if (t.isEmpty()) {
            return;
        }
        heading(2, "Overhead above the floor");
        paragraph("The floor of a configuration is the work no stack can skip: the JAXB floor of its encoding, plus, for "
                + "sign and signencr, the crypto floor (the JCA work of one round trip on the same keys and payload sizes). "
                + "Everything above it is the stack's own overhead.");
        table(t);
        for (String workload : List.of(SMALL, LARGE)) {
            Map<String, Map<String, double[]>> series = new LinkedHashMap<>();
            if (bars.containsKey(workload + "|floor")) {
                series.put("floor (JAXB + crypto)", bars.get(workload + "|floor"));
                series.put("stack overhead", bars.get(workload + "|overhead"));
                image(charts.stacked("floor-" + workload, "Floor and overhead, " + workload, "µs per request", series));
            }
        }
    }

    private void sweep() {
        List<JmhResult> rows = select(r -> (r.shortName().equals("SizeSweep.query") || r.shortName().equals("Floor.sweep"))
                && !r.param("quakes").isEmpty());
        if (rows.isEmpty()) {
            return;
        }
        heading(2, "Fixed and per-quake cost (size sweep)");
        paragraph("A least-squares line through µs per request against quakes per response: the intercept is the fixed "
                + "cost of a request, the slope the cost of each quake; R² says how straight the points lie.");
        Map<String, List<JmhResult>> byConfig = new TreeMap<>();
        for (JmhResult r : rows) {
            String stack = r.shortName().equals("Floor.sweep") ? BenchmarkNames.FLOOR_STACK : r.param("stack");
            String security = r.shortName().equals("Floor.sweep") ? "plain" : r.param("security");
            byConfig.computeIfAbsent(r.run() + "|" + stack + "|" + security + "/" + r.param("encoding"), k -> new ArrayList<>()).add(r);
        }
        Table t = new Table("stack", "configuration", "fixed µs/request", "ns/quake", "R²", "points");
        Map<String, Map<String, double[][]>> perStack = new TreeMap<>();
        for (Map.Entry<String, List<JmhResult>> e : byConfig.entrySet()) {
            String[] key = e.getKey().split("\\|");
            List<JmhResult> points = e.getValue().stream()
                    .sorted(Comparator.comparingInt(r -> Integer.parseInt(r.param("quakes")))).toList();
            double[] x = points.stream().mapToDouble(r -> Integer.parseInt(r.param("quakes"))).toArray();
            double[] y = points.stream().mapToDouble(JmhResult::score).toArray();
            if (points.size() < 2) {
                t.row(key[1], key[2], "", "", "", points.size() + " (a line needs 2)");
                continue;
            }
            LinearFit fit = LinearFit.of(x, y);
            t.row(key[1], key[2], fmt(fit.fixedMicros()), fmt(fit.perQuakeNanos()), String.format(Locale.ROOT, "%.4f", fit.rSquared()),
                    Integer.toString(fit.points()));
            double[] line = Arrays.stream(x).map(fit::at).toArray();
            perStack.computeIfAbsent(key[1], k -> new LinkedHashMap<>()).put(key[2], new double[][] {x, y, line});
        }
        table(t);
        for (Map.Entry<String, Map<String, double[][]>> e : perStack.entrySet()) {
            image(charts.lines("sweep-" + e.getKey(), "Size sweep: " + e.getKey() + " (points measured, lines fitted)",
                    "quakes per response", "µs per request", e.getValue()));
        }
    }

    private void wire() {
        List<JmhResult> rows = select(r -> r.secondary().containsKey("wireExchanges") && r.secondary().get("wireExchanges") > 0
                && (r.shortName().equals("SeismicQuery.small") || r.shortName().equals("SeismicQuery.large")));
        if (rows.isEmpty()) {
            return;
        }
        heading(2, "Bytes on the wire");
        paragraph("Mean bytes per request and per response over the measured iterations, from the pipe's own counters.");
        Table t = new Table("stack", "workload", "security", "request xml", "request fi", "response xml", "response fi", "fi / xml (response)");
        for (JmhResult r : sorted(rows)) {
            if (!r.param("encoding").equals("xml")) {
                continue;
            }
            JmhResult f = find(r.run(), r.shortName(), r.param("stack"), r.param("security"), "fi");
            double[] x = bytes(r);
            double[] fb = f == null ? null : bytes(f);
            if (x == null) {
                continue;
            }
            t.row(r.param("stack"), r.method(), r.param("security"), fmtInt(x[0]), fb == null ? "" : fmtInt(fb[0]),
                    fmtInt(x[1]), fb == null ? "" : fmtInt(fb[1]),
                    fb == null ? "" : String.format(Locale.ROOT, "%.2f", fb[1] / x[1]));
        }
        table(t);
        for (String workload : List.of(SMALL, LARGE)) {
            List<JmhResult> wl = rows.stream().filter(r -> r.method().equals(workload)).toList();
            if (!wl.isEmpty()) {
                Map<String, Map<String, double[]>> s = new LinkedHashMap<>();
                for (JmhResult r : sorted(wl)) {
                    double[] b = bytes(r);
                    if (b != null) {
                        s.computeIfAbsent(label(r) + " " + r.param("encoding"), k -> new LinkedHashMap<>())
                                .put(r.param("security"), new double[] {b[1], 0});
                    }
                }
                image(charts.bars("wire-" + workload, "Response bytes, " + workload, "bytes per response", false, s));
            }
        }
    }

    private void allocation() {
        String metric = "gc.alloc.rate.norm";
        List<JmhResult> rows = select(r -> r.secondary().containsKey(metric) && r.shortName().startsWith("SeismicQuery."));
        if (rows.isEmpty()) {
            return;
        }
        heading(2, "Allocation per call");
        paragraph("Bytes allocated per round trip (client and server together), from JMH's -prof gc.");
        Table t = new Table("stack", "workload", "security", "encoding", "KB allocated per call", "× CXF");
        for (JmhResult r : sorted(rows)) {
            JmhResult cxf = find(r.run(), r.shortName(), CXF, r.param("security"), r.param("encoding"));
            double v = r.secondary().get(metric);
            t.row(r.param("stack"), r.method(), r.param("security"), r.param("encoding"), fmt(v / 1024),
                    cxf == null || !cxf.secondary().containsKey(metric) ? ""
                            : String.format(Locale.ROOT, "%.2f", v / cxf.secondary().get(metric)));
        }
        table(t);
        for (String workload : List.of(SMALL, LARGE)) {
            List<JmhResult> wl = rows.stream().filter(r -> r.method().equals(workload)).toList();
            if (!wl.isEmpty()) {
                image(charts.bars("alloc-" + workload, "Allocation per call, " + workload, "KB per call", true,
                        seriesByStackAndEncoding(wl, r -> new double[] {r.secondary().get(metric) / 1024, 0})));
            }
        }
    }

    private void threads() {
        Set<Integer> counts = results.stream().map(JmhResult::threads).collect(Collectors.toCollection(java.util.TreeSet::new));
        if (counts.size() < 2) {
            return;
        }
        heading(2, "Thread-count scaling");
        Table t = new Table("benchmark", "stack", "security", "encoding", "threads", "µs/request", "throughput / 1 thread");
        for (JmhResult r : results.stream().sorted(Comparator.comparing(JmhResult::benchmark)
                .thenComparing(r -> r.params().toString()).thenComparingInt(JmhResult::threads)).toList()) {
            JmhResult one = results.stream().filter(o -> o.run().equals(r.run()) && o.benchmark().equals(r.benchmark())
                    && o.params().equals(r.params()) && o.threads() == 1).findFirst().orElse(null);
            String scaling = one == null ? "" : String.format(Locale.ROOT, "%.2f", (r.threads() / r.score()) / (1 / one.score()));
            t.row(r.shortName(), r.param("stack"), r.param("security"), r.param("encoding"), Integer.toString(r.threads()),
                    score(r), scaling);
        }
        table(t);
    }

    /** The evidence that each result was measured after the fork settled (see {@link Steadiness}). */
    private void steadyState() {
        heading(2, "Steady state");
        long unknown = results.stream().filter(r -> !Steadiness.of(r).known()).count();
        long unsteady = results.stream().filter(r -> !Steadiness.of(r).steady()).count();
        paragraph("Each fork first calls its benchmark until, over the last 5 s, the JIT compiled for under 1% of the "
                + "time and calls stopped getting faster (or until the ceiling), then runs JMH's warm-up and "
                + "measurement. A result is flagged ◷ when a fork hit the ceiling, when the JIT compiled for more than "
                + "1% of the measured time, or when the measured iterations still fell by more than 2% (significant at "
                + "99%). " + (unsteady == 0 ? "No result is flagged." : unsteady + " of " + results.size()
                + " results are flagged.") + (unknown > 0 ? " " + unknown + " results carry no evidence (run "
                + "without the launcher's profiler)." : ""));
        Table t = new Table("benchmark", "params", "settled after (s)", "JIT during measurement", "trend over measurement",
                "± error", "verdict");
        boolean severalRuns = results.stream().map(JmhResult::run).distinct().count() > 1;
        for (JmhResult r : results) {
            Steadiness st = Steadiness.of(r);
            t.row(r.shortName() + (severalRuns ? " (" + r.run() + ")" : ""), r.paramsText(),
                    Double.isNaN(st.warmupSeconds()) ? "—" : String.format(Locale.ROOT, "%.1f", st.warmupSeconds()),
                    Double.isNaN(st.jitPercent()) ? "—" : String.format(Locale.ROOT, "%.2f%%", st.jitPercent()),
                    Double.isNaN(st.trend()) ? "—" : String.format(Locale.ROOT, "%+.1f%%", 100 * st.trend()),
                    error(r), st.verdict());
        }
        table(t);
    }

    /** Configurations the run's own parameter values imply but that have no result: unsupported or failed. */
    private void missing() {
        Table t = new Table("run", "benchmark", "stack", "security", "encoding", "status");
        Map<String, List<JmhResult>> byRunAndBenchmark = new LinkedHashMap<>();
        for (JmhResult r : select(r -> r.shortName().startsWith("SeismicQuery.") || r.shortName().equals("SizeSweep.query"))) {
            byRunAndBenchmark.computeIfAbsent(r.run() + "|" + r.shortName(), k -> new ArrayList<>()).add(r);
        }
        for (Map.Entry<String, List<JmhResult>> e : byRunAndBenchmark.entrySet()) {
            List<JmhResult> rs = e.getValue();
            Map<String, RunMetadata.Capabilities> capabilities = RunMetadata.capabilities(rs.get(0).metadata());
            Set<String> stacks = values(rs, "stack");
            Set<String> modes = values(rs, "security");
            Set<String> encodings = values(rs, "encoding");
            Set<String> present = rs.stream().map(r -> r.param("stack") + "|" + r.param("security") + "|" + r.param("encoding"))
                    .collect(Collectors.toSet());
            for (String stack : stacks) {
                for (String mode : modes) {
                    for (String encoding : encodings) {
                        if (!present.contains(stack + "|" + mode + "|" + encoding)) {
                            String[] key = e.getKey().split("\\|");
                            t.row(key[0], key[1], stack, mode, encoding, "⚠ " + whyMissing(capabilities, stack, mode, encoding));
                        }
                    }
                }
            }
        }
        if (!t.isEmpty()) {
            heading(2, "Unsupported or failed configurations");
            paragraph("Combinations of the run's own parameter values with no result. None of them is drawn as a bar.");
            table(t);
        }
    }

    /** Why a configuration has no result, from what the run recorded of its stacks when it started. */
    private static String whyMissing(Map<String, RunMetadata.Capabilities> capabilities, String stackId, String mode,
                                     String encoding) {
        RunMetadata.Capabilities stack = capabilities.get(stackId);
        if (stack == null) {
            return capabilities.isEmpty() ? "no result (the run recorded no stack capabilities to tell unsupported from failed)"
                    : "not run: the jar that ran carried no stack '" + stackId + "'";
        }
        if (stack.unavailable() != null) {
            return "not run: " + stack.unavailable();
        }
        if (!stack.securityModes().contains(mode)) {
            return "unsupported: stack '" + stackId + "' does not support security mode '" + mode + "'";
        }
        if (!stack.encodings().contains(encoding)) {
            return "unsupported: stack '" + stackId + "' does not support encoding '" + encoding + "'";
        }
        return "failed during the run: no result (see the run's JMH log)";
    }

    private void floorAndPipe() {
        List<JmhResult> rows = select(r -> r.shortName().startsWith("Floor.") || r.shortName().startsWith("CryptoFloor.")
                || r.shortName().startsWith("PipeCost."));
        if (rows.isEmpty()) {
            return;
        }
        heading(2, "Floors and pipe");
        paragraph("The floor: the same payloads marshalled and unmarshalled by plain JAXB, with no SOAP processing. "
                + "The crypto floor: the JCA work of one secured round trip. "
                + "The pipe: the in-memory transport alone (with its byte counters), in nanoseconds.");
        Table t = new Table("benchmark", "encoding", "security", "quakes", "score", "unit", "± error");
        for (JmhResult r : rows) {
            boolean pipe = r.shortName().startsWith("PipeCost.");
            t.row(r.shortName(), r.param("encoding"), r.param("security"), r.param("quakes"),
                    flag(r) + fmt(pipe ? r.score() * 1000 : r.score()), pipe ? "ns/op" : "µs/op",
                    pipe ? errorIn(r, 1000) : error(r));
        }
        table(t);
    }

    private void hotspots() {
        if (jfr == null) {
            return;
        }
        Hotspots.Components components = Hotspots.Components.load();
        List<Hotspots.Breakdown> all = Hotspots.recordings(List.of(jfr)).stream().map(f -> Hotspots.analyze(f, components)).toList();
        heading(2, "Where the time goes (JFR)");
        paragraph("Execution samples by component: self (top frame), attributed (innermost frame outside the JDK core) "
                + "and inclusive (anywhere on the stack), in % of samples; the chart stacks attributed time.");
        md.append(Hotspots.markdown(all, components.names()));
        for (Hotspots.Breakdown b : all) {
            html.append("<h3>").append(Table.escape(b.label())).append(" (").append(b.samples()).append(" samples)</h3>\n");
            html.append(Hotspots.table(b, components.names()).html());
        }
        Map<String, Map<String, double[]>> series = Hotspots.attributedSeries(all, components.names());
        image(charts.stacked("hotspots", "Time by component (% of samples, JDK work charged to its caller)", "% of samples", series));
    }

    // ---- lookups --------------------------------------------------------------------------------

    private List<JmhResult> select(Predicate<JmhResult> p) {
        return results.stream().filter(p).toList();
    }

    private JmhResult find(String run, String shortName, String stack, String security, String encoding) {
        return results.stream().filter(r -> r.run().equals(run) && r.shortName().equals(shortName)
                && r.param("stack").equals(stack) && r.param("security").equals(security)
                && r.param("encoding").equals(encoding) && r.threads() == 1).findFirst().orElse(null);
    }

    private JmhResult findFloor(String run, String workload, String encoding) {
        return results.stream().filter(r -> r.run().equals(run) && r.shortName().equals("Floor." + workload)
                && r.param("encoding").equals(encoding)).findFirst().orElse(null);
    }

    private static Set<String> values(List<JmhResult> rs, String param) {
        return rs.stream().map(r -> r.param(param)).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    private static List<String> encodings(List<JmhResult> rows) {
        return Arrays.stream(Encoding.values()).map(Encoding::id)
                .filter(e -> rows.stream().anyMatch(r -> r.param("encoding").equals(e))).toList();
    }

    private static List<JmhResult> sorted(List<JmhResult> rows) {
        return rows.stream().sorted(Comparator.comparing(JmhResult::run).thenComparing(JmhResult::method)
                .thenComparing(r -> r.param("stack")).thenComparing(r -> modeOrder(r.param("security")))
                .thenComparing(r -> r.param("encoding").equals("xml") ? 0 : 1)).toList();
    }

    private static int modeOrder(String mode) {
        try {
            return SecurityMode.of(mode).ordinal();
        } catch (IllegalArgumentException e) {
            return 99;
        }
    }

    /** Series name (stack, with the run when several) to category (security mode) to {value, error}. */
    private Map<String, Map<String, double[]>> series(List<JmhResult> rows, java.util.function.Function<JmhResult, double[]> value) {
        Map<String, Map<String, double[]>> s = new LinkedHashMap<>();
        for (JmhResult r : sorted(rows)) {
            double[] v = value.apply(r);
            if (v != null) {
                s.computeIfAbsent(label(r), k -> new LinkedHashMap<>()).put(r.param("security"), v);
            }
        }
        return s;
    }

    private Map<String, Map<String, double[]>> seriesByStackAndEncoding(List<JmhResult> rows,
                                                                      java.util.function.Function<JmhResult, double[]> value) {
        Map<String, Map<String, double[]>> s = new LinkedHashMap<>();
        for (JmhResult r : sorted(rows)) {
            s.computeIfAbsent(label(r) + " " + r.param("encoding"), k -> new LinkedHashMap<>()).put(r.param("security"), value.apply(r));
        }
        return s;
    }

    private String label(JmhResult r) {
        boolean severalRuns = results.stream().map(JmhResult::run).distinct().count() > 1;
        return r.param("stack") + (severalRuns ? " (" + r.run() + ")" : "");
    }

    /** Mean {request, response} bytes, or null when the result has no wire counters. */
    private static double[] bytes(JmhResult r) {
        Double n = r.secondary().get("wireExchanges");
        if (n == null || n == 0) {
            return null;
        }
        return new double[] {r.secondary().get("wireRequestBytes") / n, r.secondary().get("wireResponseBytes") / n};
    }

    /** A time whose interval is wider than this, relative to it, is flagged. */
    static final double NOISY = 0.10;

    // ---- formatting -----------------------------------------------------------------------------

    private static String score(JmhResult r) {
        return flag(r) + fmt(r.score());
    }

    private static String flag(JmhResult r) {
        Interval i = Interval.ofScore(r, Interval.REPORT_CONFIDENCE);
        return (Steadiness.of(r).steady() ? "" : "◷ ")
                + (!i.known() ? "⚠ (error unknown) " : i.relativeHalfWidth() > NOISY ? "⚠ " : "");
    }

    /** The score's interval as "± half-width (percent)", * when it comes from one fork's iterations. */
    private static String error(JmhResult r) {
        return errorIn(r, 1);
    }

    /** As {@link #error}, the half-width scaled into the unit shown (× 1000: µs shown as ns). */
    private static String errorIn(JmhResult r, double scale) {
        Interval i = Interval.ofScore(r, Interval.REPORT_CONFIDENCE);
        if (!i.known()) {
            return "?";
        }
        return fmt(i.relativeHalfWidth() * r.score() * scale)
                + String.format(Locale.ROOT, " (%.0f%%)%s", 100 * i.relativeHalfWidth(), i.tooNarrow() ? "*" : "");
    }

    static String ratio(JmhResult a, JmhResult b) {
        return Interval.ofRatio(a, b, Interval.REPORT_CONFIDENCE).ratioText();
    }

    /** {a/b, half its interval's width} for the charts; a reference has no interval. */
    static double[] ratioWithError(JmhResult a, JmhResult b) {
        Interval i = Interval.ofRatio(a, b, Interval.REPORT_CONFIDENCE);
        return new double[] {i.value(), i.known() ? (i.high() - i.low()) / 2 : 0};
    }


    static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "?";
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%,.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f", v);
    }

    private static String fmtInt(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    private void heading(int level, String text) {
        md.append("#".repeat(level)).append(' ').append(text).append("\n\n");
        html.append("<h").append(level).append('>').append(Table.escape(text)).append("</h").append(level).append(">\n");
    }

    private void paragraph(String text) {
        md.append(text).append("\n\n");
        html.append("<p>").append(Table.escape(text)).append("</p>\n");
    }

    private void table(Table t) {
        if (t.isEmpty()) {
            return;
        }
        md.append(t.markdown()).append('\n');
        html.append(t.html());
    }

    private void image(String file) {
        if (file == null) {
            return;
        }
        html.append("<p><img src=\"").append(Table.escape(file)).append("\" alt=\"").append(Table.escape(file)).append("\"></p>\n");
        md.append("![").append(file).append("](").append(file).append(")\n\n");
    }

    private static String page(String body) {
        return """
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><title>soapbench report</title>
                <style>
                body { font-family: sans-serif; margin: 2em; max-width: 1200px; }
                table { border-collapse: collapse; margin: 1em 0; font-size: 90%; }
                th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
                th { background: #f0f0f0; }
                td.warn { color: #a00; }
                img { max-width: 100%; }
                </style></head><body>
                """ + body + "</body></html>\n";
    }
}
