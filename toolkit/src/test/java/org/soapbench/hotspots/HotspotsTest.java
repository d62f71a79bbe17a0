package org.soapbench.hotspots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.soapbench.bench.Findings;
import org.soapbench.bench.SelfLoopback;
import org.soapbench.bench.fork.FlightRecordingProfiler;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.dataset.SeismicDataset;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.report.Report;
import org.soapbench.results.JmhResult;
import org.soapbench.results.SyntheticResults;
import picocli.CommandLine;

/** hotspots on a recording made here: every sample in exactly one component, and signencr's crypto shows. */
class HotspotsTest {

    @TempDir
    Path dir;

    @Test
    void signEncryptRecordingBreaksDownIntoComponents() throws Exception {
        Path jfr = dir.resolve("cxf-signencr").resolve("profile.jfr");
        Files.createDirectories(jfr.getParent());
        SeismicDataset dataset = SeismicDataset.standard();
        QuerySet small = QuerySet.small(dataset);
        try (Loopback loopback = SelfLoopback.open(Stacks.load("cxf"), Scenario.of("signencr", "xml"), KeyMaterial.shared(),
                new SeismicService(dataset));
             Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(2)).withStackTrace();
            recording.start();
            long end = System.nanoTime() + Duration.ofSeconds(3).toNanos();
            for (int i = 0; System.nanoTime() < end; i++) {
                loopback.client().query(small.query(i % small.size()));
            }
            recording.stop();
            recording.dump(jfr);
        }
        Hotspots.Components components = Hotspots.Components.load();
        Hotspots.Breakdown b = Hotspots.analyze(jfr, components);
        assertTrue(b.samples() > 50, "too few samples: " + b.samples());
        assertEquals(b.samples(), b.attributed().values().stream().mapToLong(Long::longValue).sum());
        assertEquals(b.samples(), b.self().values().stream().mapToLong(Long::longValue).sum(),
                "every sample is assigned to exactly one component");
        double total = components.names().stream().mapToDouble(b::selfPercent).sum();
        assertEquals(100.0, total, 1e-9);
        JmhResult result = new JmhResult("run.json",
                "org.soapbench.bench.SeismicQuery.small", "avgt", Map.of("stack", "cxf", "security", "signencr",
                "encoding", "xml", "transport", "pipe"), 9_000, 0, "us/op", 1, 1, List.of(List.of(9_000.0)),
                Map.of(), null);
        TimeSplit split = TimeSplit.of(result, b, components.names());
        assertEquals(9_000, components.names().stream().mapToDouble(split::micros).sum(), 1e-6,
                "the components' parts add up to the time per call");
        assertTrue(b.selfPercent("JCA crypto") > 0 && b.inclusivePercent("JCA crypto") > 10, "crypto: " + b);
        assertTrue(b.inclusivePercent("XML signature and encryption") > 10, "XML security: " + b);
        assertTrue(b.inclusivePercent("WS-Security") > 10, "WS-Security: " + b);
        assertTrue(b.inclusivePercent("harness") > 90, "every sample runs under the harness's call: " + b);
        assertEquals("cxf-signencr", b.label());

        Path md = dir.resolve("hotspots.md");
        assertEquals(0, run(new String[] {"--md", md.toString(), "--chart", dir.toString(), dir.toString()}));
        assertTrue(Files.readString(md).contains("| JCA crypto |"));
        assertTrue(Files.size(dir.resolve("hotspots.png")) > 1000);

        // The report shows the same breakdown beside a run's results.
        SyntheticResults results = new SyntheticResults();
        results.add("SeismicQuery.small", 9_000, 100, SyntheticResults.config("cxf", "signencr", "xml"));
        Path report = dir.resolve("report");
        assertEquals(0, Report.run(new String[] {"--out", report.toString(), "--jfr", jfr.getParent().toString(),
                results.write(dir.resolve("r.json")).toString()}));
        String summary = Files.readString(report.resolve("summary.md"));
        assertTrue(summary.contains("## Where the time goes (JFR)") && summary.contains("### cxf-signencr"), summary);
        assertTrue(Files.readString(report.resolve("index.html")).contains("hotspots.png"));
    }

    /**
     * A recording from the JVM's start holds start-up and settling too: where it marks JMH's measured
     * iterations, only their samples count. Here crypto runs unmarked and the harness's own loop marked,
     * so the crypto must vanish from the breakdown, while the same recording unmarked shows it.
     */
    @Test
    void onlyTheMeasuredIterationsOfARecordingFromTheJvmsStartAreRead() throws Exception {
        Hotspots.Components components = Hotspots.Components.load();
        Path unmarked = record(dir.resolve("unmarked.jfr"), false);
        Path marked = record(dir.resolve("trial").resolve("fork-1.jfr"), true);
        Hotspots.Breakdown all = Hotspots.analyze(unmarked, components);
        Hotspots.Breakdown measured = Hotspots.analyze(marked, components);
        // present, not a share: the sampler catches the crypto's intrinsics less often than plain Java (16-20% of
        // the samples of its half of the recording here), and absence in the marked file is the point
        assertTrue(all.inclusivePercent("JCA crypto") > 5, "the unmarked recording has the crypto: " + all);
        assertTrue(measured.samples() > 50, "too few samples in the measured span: " + measured);
        assertEquals(0, measured.inclusivePercent("JCA crypto"), 0.5, "samples outside the measured span: " + measured);
        // fewer than the same file holds: its unmarked second is left out (the sampler's rate differs between
        // recordings on a busy machine, so only a file compared with itself says this)
        long inFile = jdk.jfr.consumer.RecordingFile.readAllEvents(marked).stream()
                .filter(e -> e.getEventType().getName().equals("jdk.ExecutionSample")).count();
        assertTrue(measured.samples() < inFile * 0.9, measured.samples() + " of the file's " + inFile);

        // A configuration's forks are one breakdown, labelled by the trial's directory.
        Files.copy(marked, marked.resolveSibling("fork-2.jfr"));
        List<Hotspots.Breakdown> forks = Hotspots.analyze(Hotspots.recordings(List.of(marked.getParent())), components);
        assertEquals(1, forks.size(), forks.toString());
        assertEquals("trial", forks.get(0).label());
        assertEquals(2 * measured.samples(), forks.get(0).samples());
        assertEquals(2 * measured.attributed().get("harness"), forks.get(0).attributed().get("harness"));
    }

    /** Where the loop's result goes, so that the JIT keeps the loop. */
    private static volatile long kept;

    /** One second of RSA-sized modular arithmetic, then one of the harness's own loop, marked as measured if asked. */
    private static Path record(Path file, boolean mark) throws Exception {
        Files.createDirectories(file.getParent());
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(2)).withStackTrace();
            recording.enable(FlightRecordingProfiler.MeasuredIteration.class);
            recording.start();
            java.math.BigInteger base = java.math.BigInteger.probablePrime(1024, new java.util.Random(1));
            java.math.BigInteger modulus = java.math.BigInteger.probablePrime(1024, new java.util.Random(2));
            long end = System.nanoTime() + Duration.ofSeconds(1).toNanos();
            while (System.nanoTime() < end) {
                base = base.modPow(java.math.BigInteger.valueOf(65537), modulus);
            }
            FlightRecordingProfiler.MeasuredIteration iteration = new FlightRecordingProfiler.MeasuredIteration();
            if (mark) {
                iteration.begin();
            }
            long sink = base.longValue();
            end = System.nanoTime() + Duration.ofSeconds(1).toNanos();
            while (System.nanoTime() < end) {
                sink = spin(sink);
            }
            if (mark) {
                iteration.commit();
            }
            recording.stop();
            recording.dump(file);
            kept = sink;
        }
        return file;
    }

    private static long spin(long x) {
        for (int i = 0; i < 1000; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }

    @Test
    void missingOrCorruptRecordingsGetOneSentenceAndExitTwo() throws Exception {
        Path corrupt = dir.resolve("corrupt.jfr");
        Files.write(corrupt, "this is not a flight recording".getBytes(StandardCharsets.UTF_8));
        assertBad(dir.resolve("absent.jfr"), "no such file or directory");
        assertBad(corrupt, "is not a readable JFR recording");
    }

    private static int run(String[] args) {
        return new CommandLine(new Hotspots()).execute(args);
    }

    private static void assertBad(Path file, String expected) {
        Findings.assertOneSentenceError(HotspotsTest::run, file, expected);
    }
}
