package org.soapbench.gate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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

    /** One fork to run: in which round, of which configuration (an index into the plan), for which side. */
    public record Slot(int round, int configuration, boolean base) {
    }

    private Schedule() {
    }

    public static List<Slot> of(int configurations, int rounds, long seed) {
        Random random = new Random(seed);
        List<List<Boolean>> baseFirst = new ArrayList<>();
        for (int c = 0; c < configurations; c++) {
            List<Boolean> firsts = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                firsts.add(r < rounds / 2);
            }
            if (rounds % 2 == 1) {
                firsts.set(rounds - 1, random.nextBoolean()); // the odd round out goes to either side
            }
            Collections.shuffle(firsts, random);
            baseFirst.add(firsts);
        }
        List<Slot> slots = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            List<Integer> order = new ArrayList<>();
            for (int c = 0; c < configurations; c++) {
                order.add(c);
            }
            Collections.shuffle(order, random);
            for (int c : order) {
                boolean first = baseFirst.get(c).get(r);
                slots.add(new Slot(r, c, first));
                slots.add(new Slot(r, c, !first));
            }
        }
        return slots;
    }
}
