package org.soapbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.soapbench.bench.fork.SameMomentProfiler;

/**
 * Stacks compared within duets: a machine whose speed swings by a factor of two from one duet to the
 * next, and within a duet from one iteration to the next, moves both forks of a duet alike, so the
 * stacks' ratios come out as tight as the forks' own noise allows, where the forks taken as two
 * samples cannot tell the stacks apart.
 */
class StackDuetsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, Double> TRUE_RATIO_TO_CXF = Map.of("cxf", 1.0, "metro", 0.8, "axis2", 1.5);
    private static final int GROUPS = 16;
    private static final int ITERATIONS = 4;

    /** One stack-configuration's forks as they are measured: its iterations, each fork's duet, and whether it met its twin. */
    private static final class Forks {
        final List<List<Double>> raw = new ArrayList<>();
        final List<Long> ids = new ArrayList<>();
        final List<Double> aligned = new ArrayList<>();
    }

    /** What each fork's ·moment.aligned says: nothing (a run before it existed), in step, or one after the other. */
    private enum Meeting { NONE, IN_STEP, ONE_AFTER_THE_OTHER }

    /** A run of GROUPS configurations, three stacks each in a cycle of duets, on a machine that swings. */
    private static List<JmhResult> run(double forkNoise, long seed) {
        return run(forkNoise, seed, Meeting.NONE);
    }

    private static List<JmhResult> run(double forkNoise, long seed, Meeting meeting) {
        Random random = new Random(seed);
        List<JmhResult> out = new ArrayList<>();
        long id = 1000;
        for (int g = 0; g < GROUPS; g++) {
            double base = 20 + 10 * g;
            Map<String, Forks> forks = new LinkedHashMap<>();
            List<String> stacks = List.of("cxf", "metro", "axis2");
            for (int d = 0; d < 3; d++) {
                String a = stacks.get(d);
                String b = stacks.get((d + 1) % 3);
                double duetSpeed = Math.exp(random.nextGaussian() * 0.5); // the machine of that moment
                List<Double> itA = new ArrayList<>();
                List<Double> itB = new ArrayList<>();
                double forkA = random.nextGaussian() * forkNoise; // each fork's JIT settles its own way
                double forkB = random.nextGaussian() * forkNoise;
                for (int j = 0; j < ITERATIONS; j++) {
                    double burst = Math.exp(random.nextGaussian() * 0.3); // falls on both forks of the duet
                    itA.add(base * TRUE_RATIO_TO_CXF.get(a) * duetSpeed * burst * Math.exp(forkA));
                    itB.add(base * TRUE_RATIO_TO_CXF.get(b) * duetSpeed * burst * Math.exp(forkB));
                }
                id++;
                forks.computeIfAbsent(a, k -> new Forks()).raw.add(itA);
                forks.get(a).ids.add(id);
                forks.computeIfAbsent(b, k -> new Forks()).raw.add(itB);
                forks.get(b).ids.add(id);
                // one after the other, the first went on alone; the second met the arrivals the first left, as runs did before each
                // such fork got a meeting directory of its own: the count must not trust it
                forks.get(a).aligned.add(meeting == Meeting.IN_STEP ? 1.0 : 0.0);
                forks.get(b).aligned.add(meeting == Meeting.NONE ? 0.0 : 1.0);
            }
            int group = g;
            forks.forEach((stack, f) -> out.add(result(group, stack, f, meeting != Meeting.NONE)));
        }
        return out;
    }

    private static JmhResult result(int group, String stack, Forks f, boolean withAligned) {
        ObjectNode source = JSON.createObjectNode();
        ObjectNode secondary = source.putObject("secondaryMetrics");
        if (withAligned) {
            ArrayNode aligned = secondary.putObject(SameMomentProfiler.ALIGNED).putArray("rawData");
            f.aligned.forEach(a -> {
                ArrayNode fork = aligned.addArray();
                for (int j = 0; j < ITERATIONS; j++) {
                    fork.add(a);
                }
            });
        }
        ArrayNode ids = secondary.putObject(SameMomentProfiler.ID).putArray("rawData");
        f.ids.forEach(id -> {
            ArrayNode fork = ids.addArray();
            for (int j = 0; j < ITERATIONS; j++) {
                fork.add(id);
            }
        });
        double score = f.raw.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).average().orElseThrow();
        Map<String, String> params = Map.of("stack", stack, "security", "plain", "encoding", "xml",
                "transport", "pipe", "case", Integer.toString(group));
        return new JmhResult("run", "org.soapbench.bench.SeismicQuery.small", "avgt", params, score, Double.NaN, "us/op",
                1, f.raw.size(), f.raw, Map.of(), source);
    }

    private static JmhResult find(List<JmhResult> results, int group, String stack) {
        return results.stream().filter(r -> r.configuration().stack().equals(stack)
                && r.params().get("case").equals(Integer.toString(group))).findFirst().orElseThrow();
    }

    @Test
    void theDuetsCancelTheMachineAndTheIntervalsCoverTheTruth() {
        List<JmhResult> results = run(0.02, 11);
        StackDuets duets = StackDuets.of(results);
        assertEquals(GROUPS, duets.groups());
        assertEquals(GROUPS * 3, duets.duets());
        for (int g = 0; g < GROUPS; g++) {
            for (String stack : List.of("metro", "axis2")) {
                JmhResult s = find(results, g, stack);
                JmhResult cxf = find(results, g, "cxf");
                assertTrue(duets.compares(s, cxf));
                Interval paired = duets.ratio(s, cxf, Interval.REPORT_CONFIDENCE);
                double truth = TRUE_RATIO_TO_CXF.get(stack);
                assertTrue(paired.low() < truth && truth < paired.high(), stack + " / cxf in case " + g + ": " + paired.ratioText());
                assertTrue(paired.relativeHalfWidth() < 0.15, "tight: " + paired.ratioText());
                Interval apart = Interval.ofRatio(s, cxf, Interval.REPORT_CONFIDENCE);
                assertTrue(apart.relativeHalfWidth() > 3 * paired.relativeHalfWidth(),
                        "as two samples the machine's swings stay in: " + apart.ratioText() + " against " + paired.ratioText());
            }
        }
    }

    @Test
    void duetsCountAsInStepOnlyWhereBothForksMetTheirTwin() {
        assertEquals(GROUPS * 3, StackDuets.of(run(0.02, 7, Meeting.IN_STEP)).inStep());
        StackDuets interleaved = StackDuets.of(run(0.02, 7, Meeting.ONE_AFTER_THE_OTHER));
        assertEquals(GROUPS * 3, interleaved.duets(), "still compared within the duets");
        assertEquals(0, interleaved.inStep(), "the first fork of each went on alone");
        assertEquals(0, StackDuets.of(run(0.02, 7)).inStep(), "a fork that says nothing did not run in step");
    }

    @Test
    void aRatioAndItsInverseAgree() {
        List<JmhResult> results = run(0.02, 5);
        StackDuets duets = StackDuets.of(results);
        Interval up = duets.ratio(find(results, 3, "axis2"), find(results, 3, "metro"), 0.999);
        Interval down = duets.ratio(find(results, 3, "metro"), find(results, 3, "axis2"), 0.999);
        assertEquals(1, up.value() * down.value(), 1e-9);
        assertEquals(1, up.low() * down.high(), 1e-9);
    }

    @Test
    void resultsMeasuredWithoutDuetsAreNotCompared() {
        List<JmhResult> plain = run(0.02, 3).stream().map(r -> new JmhResult(r.run(), r.benchmark(), r.mode(), r.params(),
                r.score(), r.error(), r.unit(), r.threads(), r.forks(), r.raw(), r.secondary(), JSON.createObjectNode()))
                .toList();
        StackDuets duets = StackDuets.of(plain);
        assertEquals(0, duets.groups());
        assertFalse(duets.compares(find(plain, 0, "metro"), find(plain, 0, "cxf")));
    }

    /**
     * A security mode beside its plain twin (run --beside security): the two are joined by duets, so the
     * cost of the mode comes from the same moments, as tight as the forks allow, where the two taken as
     * samples keep the machine's swings.
     */
    @Test
    void aModeBesideItsPlainTwinIsComparedWithinItsDuets() {
        Random random = new Random(3);
        Forks plain = new Forks();
        Forks sign = new Forks();
        long id = 5000;
        for (int d = 0; d < 8; d++) {
            double speed = Math.exp(random.nextGaussian() * 0.5);
            double forkPlain = random.nextGaussian() * 0.02;
            double forkSign = random.nextGaussian() * 0.02;
            List<Double> p = new ArrayList<>();
            List<Double> g = new ArrayList<>();
            for (int j = 0; j < ITERATIONS; j++) {
                double burst = Math.exp(random.nextGaussian() * 0.3);
                p.add(40 * speed * burst * Math.exp(forkPlain));
                g.add(2000 * speed * burst * Math.exp(forkSign));
            }
            id++;
            plain.raw.add(p);
            plain.ids.add(id);
            sign.raw.add(g);
            sign.ids.add(id);
        }
        JmhResult p = result(0, "cxf", plain, false);
        JmhResult g = result(1, "cxf", sign, false);
        StackDuets duets = StackDuets.of(List.of(p, g));
        assertTrue(duets.compares(g, p));
        Interval cost = duets.ratio(g, p, Interval.REPORT_CONFIDENCE);
        assertTrue(cost.low() < 50 && 50 < cost.high(), cost.ratioText());
        assertTrue(cost.relativeHalfWidth() < 0.1, "tight: " + cost.ratioText());
        Interval apart = Interval.ofRatio(g, p, Interval.REPORT_CONFIDENCE);
        assertTrue(apart.relativeHalfWidth() > 3 * cost.relativeHalfWidth(), apart.ratioText() + " against " + cost.ratioText());
    }
}
