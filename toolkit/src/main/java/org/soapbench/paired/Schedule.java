package org.soapbench.paired;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The order in which the interleaved gate runs its forks: randomized multiple interleaved trials
 * (Abedi and Brecht, ICPE 2017). Every round runs one fork of each side for every configuration;
 * within a round the configurations come in a fresh random order, and each configuration's two forks
 * run back to back, base or head first at random but balanced over the rounds (each side first in
 * half the rounds, give or take one), so that a drift of the machine, or the warmth left by the fork
 * before, falls on both sides alike. The same seed gives the same schedule.
 */
public final class Schedule {

    /**
     * One fork to run: in which round, of which configuration (an index into the plan), for which side,
     * on which CPU ({@code -1}: wherever the system puts it).
     */
    public record Slot(int round, int configuration, boolean base, int cpu) {

        public Slot(int round, int configuration, boolean base) {
            this(round, configuration, base, -1);
        }
    }

    private Schedule() {
    }

    public static List<Slot> of(int configurations, int rounds, long seed) {
        Random random = new Random(seed);
        List<List<Boolean>> baseFirst = balanced(configurations, rounds, random);
        List<Slot> slots = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            for (int c : shuffled(configurations, random)) {
                boolean first = baseFirst.get(c).get(r);
                slots.add(new Slot(r, c, first));
                slots.add(new Slot(r, c, !first));
            }
        }
        return slots;
    }

    /**
     * Same moment (duet): every round runs each configuration's base and head together, one on each of
     * two CPUs; the configurations come in a fresh random order each round, and which side gets which
     * CPU is random but balanced over the rounds, so that a difference between the two CPUs falls on
     * both sides alike. Each two consecutive slots run together; the same seed gives the same schedule.
     */
    public static List<Slot> sameMoment(int configurations, int rounds, long seed, int cpuA, int cpuB) {
        Random random = new Random(seed);
        List<List<Boolean>> baseOnA = balanced(configurations, rounds, random);
        List<Slot> slots = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            for (int c : shuffled(configurations, random)) {
                boolean a = baseOnA.get(c).get(r);
                slots.add(new Slot(r, c, true, a ? cpuA : cpuB));
                slots.add(new Slot(r, c, false, a ? cpuB : cpuA));
            }
        }
        return slots;
    }

    /**
     * Same CPU: as {@link #sameMoment}, but each round's base and head share one CPU, the pairs alternating
     * between {@code cpuA} and {@code cpuB} in their order, so that the paired runner runs a pair on each at once.
     */
    public static List<Slot> sameCpu(int configurations, int rounds, long seed, int cpuA, int cpuB) {
        List<Slot> slots = new ArrayList<>();
        List<Slot> pairs = sameMoment(configurations, rounds, seed, cpuA, cpuB);
        for (int i = 0; i < pairs.size(); i++) {
            Slot s = pairs.get(i);
            slots.add(new Slot(s.round(), s.configuration(), s.base(), (i / 2) % 2 == 0 ? cpuA : cpuB));
        }
        return slots;
    }

    /**
     * The slots as the paired runner's meetings, in order: one slot a meeting, or with
     * {@code sameMoment} each two consecutive slots together, meeting in {@code moments/rR-cNNN}.
     * Side 0 is the base, side 1 the head.
     */
    public static List<PairedRun.Meeting> meetings(List<Slot> slots, boolean sameMoment) {
        int step = sameMoment ? 2 : 1;
        List<PairedRun.Meeting> out = new ArrayList<>();
        for (int i = 0; i < slots.size(); i += step) {
            List<Slot> together = slots.subList(i, Math.min(slots.size(), i + step));
            List<PairedRun.Fork> forks = new ArrayList<>();
            for (Slot slot : together) {
                String side = slot.base() ? "base" : "head";
                forks.add(new PairedRun.Fork(slot.base() ? 0 : 1, slot.configuration(), slot.cpu(),
                        String.format(Locale.ROOT, "round %d %-4s%s", slot.round() + 1, side, slot.cpu() < 0 ? ""
                                : " cpu " + slot.cpu()),
                        String.format(Locale.ROOT, "%s-r%d-c%03d", side, slot.round() + 1, slot.configuration())));
            }
            Slot first = together.get(0);
            out.add(new PairedRun.Meeting(first.round(), forks, sameMoment ? String.format(Locale.ROOT, "r%d-c%03d",
                    first.round() + 1, first.configuration()) : null));
        }
        return out;
    }

    /** For each configuration, a choice per round that is true in half the rounds (the odd one out at random). */
    private static List<List<Boolean>> balanced(int configurations, int rounds, Random random) {
        List<List<Boolean>> out = new ArrayList<>();
        for (int c = 0; c < configurations; c++) {
            List<Boolean> choices = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                choices.add(r < rounds / 2);
            }
            if (rounds % 2 == 1) {
                choices.set(rounds - 1, random.nextBoolean()); // the odd round out goes to either side
            }
            Collections.shuffle(choices, random);
            out.add(choices);
        }
        return out;
    }

    private static List<Integer> shuffled(int configurations, Random random) {
        List<Integer> order = new ArrayList<>();
        for (int c = 0; c < configurations; c++) {
            order.add(c);
        }
        Collections.shuffle(order, random);
        return order;
    }
}
