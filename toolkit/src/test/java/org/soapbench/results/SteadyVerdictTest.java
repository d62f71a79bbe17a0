package org.soapbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.soapbench.bench.fork.SteadyStateProfiler;
import org.soapbench.gate.Compare;
import org.soapbench.report.Report;

/** Results measured before steady state are flagged, with their reasons, by the report and by compare. */
class SteadyVerdictTest {

    @TempDir
    Path dir;

    /** The profiler's three metrics, as JMH writes them. */
    private static void evidence(ObjectNode result, double jitPercent, double warmupSeconds, double reached) {
        ObjectNode s = (ObjectNode) result.get("secondaryMetrics");
        s.putObject(SteadyStateProfiler.JIT_SHARE).put("score", jitPercent).put("scoreUnit", "%");
        s.putObject(SteadyStateProfiler.WARMUP).put("score", warmupSeconds).put("scoreUnit", "s");
        s.putObject(SteadyStateProfiler.REACHED).put("score", reached).put("scoreUnit", "");
    }

    /** Replaces the result's iterations with one fork per row. */
    private static void iterations(ObjectNode result, double[]... forks) {
        ArrayNode raw = ((ObjectNode) result.get("primaryMetric")).putArray("rawData");
        for (double[] fork : forks) {
            ArrayNode f = raw.addArray();
            for (double v : fork) {
                f.add(v);
            }
        }
        result.put("forks", forks.length);
    }

    /** Replaces the result's CPU time per operation (the CPU profiler's metric) with one fork per row. */
    private static void cpuIterations(ObjectNode result, double[]... forks) {
        perIteration(result, "·cpu.thread", forks).put("scoreError", "NaN").put("scoreUnit", "us/op");
    }

    /** Replaces the JIT's share of each iteration (the steady-state profiler's metric) with one fork per row. */
    private static void jitIterations(ObjectNode result, double[]... forks) {
        perIteration(result, SteadyStateProfiler.JIT_SHARE, forks).put("scoreUnit", "%");
    }

    /** A secondary metric with one fork per row and their mean as its score, as JMH writes it. */
    private static ObjectNode perIteration(ObjectNode result, String metric, double[]... forks) {
        ObjectNode m = ((ObjectNode) result.get("secondaryMetrics")).putObject(metric);
        ArrayNode raw = m.putArray("rawData");
        double sum = 0;
        int n = 0;
        for (double[] fork : forks) {
            ArrayNode f = raw.addArray();
            for (double v : fork) {
                f.add(v);
                sum += v;
                n++;
            }
        }
        return m.put("score", sum / n);
    }

    private static JmhResult only(SyntheticResults s, Path file) throws Exception {
        return JmhResult.read(s.write(file)).get(0);
    }

    @Test
    void aSettledQuietFlatResultIsSteady() throws Exception {
        SyntheticResults s = new SyntheticResults();
        ObjectNode r = s.add("SeismicQuery.small", 100, 5, SyntheticResults.config("cxf", "sign", "xml"));
        evidence(r, 0.2, 31.5, 1);
        iterations(r, new double[] {101, 99, 100, 102, 98}, new double[] {100, 101, 99, 100, 100});
        SteadyVerdict st = SteadyVerdict.of(only(s, dir.resolve("a.json")));
        assertTrue(st.steady(), st::verdict);
        assertEquals("steady", st.verdict());
        assertEquals(31.5, st.warmupSeconds());
        assertEquals(31.5, st.shortestWarmupSeconds());
    }

    @Test
    void eachSignOfWarmupIsAReason() throws Exception {
        SyntheticResults s = new SyntheticResults();
        ObjectNode r = s.add("SeismicQuery.small", 100, 5, SyntheticResults.config("cxf", "sign", "xml"));
        evidence(r, 4.5, 60, 0);
        // 10% faster from first to last iteration, in both forks
        iterations(r, new double[] {110, 107.5, 105, 102.5, 100}, new double[] {111, 108, 105.2, 102.4, 100.1});
        SteadyVerdict st = SteadyVerdict.of(only(s, dir.resolve("b.json")));
        assertFalse(st.steady());
        assertEquals(List.of("its warm-up ended at the ceiling, after 60 s, before the JIT settled",
                "the JIT was compiling for 4.5% of the measured time (limit 1%)",
                "times were still falling: 9.5% from first to last measured iteration"), st.reasons());
    }

    @Test
    void noiseWithoutADirectionIsNotAFall() throws Exception {
        SyntheticResults s = new SyntheticResults();
        ObjectNode r = s.add("SeismicQuery.small", 100, 5, SyntheticResults.config("cxf", "sign", "xml"));
        evidence(r, 0.1, 20, 1);
        iterations(r, new double[] {108, 95, 104, 93, 101});
        assertTrue(SteadyVerdict.of(only(s, dir.resolve("c.json"))).steady());
    }

    @Test
    void aResultWithoutEvidenceIsUnknownNotFlagged() throws Exception {
        SyntheticResults s = new SyntheticResults();
        s.add("SeismicQuery.small", 100, 5, SyntheticResults.config("cxf", "sign", "xml"));
        SteadyVerdict st = SteadyVerdict.of(only(s, dir.resolve("d.json")));
        assertTrue(st.steady());
        assertFalse(st.known());
        assertEquals("unknown (no evidence in the results)", st.verdict());
    }

    @Test
    void theReportAndCompareFlagAnUnsteadyResultWithItsReasons() throws Exception {
        SyntheticResults base = new SyntheticResults();
        evidence(base.add("SeismicQuery.small", 100, 5, SyntheticResults.config("cxf", "sign", "xml")), 0.1, 25, 1);
        evidence(base.add("SeismicQuery.small", 50, 2, SyntheticResults.config("cxf", "plain", "xml")), 0.1, 10, 1);
        SyntheticResults next = new SyntheticResults();
        evidence(next.add("SeismicQuery.small", 100, 5, SyntheticResults.config("cxf", "sign", "xml")), 7.25, 60, 0);
        evidence(next.add("SeismicQuery.small", 50, 2, SyntheticResults.config("cxf", "plain", "xml")), 0.1, 10, 1);
        Path b = base.write(dir.resolve("base.json"));
        Path n = next.write(dir.resolve("new.json"));

        Path out = dir.resolve("report");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), n.toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("## Steady state"), md);
        assertTrue(md.contains("1 of 2 results are flagged"), md);
        assertTrue(md.contains("| ◷ 100 |"), "the time table marks it: " + md);
        assertTrue(md.contains("| 60.0 | 7.25% |") && md.contains("not steady: its warm-up ended at the ceiling, after 60 s, before "
                + "the JIT settled; the JIT was compiling for 7.3% of the measured time (limit 1%) |"), md);

        StringWriter console = new StringWriter();
        Compare.run(new PrintWriter(console, true), new PrintWriter(new StringWriter(), true), b.toString(), n.toString());
        String text = console.toString();
        assertTrue(text.contains("◷ 100.0"), text);
        assertTrue(text.contains("note: ◷ new SeismicQuery.small encoding=xml security=sign stack=cxf was not measured in "
                + "steady state: its warm-up ended at the ceiling, after 60 s, before the JIT settled; the JIT was compiling for 7.3% "
                + "of the measured time (limit 1%)."), text);
    }

    /**
     * A pinned fork compiles in the foreground: its wall time carries stalls while its thread's CPU time
     * stays flat. Judged on CPU time that is steady, with the stalls and the ceiling it reached noted;
     * judged on wall time the same result is flagged.
     */
    @Test
    void aFlatCpuTimeWithWallTimeStallsIsSteadyAndItsStallsNoted() throws Exception {
        SyntheticResults s = new SyntheticResults();
        ObjectNode r = s.add("SeismicQuery.small", 150, 5, SyntheticResults.config("cxf", "sign", "xml"));
        evidence(r, 12, 60, 0);
        ((ObjectNode) r.get("secondaryMetrics")).putObject(SteadyStateProfiler.FALL).put("score", 1.0).put("scoreUnit", "%");
        iterations(r, new double[] {120, 250, 110, 300, 115}, new double[] {118, 104, 290, 112, 109});
        cpuIterations(r, new double[] {100, 101, 99, 100, 100}, new double[] {100, 99, 101, 100, 100});
        JmhResult result = only(s, dir.resolve("stalls.json"));
        SteadyVerdict onCpu = SteadyVerdict.of(result, Metric.CPU, ForkAgreement.none());
        assertTrue(onCpu.steady(), onCpu::verdict);
        assertEquals(List.of("its settling ended at the ceiling, after 60 s, with its CPU time per call flat and the JIT still at work",
                "compile stalls: the JIT compiled for 12.0% of the measured time, which wall time carries and CPU time does "
                        + "not"), onCpu.notes());
        assertTrue(onCpu.verdict().startsWith("steady (its settling ended at the ceiling"), onCpu::verdict);
        assertFalse(SteadyVerdict.of(result, Metric.WALL, ForkAgreement.none()).steady(), "the same result on wall time");
        assertTrue(SteadyVerdict.of(result).steady(), "judged on CPU time by default, where the result carries it");
    }

    /**
     * JMH aggregates the settling evidence over forks (the longest settling, the largest fall), so a fork that
     * settled on beside its twin for 74 s, still falling 5% when the rule let both go, and a fork stopped flat at
     * a 60 s ceiling would read as one fork at the ceiling after 74 s, still falling. The verdict reads the
     * evidence fork by fork and says what the forks at the ceiling showed.
     */
    @Test
    void theCeilingIsDescribedByTheForksThatReachedIt() throws Exception {
        SyntheticResults s = new SyntheticResults();
        ObjectNode r = s.add("SeismicQuery.small", 100, 5, SyntheticResults.config("axis2", "sign", "fi"));
        iterations(r, new double[] {101, 99, 100, 102, 98}, new double[] {100, 101, 99, 100, 100});
        cpuIterations(r, new double[] {100, 101, 99, 100, 100}, new double[] {100, 99, 101, 100, 100});
        jitIterations(r, new double[] {0, 0, 0, 0, 0}, new double[] {0, 0, 0, 0, 0});
        perIteration(r, SteadyStateProfiler.WARMUP, new double[] {74, 74, 74, 74, 74}, new double[] {60, 60, 60, 60, 60})
                .put("score", 74.0);
        perIteration(r, SteadyStateProfiler.REACHED, new double[] {1, 1, 1, 1, 1}, new double[] {0, 0, 0, 0, 0})
                .put("score", 0.0);
        perIteration(r, SteadyStateProfiler.FALL, new double[] {5, 5, 5, 5, 5}, new double[] {1, 1, 1, 1, 1})
                .put("score", 5.0);
        SteadyVerdict one = SteadyVerdict.of(only(s, dir.resolve("one.json")), Metric.CPU, ForkAgreement.none());
        assertEquals(List.of("in 1 of 2 forks its settling ended at the ceiling, after 60 s, with its CPU time per call flat "
                + "and the JIT still at work"), one.notes());
        assertEquals(60, one.shortestWarmupSeconds());
        assertEquals(74, one.warmupSeconds());

        perIteration(r, SteadyStateProfiler.REACHED, new double[] {0, 0, 0, 0, 0}, new double[] {0, 0, 0, 0, 0})
                .put("score", 0.0);
        SteadyVerdict both = SteadyVerdict.of(only(s, dir.resolve("both.json")), Metric.CPU, ForkAgreement.none());
        assertEquals(List.of("its settling ended at the ceiling, after 60–74 s, with its CPU time per call still falling "
                + "(up to 5.0% over the last span) and the JIT still at work"), both.notes());
    }

    @Test
    void aCpuTimeStillFallingIsFlagged() throws Exception {
        SyntheticResults s = new SyntheticResults();
        ObjectNode r = s.add("SeismicQuery.small", 100, 5, SyntheticResults.config("cxf", "sign", "xml"));
        evidence(r, 0.2, 30, 1);
        iterations(r, new double[] {101, 99, 100, 102, 98}, new double[] {100, 101, 99, 100, 100});
        cpuIterations(r, new double[] {110, 107.5, 105, 102.5, 100}, new double[] {111, 108, 105.2, 102.4, 100.1});
        SteadyVerdict st = SteadyVerdict.of(only(s, dir.resolve("falling.json")), Metric.CPU, ForkAgreement.none());
        assertEquals(List.of("its CPU time was still falling: 9.5% from first to last measured iteration"), st.reasons());
    }

    /**
     * A fork whose CPU time doubles in the one iteration the JIT spent compiling (a deoptimization) was still
     * changing its code; the same rise with the JIT idle is the CPU's speed, and a rise within the others'
     * spread (two CPUs 1.45x apart, swapped at every iteration) is not told from it, though the JIT compiled.
     */
    @Test
    void aCpuTimeThatRoseWhileTheJitRecompiledIsFlagged() throws Exception {
        SyntheticResults s = new SyntheticResults();
        double[] flat = {100, 103, 98, 101, 99, 102, 100, 97};
        double[] spike = {100, 103, 98, 101, 99, 102, 200, 97};
        double[] quietJit = {0, 0.5, 0, 0, 0, 0.2, 0, 0};
        double[] busyJit = {0, 0.5, 0, 0, 0, 0.2, 90, 0};
        ObjectNode deopt = s.add("SeismicQuery.small", 110, 8, SyntheticResults.config("cxf", "sign", "xml"));
        evidence(deopt, 6, 40, 1);
        cpuIterations(deopt, spike, flat);
        jitIterations(deopt, busyJit, quietJit);
        ObjectNode speed = s.add("SeismicQuery.small", 110, 8, SyntheticResults.config("cxf", "sign", "fi"));
        evidence(speed, 0.1, 40, 1);
        cpuIterations(speed, spike, flat);
        jitIterations(speed, quietJit, quietJit);
        ObjectNode within = s.add("SeismicQuery.small", 110, 8, SyntheticResults.config("cxf", "signencr", "xml"));
        evidence(within, 6, 40, 1);
        cpuIterations(within, new double[] {100, 145, 98, 147, 99, 146, 175, 97},
                new double[] {145, 100, 146, 99, 147, 101, 144, 98});
        jitIterations(within, busyJit, quietJit);
        List<JmhResult> all = JmhResult.read(s.write(dir.resolve("deopt.json")));
        SteadyVerdict st = SteadyVerdict.of(all.get(0), Metric.CPU, ForkAgreement.none());
        assertEquals(List.of("its CPU time rose 100% in 1 iteration the JIT spent mostly compiling (the code was "
                + "still being replaced), lifting its mean 5.9%"), st.reasons());
        assertTrue(SteadyVerdict.of(all.get(1), Metric.CPU, ForkAgreement.none()).steady(), "the JIT idle");
        assertTrue(SteadyVerdict.of(all.get(2), Metric.CPU, ForkAgreement.none()).steady(), "within the others' spread");
    }

    /** Forks of a run agree within a percent or so; one configuration's two forks 30% apart stand out. */
    @Test
    void forksThatDisagreeBeyondTheRunsOthersAreFlagged() throws Exception {
        SyntheticResults s = new SyntheticResults();
        java.util.Random random = new java.util.Random(7);
        for (String stack : List.of("cxf", "metro", "axis2")) {
            for (String mode : List.of("plain", "username", "sign", "signencr")) {
                ObjectNode r = s.add("SeismicQuery.small", 100, 5, SyntheticResults.config(stack, mode, "xml"));
                evidence(r, 0.2, 30, 1);
                iterations(r, new double[] {100, 100, 100, 100}, new double[] {100, 100, 100, 100});
                double a = 100 * Math.exp(0.01 * random.nextGaussian());
                double b = stack.equals("metro") && mode.equals("sign") ? 130 : 100 * Math.exp(0.01 * random.nextGaussian());
                cpuIterations(r, new double[] {a, a, a, a}, new double[] {b, b, b, b});
            }
        }
        List<JmhResult> all = JmhResult.read(s.write(dir.resolve("forks.json")));
        ForkAgreement spread = ForkAgreement.of(all.stream()
                .map(r -> LogDifference.spread(Metric.CPU.of(r, r.run()))).toList());
        List<String> flagged = new java.util.ArrayList<>();
        for (JmhResult r : all) {
            SteadyVerdict st = SteadyVerdict.of(r, Metric.CPU, spread);
            if (!st.steady()) {
                flagged.add(r.configuration().stack() + " " + r.configuration().security() + ": " + st.reasons());
            }
        }
        assertEquals(1, flagged.size(), flagged::toString);
        assertTrue(flagged.get(0).matches("metro sign: \\[its forks' CPU time differ by (2[89]|3[01])% .*"), flagged::toString);
        assertTrue(flagged.get(0).contains("beyond what the run's other configurations show"), flagged::toString);
    }

    /**
     * With the JIT compiling in the foreground, a fork can spend a whole 1 s iteration on one call (Metro's
     * {@code small sign} beside the neighbour, 2026-11-28: 1.8 s of wall time, four times the others' CPU
     * time). Counted as one call among some 2,500 it lifts the figure by well under 1%, and the result is
     * steady; counted as one iteration in twelve, as JMH's score counts it, it lifts it by a fifth, which
     * is what the same numbers say where the file does not give the calls (no measurement time).
     */
    @Test
    void anIterationTheJitStalledDownToOneCallWeighsOneCall() throws Exception {
        double[] wall = {4000, 4100, 3900, 4000, 4050, 1_800_000};
        double[] cpu = {4000, 4100, 3900, 4000, 4050, 16_000};
        double[] flatWall = {4000, 4020, 3980, 4010, 3990, 4000};
        double[] flatCpu = {3990, 4010, 3970, 4000, 3980, 3990};
        double[] jit = {0, 0.2, 0, 0, 1, 97};
        double[] quiet = {0, 0, 0.1, 0, 0, 0};
        SyntheticResults s = new SyntheticResults();
        for (String encoding : List.of("xml", "fi")) {
            ObjectNode r = s.add("SeismicQuery.small", 4000, 50, SyntheticResults.config("metro", "sign", encoding));
            evidence(r, 16, 40, 1);
            iterations(r, wall, flatWall);
            cpuIterations(r, cpu, flatCpu);
            jitIterations(r, jit, quiet);
            if (encoding.equals("fi")) {
                r.remove("measurementTime");
            }
        }
        List<JmhResult> all = JmhResult.read(s.write(dir.resolve("one-call.json")));
        JmhResult weighed = all.get(0);
        assertEquals(List.of(List.of(250.0, 244.0, 257.0, 250.0, 247.0, 1.0), List.of(250.0, 249.0, 252.0, 250.0, 251.0, 250.0)),
                weighed.callsPerIteration());
        SteadyVerdict st = SteadyVerdict.of(weighed, Metric.CPU, ForkAgreement.none());
        assertTrue(st.steady(), st::verdict);
        double figure = Metric.CPU.of(weighed, "one-call.json").score();
        assertEquals(4005, figure, 5, "each fork's CPU time per call over its calls, the one slow call weighing one");
        JmhResult unweighed = all.get(1);
        assertEquals(List.of(), unweighed.callsPerIteration());
        assertEquals(List.of("its CPU time rose 298% in 1 iteration the JIT spent mostly compiling (the code was still "
                + "being replaced), lifting its mean 20.0%"), SteadyVerdict.of(unweighed, Metric.CPU, ForkAgreement.none()).reasons());
        assertTrue(Metric.CPU.of(unweighed, "one-call.json").score() > 4900, "JMH's mean of iterations");
    }
}
