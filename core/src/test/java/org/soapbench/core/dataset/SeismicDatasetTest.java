package org.soapbench.core.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.soapbench.core.spi.Answer;
import org.soapbench.core.spi.Quake;
import org.soapbench.core.spi.Query;

class SeismicDatasetTest {

    /** The catalogue's checksum; if this changes, every JVM no longer sees the same quakes. */
    static final long GOLDEN_CHECKSUM = 5167641318031125926L;

    private static final SeismicDataset DATA = SeismicDataset.standard();

    /** The reference for match(): every quake, in order, tested with Query.matches. */
    static List<Quake> linearScan(SeismicDataset data, Query q) {
        List<Quake> hits = new ArrayList<>();
        for (Quake quake : data.quakes()) {
            if (q.matches(quake)) {
                hits.add(quake);
            }
        }
        return hits;
    }

    @Test
    void has93000QuakesStrictlyOrderedInTime() {
        assertEquals(93_000, SeismicDataset.SIZE);
        assertEquals(SeismicDataset.SIZE, DATA.size());
        assertEquals(SeismicDataset.SIZE, DATA.quakes().size());
        long start = Instant.parse("1995-01-01T00:00:00Z").toEpochMilli();
        long end = Instant.parse("2009-01-01T00:00:00Z").toEpochMilli();
        assertTrue(DATA.quake(0).timeMillis() >= start);
        assertTrue(DATA.quake(DATA.size() - 1).timeMillis() < end);
        // Spans the whole period, not a corner of it.
        assertTrue(DATA.quake(0).timeMillis() < start + 86_400_000L);
        assertTrue(DATA.quake(DATA.size() - 1).timeMillis() > end - 86_400_000L);
        for (int i = 0; i < DATA.size(); i++) {
            Quake q = DATA.quake(i);
            assertSame(q, DATA.quakes().get(i));
            assertEquals(i, q.id());
            if (i > 0) {
                assertTrue(q.timeMillis() - DATA.quake(i - 1).timeMillis() >= 2,
                        "quakes " + (i - 1) + " and " + i + " are less than 2 ms apart");
            }
        }
    }

    @Test
    void valuesAreInRangeWithTheirStatedDecimals() {
        Set<String> regions = new TreeSet<>();
        for (Quake q : DATA.quakes()) {
            assertInRange(q.latitude(), -90, 90, 3, q);
            assertInRange(q.longitude(), -180, 180, 3, q);
            assertInRange(q.depthKm(), 0, 700, 1, q);
            assertInRange(q.magnitude(), 2.0, 9.0, 1, q);
            assertTrue(SeismicDataset.MAGNITUDE_TYPES.contains(q.magnitudeType()), q::toString);
            assertTrue(q.region().chars().allMatch(c -> c >= 0x20 && c < 0x7F), q::toString);
            assertTrue(!q.region().isBlank(), q::toString);
            regions.add(q.region());
        }
        assertEquals(List.of("ML", "Md", "mb", "Ms", "Mw"), SeismicDataset.MAGNITUDE_TYPES);
        assertTrue(regions.size() >= 30 && regions.size() <= 50, "regions: " + regions);
    }

    private static void assertInRange(double value, double min, double max, int decimals, Quake q) {
        assertTrue(value >= min && value <= max, () -> value + " out of range in " + q);
        double scale = Math.pow(10, decimals);
        assertEquals(value, Math.rint(value * scale) / scale, () -> value + " has over " + decimals + " decimals in " + q);
        // The text form, as a stack would write it, is short and parses back to the same double.
        String text = Double.toString(value);
        assertTrue(new BigDecimal(text).stripTrailingZeros().scale() <= decimals, () -> text + " in " + q);
        assertEquals(value, Double.parseDouble(text));
    }

    @Test
    void smallQuakesOutnumberBigOnes() {
        int[] byWholeMagnitude = new int[10];
        for (Quake q : DATA.quakes()) {
            byWholeMagnitude[(int) q.magnitude()]++;
        }
        for (int m = 2; m < 6; m++) {
            assertTrue(byWholeMagnitude[m] > 3 * byWholeMagnitude[m + 1], Arrays.toString(byWholeMagnitude));
        }
        assertTrue(byWholeMagnitude[6] + byWholeMagnitude[7] + byWholeMagnitude[8] > 0, "no big quakes at all");
    }

    @Test
    void checksumIsPinnedAndCoversEveryQuakeInOrder() {
        Answer.Builder b = new Answer.Builder();
        DATA.quakes().forEach(b::add);
        Answer all = b.build();
        assertEquals(SeismicDataset.SIZE, all.count());
        assertEquals(all.checksum(), DATA.checksum());
        assertEquals(GOLDEN_CHECKSUM, DATA.checksum());
    }

    @Test
    void independentGenerationsAreEqual() {
        SeismicDataset fresh = SeismicDataset.generate();
        assertNotSame(DATA, fresh);
        assertEquals(DATA.quakes(), fresh.quakes());
        assertEquals(DATA.checksum(), fresh.checksum());
        assertSame(DATA, SeismicDataset.standard());
    }

    @Test
    void quakesCannotBeModified() {
        List<Quake> quakes = DATA.quakes();
        assertThrows(UnsupportedOperationException.class, () -> quakes.set(0, quakes.get(1)));
        assertThrows(UnsupportedOperationException.class, () -> quakes.add(quakes.get(1)));
    }

    @Test
    void matchAgreesWithALinearScanOnEdgeCases() {
        long t0 = DATA.quake(0).timeMillis();
        long tLast = DATA.quake(DATA.size() - 1).timeMillis();
        Quake q = DATA.quake(4_321);
        Quake next = DATA.quake(4_322);
        List<Query> queries = List.of(
                new Query(Long.MIN_VALUE, Long.MAX_VALUE, -90, 90, -180, 180),       // everything
                new Query(t0, tLast, -90, 90, -180, 180),                          // everything, exact ends
                new Query(q.timeMillis(), q.timeMillis(), -90, 90, -180, 180),     // one instant
                new Query(q.timeMillis() + 1, next.timeMillis() - 1, -90, 90, -180, 180),  // between two
                new Query(q.timeMillis(), q.timeMillis(), q.latitude(), q.latitude(),
                        q.longitude(), q.longitude()),                             // a point box
                new Query(next.timeMillis(), q.timeMillis(), -90, 90, -180, 180),  // min > max
                new Query(Long.MIN_VALUE, t0 - 1, -90, 90, -180, 180),             // before the start
                new Query(tLast + 1, Long.MAX_VALUE, -90, 90, -180, 180),          // after the end
                new Query(Long.MIN_VALUE, Long.MAX_VALUE, 10, -10, -180, 180),     // inverted box
                new Query(Long.MIN_VALUE, Long.MAX_VALUE, Double.NaN, 90, -180, 180));
        for (Query query : queries) {
            assertMatchesLinearScan(query);
        }
        assertEquals(SeismicDataset.SIZE, DATA.match(queries.get(0)).length);
        assertArrayEquals(new Quake[] {q}, DATA.match(queries.get(2)));
        assertArrayEquals(new Quake[] {q}, DATA.match(queries.get(4)));
        assertEquals(0, DATA.match(queries.get(3)).length);
    }

    @Test
    void matchAgreesWithALinearScanOnRandomQueries() {
        SplittableRandom rng = new SplittableRandom(7);
        for (int n = 0; n < 300; n++) {
            // Bounds often sit exactly on some quake's values, to exercise the closed ranges.
            Quake a = DATA.quake(rng.nextInt(DATA.size()));
            Quake b = DATA.quake(rng.nextInt(DATA.size()));
            long span = rng.nextLong(400L * 86_400_000L);
            long minTime = rng.nextBoolean() ? a.timeMillis() : a.timeMillis() - rng.nextLong(86_400_000L);
            long maxTime = rng.nextBoolean() ? Math.max(minTime, b.timeMillis()) : minTime + span;
            double halfLat = rng.nextDouble() * 60, halfLon = rng.nextDouble() * 120;
            double minLat = rng.nextBoolean() ? b.latitude() : a.latitude() - halfLat;
            double minLon = rng.nextBoolean() ? b.longitude() : a.longitude() - halfLon;
            assertMatchesLinearScan(new Query(minTime, maxTime, minLat, Math.max(minLat, a.latitude()) + halfLat,
                    minLon, Math.max(minLon, a.longitude()) + halfLon));
        }
    }

    private static void assertMatchesLinearScan(Query query) {
        List<Quake> expected = linearScan(DATA, query);
        assertEquals(expected, Arrays.asList(DATA.match(query)), query::toString);
        Answer.Builder b = new Answer.Builder();
        expected.forEach(b::add);
        assertEquals(b.build(), DATA.answer(query), query::toString);
    }
}
