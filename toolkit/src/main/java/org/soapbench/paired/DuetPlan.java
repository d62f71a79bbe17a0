package org.soapbench.paired;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The order of a run measured in duets: each configuration's forks run beside other configurations'
 * forks, one JVM per CPU, so that what the report divides is measured at the same moment. Which
 * configurations meet is given by pairings:
 * <ul>
 *   <li>a cycle: configurations alike in everything but one parameter (the stack) meet in a cycle: with
 *       stacks a, b, c the duets are (a, b), (b, c), (c, a), so every two stacks of the group are
 *       compared at the same moment, directly or through the third, and the three duets fit two
 *       ratios, leaving one degree of freedom a group to see how far duets disagree. Two members meet
 *       twice, (a, b) and (b, a): every member gets two forks a round;</li>
 *   <li>a star: each member of the group meets its hub, once a round (a security mode beside its plain
 *       twin, FI beside XML), so a cost is a ratio measured at the same moment too.</li>
 * </ul>
 * A configuration no pairing groups with another (a floor) meets the others of its benchmark alone
 * in theirs in a cycle, or, the only one, its own second fork. Around a cycle each member takes the
 * first CPU once and the second once (the forks swap CPUs at every iteration anyway). The duets of a
 * round come in a random order, the cycles in a random order of their members; the same seed gives the
 * same plan.
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

    /**
     * Which configurations meet: those with equal {@code groupOf}, in a cycle, or, with a {@code hub},
     * each beside the group's member the hub accepts.
     */
    public record Pairing<C>(Function<C, Object> groupOf, Predicate<C> hub) {

        public static <C> Pairing<C> cycle(Function<C, Object> groupOf) {
            return new Pairing<>(groupOf, null);
        }

        public static <C> Pairing<C> star(Function<C, Object> groupOf, Predicate<C> hub) {
            return new Pairing<>(groupOf, hub);
        }
    }

    public DuetPlan {
        duets = List.copyOf(duets);
    }

    /**
     * Stacks in cycles only, as {@link #of(List, List, Function, int, long, int, int)} with that one pairing.
     *
     * @param groupOf   a configuration's group: equal for configurations alike in all but the compared stack
     * @param familyOf  a configuration's family, for one alone in its group: its benchmark and mode
     */
    public static <C> DuetPlan of(List<C> configurations, Function<C, Object> groupOf, Function<C, Object> familyOf,
                                  int rounds, long seed, int cpuA, int cpuB) {
        return of(configurations, List.of(Pairing.cycle(groupOf)), familyOf, rounds, seed, cpuA, cpuB);
    }

    /**
     * @param pairings which configurations meet; the first is the one a configuration alone falls back from
     * @param familyOf a configuration's family, for one no pairing groups: its benchmark and mode
     */
    public static <C> DuetPlan of(List<C> configurations, List<Pairing<C>> pairings, Function<C, Object> familyOf,
                                  int rounds, long seed, int cpuA, int cpuB) {
        List<List<Integer>> cycles = new ArrayList<>();
        List<int[]> stars = new ArrayList<>(); // {member, hub}
        Set<Integer> paired = new LinkedHashSet<>();
        for (Pairing<C> pairing : pairings) {
            for (List<Integer> members : groups(configurations, pairing.groupOf()).values()) {
                if (members.size() < 2) {
                    continue;
                }
                if (pairing.hub() == null) {
                    cycles.add(members);
                    paired.addAll(members);
                    continue;
                }
                Integer hub = members.stream().filter(i -> pairing.hub().test(configurations.get(i))).findFirst().orElse(null);
                if (hub != null) {
                    members.stream().filter(i -> !i.equals(hub)).forEach(i -> {
                        stars.add(new int[] {i, hub});
                        paired.add(i);
                        paired.add(hub);
                    });
                }
            }
        }
        Map<Object, List<Integer>> alone = new LinkedHashMap<>();
        for (int i = 0; i < configurations.size(); i++) {
            if (!paired.contains(i)) {
                alone.computeIfAbsent(familyOf.apply(configurations.get(i)), k -> new ArrayList<>()).add(i);
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
            for (int[] star : stars) {
                boolean swap = random.nextBoolean(); // which of the two starts on the first CPU
                round.add(new Duet(r, new Fork(star[swap ? 1 : 0], cpuA), new Fork(star[swap ? 0 : 1], cpuB)));
            }
            Collections.shuffle(round, random);
            out.addAll(round);
        }
        return new DuetPlan(out);
    }

    private static <C> Map<Object, List<Integer>> groups(List<C> configurations, Function<C, Object> groupOf) {
        Map<Object, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < configurations.size(); i++) {
            groups.computeIfAbsent(groupOf.apply(configurations.get(i)), k -> new ArrayList<>()).add(i);
        }
        return groups;
    }

    /**
     * The same duets with each one's two forks on one CPU, which they share, the duets alternating between
     * {@code cpuA} and {@code cpuB} in their order: the paired runner runs a duet on each at once.
     */
    public DuetPlan sharingCpus(int cpuA, int cpuB) {
        List<Duet> out = new ArrayList<>();
        for (int d = 0; d < duets.size(); d++) {
            Duet duet = duets.get(d);
            int cpu = d % 2 == 0 ? cpuA : cpuB;
            out.add(new Duet(duet.round(), new Fork(duet.first().configuration(), cpu),
                    new Fork(duet.second().configuration(), cpu)));
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

    /** How many forks each of the run's {@code configurations} gets over the plan: the duets it is in. */
    public int[] forksOf(int configurations) {
        int[] count = new int[configurations];
        for (Duet d : duets) {
            count[d.first().configuration()]++;
            count[d.second().configuration()]++;
        }
        return count;
    }
}
