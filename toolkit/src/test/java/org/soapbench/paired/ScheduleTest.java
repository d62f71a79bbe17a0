package org.soapbench.paired;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The interleaved gate's order: every fork once, sides back to back, balanced, randomized, reproducible. */
class ScheduleTest {

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5})
    void everyRoundRunsOneForkOfEachSideOfEveryConfigurationBackToBack(int rounds) {
        int configurations = 48;
        List<Schedule.Slot> slots = Schedule.of(configurations, rounds, 42);
        assertEquals(configurations * rounds * 2, slots.size());
        for (int i = 0; i < slots.size(); i += 2) {
            Schedule.Slot first = slots.get(i);
            Schedule.Slot second = slots.get(i + 1);
            assertEquals(first.configuration(), second.configuration(), "a configuration's two forks run back to back");
            assertEquals(first.round(), second.round());
            assertNotEquals(first.base(), second.base(), "one fork a side");
        }
        for (int r = 0; r < rounds; r++) {
            int round = r;
            assertEquals(configurations, slots.stream().filter(s -> s.round() == round).map(Schedule.Slot::configuration)
                    .distinct().count(), "every configuration once per round");
        }
        // Rounds run in order: a round ends before the next starts.
        for (int i = 1; i < slots.size(); i++) {
            assertTrue(slots.get(i).round() >= slots.get(i - 1).round());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5})
    void eachSideGoesFirstInHalfTheRoundsGiveOrTakeOne(int rounds) {
        List<Schedule.Slot> slots = Schedule.of(30, rounds, 7);
        for (int c = 0; c < 30; c++) {
            int config = c;
            long baseFirst = 0;
            for (int i = 0; i < slots.size(); i += 2) {
                if (slots.get(i).configuration() == config && slots.get(i).base()) {
                    baseFirst++;
                }
            }
            assertTrue(Math.abs(2 * baseFirst - rounds) <= 1, "configuration " + c + ": base first in " + baseFirst
                    + " of " + rounds + " rounds");
        }
    }

    @Test
    void theSameSeedGivesTheSameOrderAndAnotherSeedAnother() {
        assertEquals(Schedule.of(48, 3, 1234), Schedule.of(48, 3, 1234));
        assertNotEquals(Schedule.of(48, 3, 1234), Schedule.of(48, 3, 1235));
    }

    @Test
    void theOrderOfConfigurationsChangesFromRoundToRound() {
        List<Schedule.Slot> slots = Schedule.of(48, 3, 99);
        List<Integer> first = slots.subList(0, 96).stream().map(Schedule.Slot::configuration).toList();
        List<Integer> second = slots.subList(96, 192).stream().map(Schedule.Slot::configuration).toList();
        assertNotEquals(first, second);
        // Randomized: not the plan's order either.
        assertNotEquals(first.stream().distinct().toList(), java.util.stream.IntStream.range(0, 48).boxed().toList());
    }

    @Test
    void sameCpuPairsShareOneCpuAndAlternateBetweenTheTwo() {
        List<Schedule.Slot> slots = Schedule.sameCpu(12, 5, 7, 0, 1);
        assertEquals(Schedule.sameMoment(12, 5, 7, 0, 1).stream().map(s -> List.of(s.round(), s.configuration(), s.base()))
                .toList(), slots.stream().map(s -> List.of(s.round(), s.configuration(), s.base())).toList(),
                "the same rounds and order as the same-moment gate's");
        for (int i = 0; i < slots.size(); i += 2) {
            assertEquals(slots.get(i).cpu(), slots.get(i + 1).cpu(), "base and head of a round on one CPU");
            assertEquals((i / 2) % 2, slots.get(i).cpu(), "pairs alternate between the two CPUs");
        }
        List<PairedRun.Meeting> meetings = Schedule.meetings(slots, true);
        assertEquals(List.of(0, 1), List.copyOf(PairedRun.lanes(meetings).keySet()), "a lane a CPU, run at once");
        assertEquals(30, PairedRun.lanes(meetings).get(0).size());
        assertEquals(1, PairedRun.lanes(Schedule.meetings(Schedule.sameMoment(12, 5, 7, 0, 1), true)).size(),
                "pairs on two CPUs each run one at a time");
        assertEquals(1, PairedRun.lanes(Schedule.meetings(Schedule.of(12, 5, 7), false)).size(), "unpinned: one at a time");
    }
}
