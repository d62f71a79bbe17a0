package org.soapbench.core.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.soapbench.core.spi.Answer;
import org.soapbench.core.spi.Quake;
import org.soapbench.core.spi.Query;

class QuerySetTest {

    private static final SeismicDataset DATA = SeismicDataset.standard();

    private static final List<String> NAMES = List.of("small", "large", "sweep-0", "sweep-1", "sweep-10",
            "sweep-100", "sweep-1000", "sweep-10000");

    /** Fingerprints of each set's queries and answers: the same sets on every run and JVM. */
    private static final Map<String, Long> GOLDEN_FINGERPRINTS = Map.of(
            "small", 9175715532505645459L,
            "large", -4424408814965675374L,
            "sweep-0", 831218182052428536L,
            "sweep-1", 8835784809347114611L,
            "sweep-10", 3042375881780147980L,
            "sweep-100", 1330918872676242414L,
            "sweep-1000", -7285406692970160045L,
            "sweep-10000", 5054171930215660470L);

    @Test
    void smallIs1000QueriesTotalling816Quakes() {
        QuerySet small = QuerySet.small(DATA);
        assertEquals("small", small.name());
        assertEquals(1_000, small.size());
        assertEquals(816, small.totalQuakes());
        assertEquals(816, sumOfCounts(small));
        int upToThree = 0;
        for (int i = 0; i < small.size(); i++) {
            int count = small.answer(i).count();
            assertTrue(count >= 0 && count <= 6, "query " + i + " returns " + count);
            upToThree += count <= 3 ? 1 : 0;
            Query q = small.query(i);
            assertTrue(q.maxLatitude() - q.minLatitude() <= 5 && q.maxLongitude() - q.minLongitude() <= 5,
                    () -> "box too big: " + q);
        }
        assertTrue(upToThree >= 900, "mostly 0 to 3 quakes per query, but only " + upToThree);
    }

    @Test
    void largeIs100QueriesTotalling176745QuakesWithCheapScans() {
        QuerySet large = QuerySet.large(DATA);
        assertEquals("large", large.name());
        assertEquals(100, large.size());
        assertEquals(176_745, large.totalQuakes());
        assertEquals(176_745, sumOfCounts(large));
        for (int i = 0; i < large.size(); i++) {
            int count = large.answer(i).count();
            assertTrue(count >= 1_000 && count <= 2_600, "query " + i + " returns " + count);
            // match() scans every quake in the time range; broad boxes keep that near the result.
            Query q = large.query(i);
            int scanned = DATA.firstAtOrAfter(q.maxTime() + 1) - DATA.firstAtOrAfter(q.minTime());
            assertTrue(scanned <= 4 * count, "query " + i + " scans " + scanned + " for " + count);
        }
    }

    @Test
    void sweepQueriesReturnExactlyTheirSize() {
        assertEquals(List.of(0, 1, 10, 100, 1000, 10000), QuerySet.SWEEP_SIZES);
        for (int size : QuerySet.SWEEP_SIZES) {
            QuerySet sweep = QuerySet.sweep(DATA, size);
            assertEquals("sweep-" + size, sweep.name());
            assertEquals(8, sweep.size());
            assertEquals(8 * size, sweep.totalQuakes());
            for (int i = 0; i < sweep.size(); i++) {
                assertEquals(size, sweep.answer(i).count(), sweep.name() + " query " + i);
            }
            assertEquals(8, new HashSet<>(sweep.queries()).size(), sweep.name() + " repeats a query");
        }
    }

    @Test
    void everyQueryOfEverySetMatchesALinearScanAndItsAnswer() {
        for (String name : NAMES) {
            QuerySet set = QuerySet.named(DATA, name);
            assertEquals(set.size(), set.queries().size());
            for (int i = 0; i < set.size(); i++) {
                Query q = set.query(i);
                assertSame(q, set.queries().get(i));
                assertWellFormed(q);
                List<Quake> expected = SeismicDatasetTest.linearScan(DATA, q);
                assertEquals(expected, Arrays.asList(DATA.match(q)), name + " query " + i);
                Answer.Builder b = new Answer.Builder();
                expected.forEach(b::add);
                assertEquals(b.build(), set.answer(i), name + " query " + i);
                assertEquals(DATA.answer(q), set.answer(i), name + " query " + i);
            }
        }
    }

    private static void assertWellFormed(Query q) {
        assertTrue(q.minTime() <= q.maxTime(), q::toString);
        assertTrue(-90 <= q.minLatitude() && q.minLatitude() <= q.maxLatitude() && q.maxLatitude() <= 90,
                q::toString);
        assertTrue(-180 <= q.minLongitude() && q.minLongitude() <= q.maxLongitude() && q.maxLongitude() <= 180,
                q::toString);
        for (double edge : new double[] {q.minLatitude(), q.maxLatitude(), q.minLongitude(), q.maxLongitude()}) {
            assertEquals(edge, Math.rint(edge * 1000) / 1000.0, q::toString);
        }
    }

    /**
     * An iteration starts at query 0 and makes as many calls as its time allows, wrapping around:
     * whatever that number, from the fewest an iteration makes up to three laps, its calls carry the
     * set's mean work (quakes) within 1%.
     */
    @Test
    void everyIterationLengthSeesTheMeanWorkWithinOnePercent() {
        for (String name : List.of("small", "large")) {
            QuerySet set = QuerySet.named(DATA, name);
            double mean = (double) set.totalQuakes() / set.size();
            double worst = 0;
            long quakes = 0;
            for (int calls = 1; calls <= 3 * set.size(); calls++) {
                quakes += set.answer((calls - 1) % set.size()).count();
                if (calls >= QuerySet.BALANCED_FROM.get(name)) {
                    worst = Math.max(worst, Math.abs(quakes - calls * mean) / (calls * mean));
                }
            }
            assertTrue(worst <= 0.01, name + ": an iteration's work is up to " + worst * 100 + "% off the mean");
        }
    }

    /** The property above is the ordering's doing: the same queries drawn as generated are far off. */
    @Test
    void generatedOrderWouldMissTheMeanByMoreThanOnePercent() {
        QuerySet large = QuerySet.large(DATA);
        int[] counts = new int[large.size()];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = large.answer(i).count();
        }
        Integer[] shuffled = Arrays.stream(counts).boxed().toArray(Integer[]::new);
        java.util.Collections.shuffle(Arrays.asList(shuffled), new java.util.Random(1));
        double mean = (double) large.totalQuakes() / large.size();
        double worst = 0;
        long quakes = 0;
        for (int calls = 1; calls <= large.size(); calls++) {
            quakes += shuffled[calls - 1];
            if (calls >= QuerySet.BALANCED_FROM.get("large")) {
                worst = Math.max(worst, Math.abs(quakes - calls * mean) / (calls * mean));
            }
        }
        assertTrue(worst > 0.01, "a shuffled order is already within 1%: " + worst);
    }

    @Test
    void setsAreTheSameOnEveryRun() {
        SeismicDataset fresh = SeismicDataset.generate();
        for (String name : NAMES) {
            QuerySet mine = QuerySet.named(DATA, name);
            QuerySet theirs = QuerySet.named(fresh, name);
            assertNotSame(mine, theirs);
            assertEquals(mine.queries(), theirs.queries(), name);
            assertEquals(GOLDEN_FINGERPRINTS.get(name), fingerprint(mine), name);
        }
    }

    /** A 64-bit hash of every query and answer, in order, by a fixed formula. */
    static long fingerprint(QuerySet set) {
        long h = 17;
        for (int i = 0; i < set.size(); i++) {
            Query q = set.query(i);
            long[] values = {q.minTime(), q.maxTime(), Double.doubleToLongBits(q.minLatitude()),
                    Double.doubleToLongBits(q.maxLatitude()), Double.doubleToLongBits(q.minLongitude()),
                    Double.doubleToLongBits(q.maxLongitude()), set.answer(i).count(), set.answer(i).checksum()};
            for (long v : values) {
                h = h * 1_000_003L + v;
            }
        }
        return h;
    }

    @Test
    void namedGivesTheFactorySetsOnce() {
        assertEquals(NAMES, QuerySet.names());
        assertSame(QuerySet.small(DATA), QuerySet.named(DATA, "small"));
        assertSame(QuerySet.large(DATA), QuerySet.named(DATA, "large"));
        for (int size : QuerySet.SWEEP_SIZES) {
            assertSame(QuerySet.sweep(DATA, size), QuerySet.named(DATA, "sweep-" + size));
        }
    }

    @Test
    void unknownNamesAreRejectedInOneSentenceListingTheValidOnes() {
        for (String bad : Arrays.asList("huge", "", "Small", " small", "sweep-7", "sweep-010", "sweep-", null)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> QuerySet.named(DATA, bad));
            String message = e.getMessage();
            assertTrue(message.contains("'" + bad + "'"), message);
            NAMES.forEach(name -> assertTrue(message.contains(name), message));
            assertOneSentence(message);
        }
    }

    @Test
    void unknownSweepSizesAreRejectedInOneSentenceListingTheValidOnes() {
        for (int bad : new int[] {-1, 2, 7, 99, 10001, Integer.MAX_VALUE}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> QuerySet.sweep(DATA, bad));
            String message = e.getMessage();
            assertTrue(message.contains(" " + bad + ";"), message);
            assertTrue(message.contains("0, 1, 10, 100, 1000, 10000"), message);
            assertOneSentence(message);
        }
    }

    private static void assertOneSentence(String message) {
        assertTrue(message.endsWith("."), message);
        assertEquals(message.length() - 1, message.indexOf('.'), message);
        assertTrue(message.indexOf('\n') < 0, message);
    }

    @Test
    void setsCannotBeModified() {
        QuerySet small = QuerySet.small(DATA);
        assertThrows(UnsupportedOperationException.class, () -> small.queries().set(0, small.query(1)));
        assertThrows(UnsupportedOperationException.class, () -> QuerySet.SWEEP_SIZES.set(0, 5));
        assertThrows(UnsupportedOperationException.class, () -> QuerySet.names().add("x"));
    }

    private static int sumOfCounts(QuerySet set) {
        int sum = 0;
        for (int i = 0; i < set.size(); i++) {
            sum += set.answer(i).count();
        }
        return sum;
    }
}
