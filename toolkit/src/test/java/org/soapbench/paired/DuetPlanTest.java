package org.soapbench.paired;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The duets of a designed run: two forks a configuration a round, stacks of a group in a cycle, CPUs balanced. */
class DuetPlanTest {

    /** A configuration as the plan sees it: its group (all but the stack) and its family (benchmark). */
    private record C(String group, String family) {
    }

    /** The main job's shape: 16 groups of three stacks, four floors in pairs, and one benchmark alone. */
    private static List<C> mainJob() {
        List<C> out = new ArrayList<>();
        for (int g = 0; g < 16; g++) {
            for (int s = 0; s < 3; s++) {
                out.add(new C("query " + g, "SeismicQuery"));
            }
        }
        for (String floor : List.of("Floor.small", "Floor.large", "CryptoFloor.small", "CryptoFloor.large")) {
            out.add(new C(floor + " xml", floor));
            out.add(new C(floor + " fi", floor));
        }
        out.add(new C("PipeCost", "PipeCost"));
        return out;
    }

    private static DuetPlan plan(List<C> configs, int rounds, long seed) {
        return DuetPlan.of(configs, C::group, C::family, rounds, seed, 0, 1);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void everyConfigurationGetsTwoForksARoundOneOnEachCpu(int rounds) {
        List<C> configs = mainJob();
        DuetPlan plan = plan(configs, rounds, 42);
        Map<Integer, int[]> perCpu = new HashMap<>();
        for (DuetPlan.Duet d : plan.duets()) {
            assertNotEquals(d.first().cpu(), d.second().cpu(), "a duet's forks run on different CPUs");
            for (DuetPlan.Fork f : List.of(d.first(), d.second())) {
                perCpu.computeIfAbsent(f.configuration(), k -> new int[2])[f.cpu()]++;
            }
        }
        for (int c = 0; c < configs.size(); c++) {
            int[] n = perCpu.get(c);
            assertEquals(rounds, n[0], "configuration " + c + " on CPU 0");
            assertEquals(rounds, n[1], "configuration " + c + " on CPU 1");
        }
        // A cycle of k configurations is k duets; the one alone in its benchmark is one duet of its own two forks.
        assertEquals(rounds * configs.size(), plan.duets().size());
    }

    @Test
    void everyTwoStacksOfAGroupMeetOnceARoundAndNeverAnotherGroup() {
        List<C> configs = mainJob();
        DuetPlan plan = plan(configs, 1, 7);
        Set<Set<Integer>> met = new HashSet<>();
        for (DuetPlan.Duet d : plan.duets()) {
            C a = configs.get(d.first().configuration());
            C b = configs.get(d.second().configuration());
            if (a.family().equals("SeismicQuery") || b.family().equals("SeismicQuery")) {
                assertEquals(a.group(), b.group(), "stacks meet only within their group");
                assertTrue(met.add(Set.of(d.first().configuration(), d.second().configuration())), "each two meet once");
            } else {
                assertEquals(a.family(), b.family(), "a floor meets only its own benchmark");
            }
        }
        assertEquals(16 * 3, met.size(), "three pairs in each group of three");
    }

    @Test
    void twoStacksMeetTwiceWithTheCpusSwapped() {
        List<C> configs = List.of(new C("g", "f"), new C("g", "f"));
        DuetPlan plan = plan(configs, 1, 3);
        assertEquals(2, plan.duets().size());
        assertEquals(plan.duets().get(0).first().configuration(), plan.duets().get(1).second().configuration());
    }

    @Test
    void aConfigurationAloneInItsBenchmarkRunsBesideItsOwnSecondFork() {
        DuetPlan plan = plan(List.of(new C("PipeCost", "PipeCost")), 1, 1);
        assertEquals(1, plan.duets().size());
        assertEquals(0, plan.duets().get(0).first().configuration());
        assertEquals(0, plan.duets().get(0).second().configuration());
    }

    @Test
    void theSameSeedGivesTheSamePlanAndAnotherSeedAnother() {
        assertEquals(plan(mainJob(), 1, 1234), plan(mainJob(), 1, 1234));
        assertNotEquals(plan(mainJob(), 1, 1234), plan(mainJob(), 1, 1235));
    }

    /**
     * With the security twin beside: each mode of a stack meets that stack's plain configuration once a
     * round, the plain one meets each mode, and the stack cycles stay as they were.
     */
    @Test
    void eachModeMeetsItsPlainTwinOnceARoundBesideTheStackCycles() {
        record M(String stack, String mode) {
        }
        List<M> configs = new ArrayList<>();
        for (String stack : List.of("a", "b", "c")) {
            for (String mode : List.of("plain", "username", "sign", "signencr")) {
                configs.add(new M(stack, mode));
            }
        }
        DuetPlan plan = DuetPlan.of(configs, List.of(DuetPlan.Pairing.cycle(M::mode),
                DuetPlan.Pairing.star(M::stack, m -> m.mode().equals("plain"))), m -> "family", 2, 7, 0, 1);
        Map<Set<Integer>, Integer> met = new HashMap<>();
        for (DuetPlan.Duet d : plan.duets()) {
            met.merge(Set.of(d.first().configuration(), d.second().configuration()), 1, Integer::sum);
        }
        for (int i = 0; i < configs.size(); i++) {
            M m = configs.get(i);
            int plain = configs.indexOf(new M(m.stack(), "plain"));
            if (i != plain) {
                assertEquals(2, met.get(Set.of(i, plain)), m + " beside its plain twin once a round");
            }
        }
        int[] forks = plan.forksOf(configs.size());
        for (int i = 0; i < configs.size(); i++) {
            // two a round in the stack cycle, and one a round beside each twin it meets
            assertEquals(configs.get(i).mode().equals("plain") ? 2 * (2 + 3) : 2 * (2 + 1), forks[i], configs.get(i).toString());
        }
    }

    @Test
    void sharingCpusPutsBothForksOfADuetOnOneCpuAlternatingDuetByDuet() {
        DuetPlan plan = plan(mainJob(), 1, 7);
        DuetPlan shared = plan.sharingCpus(0, 1);
        assertEquals(plan.duets().size(), shared.duets().size());
        for (int d = 0; d < shared.duets().size(); d++) {
            DuetPlan.Duet duet = shared.duets().get(d);
            assertEquals(plan.duets().get(d).first().configuration(), duet.first().configuration());
            assertEquals(plan.duets().get(d).second().configuration(), duet.second().configuration());
            assertEquals(d % 2, duet.first().cpu());
            assertEquals(d % 2, duet.second().cpu());
        }
        assertEquals(2, PairedRun.lanes(shared.meetings()).size());
    }
}
