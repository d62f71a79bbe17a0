package org.soapbench.paired;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;

/**
 * The order of a run measured in duets: every configuration gets two forks a round, each beside
 * another configuration's fork, one JVM per CPU. Configurations alike in everything but the stack
 * (a group) meet in a cycle: with stacks a, b, c the duets are (a, b), (b, c), (c, a), so every two
 * stacks of the group are compared at the same moment, directly or through the third, and the three
 * duets fit two ratios, leaving one degree of freedom a group to see how far duets disagree. Two
 * stacks meet twice, (a, b) and (b, a). A configuration alone in its group (a floor) meets the others
 * of its benchmark alone in theirs the same way, or, the only one, its own second fork. Around a
 * cycle each member takes the first CPU once and the second once. The duets of a round come in a
 * random order, the cycles in a random order of their members; the same seed gives the same plan.
 *
 * @param duets what runs, in order: each duet's two forks together (or one after the other)
 */
public record DuetPlan(List<Duet> duets) {

    /** One fork: of which configuration (an index into the run's list), on which CPU. */
    public record Fork(int configuration, int cpu) {
    }

    /** Two forks run beside each other, in a round. */
    public record Duet(int round, Fork first, Fork second) {
    }

    public DuetPlan {
        duets = List.copyOf(duets);
    }

    /**
     * @param groupOf   a configuration's group: equal for configurations alike in all but the compared stack
     * @param familyOf  a configuration's family, for one alone in its group: its benchmark and mode
     */
    public static <C> DuetPlan of(List<C> configurations, Function<C, Object> groupOf, Function<C, Object> familyOf,
                                  int rounds, long seed, int cpuA, int cpuB) {
        Map<Object, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < configurations.size(); i++) {
            groups.computeIfAbsent(groupOf.apply(configurations.get(i)), k -> new ArrayList<>()).add(i);
        }
        List<List<Integer>> cycles = new ArrayList<>();
        Map<Object, List<Integer>> alone = new LinkedHashMap<>();
        for (List<Integer> members : groups.values()) {
            if (members.size() >= 2) {
                cycles.add(members);
            } else {
                int only = members.get(0);
                alone.computeIfAbsent(familyOf.apply(configurations.get(only)), k -> new ArrayList<>()).add(only);
            }
        }
        cycles.addAll(alone.values());
        Random random = new Random(seed);
        List<Duet> out = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            List<Duet> round = new ArrayList<>();
            for (List<Integer> members : cycles) {
                List<Integer> order = new ArrayList<>(members);
                Collections.shuffle(order, random);
                int k = order.size();
                for (int i = 0; i < (k == 1 ? 1 : k); i++) {
                    int a = order.get(i);
                    int b = order.get((i + 1) % k);
                    round.add(new Duet(r, new Fork(a, cpuA), new Fork(b, cpuB)));
                }
            }
            Collections.shuffle(round, random);
            out.addAll(round);
        }
        return new DuetPlan(out);
    }

    /**
     * The duets as the paired runner's meetings, in order: each duet a round of its own, meeting in
     * {@code moments/dNNN}, its forks' files named by duet, configuration and CPU.
     */
    public List<PairedRun.Meeting> meetings() {
        List<PairedRun.Meeting> out = new ArrayList<>();
        for (int d = 0; d < duets.size(); d++) {
            List<PairedRun.Fork> forks = new ArrayList<>();
            for (Fork f : List.of(duets.get(d).first(), duets.get(d).second())) {
                forks.add(new PairedRun.Fork(0, f.configuration(), f.cpu(), String.format(Locale.ROOT, "duet %d cpu %d",
                        d + 1, f.cpu()), String.format(Locale.ROOT, "d%03d-c%03d-cpu%d", d + 1, f.configuration(), f.cpu())));
            }
            out.add(new PairedRun.Meeting(d, forks, String.format(Locale.ROOT, "d%03d", d + 1)));
        }
        return out;
    }

    /** How many forks each configuration gets: two a round. */
    public static int forksPerConfiguration(int rounds) {
        return 2 * rounds;
    }
}
