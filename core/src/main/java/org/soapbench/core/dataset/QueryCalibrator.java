package org.soapbench.core.dataset;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.soapbench.core.spi.Quake;
import org.soapbench.core.spi.Query;

/**
 * Makes queries with an exact, chosen number of matches. It picks a box, lists the in-box quakes in
 * time order, and sets the time range to span exactly k consecutive ones: from somewhere in the gap
 * before the first to somewhere in the gap after the last. For k = 0 the range lies strictly inside
 * the gap between two consecutive in-box quakes (quakes are at least 2 ms apart, so one always fits).
 * Ranges reach at most a day into a gap, to keep windows short. Every query it returns is distinct
 * from the others it returned, so a JIT never sees one constant input.
 */
final class QueryCalibrator {

    private static final long DAY_MILLIS = 86_400_000L;
    /** Broad boxes hold at least this share of the catalogue, so match() scans about 3x its result at most. */
    private static final int BROAD_MIN_IN_BOX = SeismicDataset.SIZE / 3;

    /** A closed lat/long box; edges have 3 decimals, like the quakes. */
    private record Box(double minLat, double maxLat, double minLon, double maxLon) {

        static Box ofMillidegrees(int minLat, int maxLat, int minLon, int maxLon) {
            return new Box(minLat / 1000.0, maxLat / 1000.0, minLon / 1000.0, maxLon / 1000.0);
        }

        /** The same comparisons as {@link Query#matches}. */
        boolean contains(Quake q) {
            return q.latitude() >= minLat && q.latitude() <= maxLat
                    && q.longitude() >= minLon && q.longitude() <= maxLon;
        }
    }

    private final SeismicDataset data;
    private final SplittableRandom rng;
    private final Set<Query> issued = new HashSet<>();

    QueryCalibrator(SeismicDataset data, long seed) {
        this.data = data;
        this.rng = new SplittableRandom(seed);
    }

    /**
     * A small box (1 to 5 degrees a side) around a random quake, and k in-box quakes next to it in
     * time. Seismic regions are busy, so the window is short. Only the anchor's neighbours are
     * needed, found by walking out from it: much cheaper than listing the whole box.
     */
    Query local(int k) {
        while (true) {
            int anchor = rng.nextInt(data.size());
            Quake a = data.quake(anchor);
            int lat = milli(a.latitude()), lon = milli(a.longitude());
            int halfLat = 500 + rng.nextInt(2_001);    // 0.5 .. 2.5 degrees
            int halfLon = 500 + rng.nextInt(2_001);
            Box box = Box.ofMillidegrees(Math.max(-90_000, lat - halfLat), Math.min(90_000, lat + halfLat),
                    Math.max(-180_000, lon - halfLon), Math.min(180_000, lon + halfLon));

            // Up to `reach` in-box quakes either side of the anchor. If fewer are found on a side,
            // the walk hit the end of the catalogue, so the list's end is the box's true end.
            int reach = Math.max(k, 1);
            int[] in = new int[2 * reach + 1];
            int pos = reach;
            in[pos] = anchor;
            int lo = pos, hi = pos;
            for (int i = anchor - 1; i >= 0 && pos - lo < reach; i--) {
                if (box.contains(data.quake(i))) {
                    in[--lo] = i;
                }
            }
            for (int i = anchor + 1; i < data.size() && hi - pos < reach; i++) {
                if (box.contains(data.quake(i))) {
                    in[++hi] = i;
                }
            }
            int n = hi - lo + 1;
            if (n < Math.max(k, 2)) {
                continue;   // too few quakes in this box; try another
            }
            int[] list = Arrays.copyOfRange(in, lo, hi + 1);
            pos -= lo;
            Query q;
            if (k == 0) {
                // The gap just before or just after the anchor.
                int gap = pos == 0 ? 0 : pos == n - 1 ? pos - 1 : pos - rng.nextInt(2);
                q = gapWindow(list, gap, box);
            } else {
                // k consecutive in-box quakes that include the anchor.
                int minStart = Math.max(0, pos - k + 1);
                int maxStart = Math.min(pos, n - k);
                q = window(list, minStart + rng.nextInt(maxStart - minStart + 1), k, box);
            }
            if (issued.add(q)) {
                return q;
            }
        }
    }

    /** A broad box holding a third or more of the catalogue, and a window of k quakes anywhere in it. */
    Query broad(int k) {
        while (true) {
            int latSpan = 60_000 + rng.nextInt(120_001);   // 60 .. 180 degrees
            int lonSpan = 120_000 + rng.nextInt(240_001);  // 120 .. 360 degrees
            int minLat = -90_000 + rng.nextInt(180_000 - latSpan + 1);
            int minLon = -180_000 + rng.nextInt(360_000 - lonSpan + 1);
            Box box = Box.ofMillidegrees(minLat, minLat + latSpan, minLon, minLon + lonSpan);
            if (data.countInBox(box.minLat(), box.maxLat(), box.minLon(), box.maxLon())
                    < Math.max(BROAD_MIN_IN_BOX, k + 2)) {
                continue;   // mostly empty ocean; try another
            }
            int[] in = data.inBox(box.minLat(), box.maxLat(), box.minLon(), box.maxLon());
            Query q = k == 0
                    ? gapWindow(in, rng.nextInt(in.length - 1), box)
                    : window(in, rng.nextInt(in.length - k + 1), k, box);
            if (issued.add(q)) {
                return q;
            }
        }
    }

    /** Exactly the in-box quakes in[first .. first+k-1]; the range may reach into the outer gaps. */
    private Query window(int[] in, int first, int k, Box box) {
        int last = first + k - 1;
        long t0 = data.time(in[first]);
        long t1 = data.time(in[last]);
        // Room in the gaps, bounds exclusive of the neighbouring in-box quakes.
        long roomBefore = first > 0 ? Math.min(DAY_MILLIS, t0 - data.time(in[first - 1])) : DAY_MILLIS;
        long roomAfter = last + 1 < in.length ? Math.min(DAY_MILLIS, data.time(in[last + 1]) - t1) : DAY_MILLIS;
        // A quarter of the ranges start or end exactly on a quake, to exercise the closed bounds.
        long min = rng.nextInt(4) == 0 ? t0 : t0 - rng.nextLong(roomBefore);
        long max = rng.nextInt(4) == 0 ? t1 : t1 + rng.nextLong(roomAfter);
        return query(min, max, box);
    }

    /** No in-box quake: a range of up to a day strictly between in[gap] and in[gap + 1]. */
    private Query gapWindow(int[] in, int gap, Box box) {
        long lo = data.time(in[gap]) + 1;
        long hi = data.time(in[gap + 1]) - 1;   // lo <= hi, as quakes are at least 2 ms apart
        long length = rng.nextLong(Math.min(hi - lo + 1, DAY_MILLIS));
        long min = lo + rng.nextLong(hi - lo + 1 - length);
        return query(min, min + length, box);
    }

    private static Query query(long min, long max, Box box) {
        return new Query(min, max, box.minLat(), box.maxLat(), box.minLon(), box.maxLon());
    }

    private static int milli(double degrees) {
        return (int) Math.round(degrees * 1000);
    }
}
