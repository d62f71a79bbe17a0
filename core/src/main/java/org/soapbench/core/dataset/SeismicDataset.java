package org.soapbench.core.dataset;

import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.soapbench.core.spi.Answer;
import org.soapbench.core.spi.Catalogue;
import org.soapbench.core.spi.Quake;
import org.soapbench.core.spi.Query;

/**
 * The earthquake catalogue behind the seismic service, after the one in Dennis Sosnoski's "Java web
 * services" articles: 93,000 quakes between 1995 and 2008, queried by time range and lat/long box.
 *
 * <p>The catalogue is synthetic but deterministic: it comes from a {@link SplittableRandom} with a
 * fixed seed (whose output is specified) and {@link StrictMath}, so every JVM builds the same quakes,
 * and the golden {@link #checksum()} pins them. Quakes are sorted by time, at least 2 ms apart, and
 * cluster along the main seismic belts. Instances are immutable and thread-safe.
 */
public final class SeismicDataset implements Catalogue {

    public static final long SEED = 20100427L;
    public static final int SIZE = 93_000;

    /** First instant of the catalogue (inclusive) and the end of it (exclusive), UTC. */
    static final long START_MILLIS = Instant.parse("1995-01-01T00:00:00Z").toEpochMilli();
    static final long END_MILLIS = Instant.parse("2009-01-01T00:00:00Z").toEpochMilli();

    /** Consecutive quakes are at least this far apart, so an empty window always fits between two. */
    static final int MIN_GAP_MILLIS = 2;

    static final List<String> MAGNITUDE_TYPES = List.of("ML", "Md", "mb", "Ms", "Mw");

    private static final Quake[] NONE = new Quake[0];

    private final Quake[] quakes;
    // Parallel primitive arrays for the hot path: match() reads these, not the Quake objects.
    private final long[] times;
    private final double[] latitudes;
    private final double[] longitudes;
    private final List<Quake> view;
    private final long checksum;
    /** Memo of the query sets built on this catalogue (see QuerySet); building one costs a little. */
    private final ConcurrentHashMap<String, QuerySet> querySets = new ConcurrentHashMap<>();

    private SeismicDataset(Quake[] quakes) {
        this.quakes = quakes;
        this.times = new long[quakes.length];
        this.latitudes = new double[quakes.length];
        this.longitudes = new double[quakes.length];
        Answer.Builder all = new Answer.Builder();
        for (int i = 0; i < quakes.length; i++) {
            times[i] = quakes[i].timeMillis();
            latitudes[i] = quakes[i].latitude();
            longitudes[i] = quakes[i].longitude();
            all.add(quakes[i]);
        }
        this.view = Collections.unmodifiableList(Arrays.asList(quakes));
        this.checksum = all.build().checksum();
    }

    /** The catalogue, built once per JVM on first use. */
    public static SeismicDataset standard() {
        return Holder.STANDARD;
    }

    private static final class Holder {
        static final SeismicDataset STANDARD = generate();
    }

    /** Builds a fresh catalogue (package-private so that tests can compare two generations). */
    static SeismicDataset generate() {
        return new SeismicDataset(new CatalogueGenerator(new SplittableRandom(SEED)).generate(SIZE));
    }

    public int size() {
        return quakes.length;
    }

    public Quake quake(int index) {
        return quakes[index];
    }

    /** All quakes in time order, unmodifiable. */
    public List<Quake> quakes() {
        return view;
    }

    /** The {@link Answer} checksum over the whole catalogue in order. */
    public long checksum() {
        return checksum;
    }

    /**
     * The quakes matching {@code q} ({@link Query#matches} semantics), in time order. This is on the
     * server's hot path: a binary search for the start time, then a scan of the primitive arrays
     * while the time is in range. It counts first and fills second so that the result is the only
     * allocation.
     */
    @Override
    public Quake[] match(Query q) {
        long maxTime = q.maxTime();
        double minLat = q.minLatitude(), maxLat = q.maxLatitude();
        double minLon = q.minLongitude(), maxLon = q.maxLongitude();
        int from = firstAtOrAfter(q.minTime());
        int count = 0;
        // Non-short-circuit '&' and no branch on the box test: in a broad box a hit is a coin
        // toss, and mispredicted branches cost more than the comparisons (about 2x on 'large').
        for (int i = from; i < times.length && times[i] <= maxTime; i++) {
            double lat = latitudes[i], lon = longitudes[i];
            count += (lat >= minLat & lat <= maxLat & lon >= minLon & lon <= maxLon) ? 1 : 0;
        }
        if (count == 0) {
            return NONE;
        }
        Quake[] result = new Quake[count];
        for (int i = from, n = 0; n < count; i++) {
            double lat = latitudes[i], lon = longitudes[i];
            // Store unconditionally, advance only on a hit: a miss is overwritten by a later hit.
            result[n] = quakes[i];
            n += (lat >= minLat & lat <= maxLat & lon >= minLon & lon <= maxLon) ? 1 : 0;
        }
        return result;
    }

    /** The oracle: what a correct client should report for {@code q}. */
    public Answer answer(Query q) {
        Answer.Builder b = new Answer.Builder();
        for (Quake quake : match(q)) {
            b.add(quake);
        }
        return b.build();
    }

    /** Index of the first quake with {@code timeMillis >= time} ({@link #size()} if none). */
    int firstAtOrAfter(long time) {
        int i = Arrays.binarySearch(times, time);
        return i >= 0 ? i : -i - 1;
    }

    /** Indices, in time order, of all quakes inside the closed box (same comparisons as Query). */
    int[] inBox(double minLat, double maxLat, double minLon, double maxLon) {
        int[] hits = new int[countInBox(minLat, maxLat, minLon, maxLon)];
        for (int i = 0, n = 0; n < hits.length; i++) {
            double lat = latitudes[i], lon = longitudes[i];
            if (lat >= minLat && lat <= maxLat && lon >= minLon && lon <= maxLon) {
                hits[n++] = i;
            }
        }
        return hits;
    }

    int countInBox(double minLat, double maxLat, double minLon, double maxLon) {
        int count = 0;
        for (int i = 0; i < latitudes.length; i++) {
            double lat = latitudes[i], lon = longitudes[i];
            count += (lat >= minLat & lat <= maxLat & lon >= minLon & lon <= maxLon) ? 1 : 0;
        }
        return count;
    }

    long time(int index) {
        return times[index];
    }

    QuerySet querySet(String name, Supplier<QuerySet> build) {
        return querySets.computeIfAbsent(name, n -> build.get());
    }
}
