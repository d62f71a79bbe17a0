package org.soapbench.core.dataset;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.soapbench.core.spi.Answer;
import org.soapbench.core.spi.Query;

/**
 * A named, calibrated list of queries with their oracle answers, precomputed. Each set is built from
 * its own fixed seed, so it is the same on every run and JVM; the sizes of the answers are exact:
 * <ul>
 *   <li>{@code small}: 1,000 queries totalling 816 quakes (many requests, tiny responses; small
 *       boxes, short windows);</li>
 *   <li>{@code large}: 100 queries totalling 176,745 quakes (about 1,000 to 2,600 each; broad
 *       boxes, so a server's scan stays within a few times its result);</li>
 *   <li>{@code sweep-N}: 8 distinct queries returning exactly N quakes each, N in
 *       {@link #SWEEP_SIZES}, over broad boxes so that the server's cost tracks N.</li>
 * </ul>
 * Sets are cached per dataset. Instances are immutable and thread-safe.
 *
 * <p>A set's order is the order benchmarks walk it in ({@link #balanced}): every prefix of it, from
 * {@link #BALANCED_FROM} queries on, carries the set's mean response size within 1%, so a measured
 * iteration that starts at query 0 does the same work per call however many calls it makes.
 */
public final class QuerySet {

    public static final List<Integer> SWEEP_SIZES = List.of(0, 1, 10, 100, 1000, 10000);

    static final int SMALL_QUERIES = 1_000;
    static final int SMALL_TOTAL = 816;
    static final int SMALL_MAX = 6;
    static final int LARGE_QUERIES = 100;
    static final int LARGE_TOTAL = 176_745;
    static final int LARGE_MIN = 1_000;
    static final int LARGE_MAX = 2_600;
    static final int SWEEP_QUERIES = 8;

    /**
     * The fewest calls a measured iteration makes, per set, from which {@link #balanced} holds its
     * prefixes within 1% of the mean: a 1 s iteration of a 10 ms {@code small} call or of a 100 ms
     * {@code large} call. The sweep's queries all have one size.
     */
    public static final Map<String, Integer> BALANCED_FROM = Map.of("small", 100, "large", 10);

    /**
     * Quakes per response averaged over each set, exact by construction: with a cost linear in
     * quakes, a call's mean time over the set is the fixed cost plus this many times the per-quake
     * cost, so {@code small} and {@code large} are two points of a size sweep.
     */
    public static final Map<String, Double> MEAN_QUAKES = Map.of(
            "small", (double) SMALL_TOTAL / SMALL_QUERIES, "large", (double) LARGE_TOTAL / LARGE_QUERIES);

    private static final long SMALL_SEED = 0x5EED_0001L;
    private static final long LARGE_SEED = 0x5EED_0002L;
    private static final long SWEEP_SEED = 0x5EED_0100L;

    /** Relative frequency of 0..6 results per small query: mostly none or one, a few up to six. */
    private static final int[] SMALL_COUNT_WEIGHTS = {520, 290, 110, 45, 20, 10, 5};

    private final String name;
    private final Query[] queries;
    private final Answer[] answers;
    private final List<Query> view;
    private final int totalQuakes;

    private QuerySet(String name, Query[] queries, SeismicDataset data) {
        this(name, queries, Arrays.stream(queries).map(data::answer).toArray(Answer[]::new));
    }

    private QuerySet(String name, Query[] queries, Answer[] answers) {
        this.name = name;
        this.queries = queries;
        this.answers = answers;
        int total = 0;
        for (Answer a : answers) {
            total += a.count();
        }
        this.totalQuakes = total;
        this.view = Collections.unmodifiableList(Arrays.asList(queries));
    }

    public static QuerySet small(SeismicDataset d) {
        return d.querySet("small", () -> {
            SplittableRandom rng = new SplittableRandom(SMALL_SEED);
            int[] counts = new int[SMALL_QUERIES];
            for (int i = 0; i < counts.length; i++) {
                counts[i] = pick(SMALL_COUNT_WEIGHTS, rng);
            }
            adjustToTotal(counts, SMALL_TOTAL, 0, SMALL_MAX, rng);
            QueryCalibrator calibrator = new QueryCalibrator(d, rng.nextLong());
            Query[] queries = new Query[counts.length];
            for (int i = 0; i < counts.length; i++) {
                queries[i] = calibrator.local(counts[i]);
            }
            return checked(new QuerySet("small", queries, d), counts).balanced();
        });
    }

    public static QuerySet large(SeismicDataset d) {
        return d.querySet("large", () -> {
            SplittableRandom rng = new SplittableRandom(LARGE_SEED);
            int[] counts = new int[LARGE_QUERIES];
            for (int i = 0; i < counts.length; i++) {
                counts[i] = LARGE_MIN + rng.nextInt(LARGE_MAX - LARGE_MIN + 1);
            }
            adjustToTotal(counts, LARGE_TOTAL, LARGE_MIN, LARGE_MAX, rng);
            QueryCalibrator calibrator = new QueryCalibrator(d, rng.nextLong());
            Query[] queries = new Query[counts.length];
            for (int i = 0; i < counts.length; i++) {
                queries[i] = calibrator.broad(counts[i]);
            }
            return checked(new QuerySet("large", queries, d), counts).balanced();
        });
    }

    public static QuerySet sweep(SeismicDataset d, int quakesPerQuery) {
        if (!SWEEP_SIZES.contains(quakesPerQuery)) {
            throw new IllegalArgumentException("Unknown sweep size " + quakesPerQuery
                    + "; valid sizes are " + join(SWEEP_SIZES) + ".");
        }
        String name = "sweep-" + quakesPerQuery;
        return d.querySet(name, () -> {
            QueryCalibrator calibrator = new QueryCalibrator(d, SWEEP_SEED + quakesPerQuery);
            Query[] queries = new Query[SWEEP_QUERIES];
            int[] counts = new int[SWEEP_QUERIES];
            for (int i = 0; i < queries.length; i++) {
                queries[i] = calibrator.broad(quakesPerQuery);
                counts[i] = quakesPerQuery;
            }
            return checked(new QuerySet(name, queries, d), counts);
        });
    }

    /** {@code small}, {@code large} or {@code sweep-N}; see {@link #names()}. */
    public static QuerySet named(SeismicDataset d, String name) {
        if ("small".equals(name)) {
            return small(d);
        }
        if ("large".equals(name)) {
            return large(d);
        }
        for (int size : SWEEP_SIZES) {
            if (("sweep-" + size).equals(name)) {
                return sweep(d, size);
            }
        }
        throw new IllegalArgumentException("Unknown query set '" + name + "'; valid names are "
                + join(names()) + ".");
    }

    /** Every name {@link #named} accepts. */
    public static List<String> names() {
        List<String> names = new ArrayList<>(List.of("small", "large"));
        for (int size : SWEEP_SIZES) {
            names.add("sweep-" + size);
        }
        return Collections.unmodifiableList(names);
    }

    public String name() {
        return name;
    }

    public int size() {
        return queries.length;
    }

    public Query query(int i) {
        return queries[i];
    }

    /** The oracle's answer to {@link #query(int) query(i)}. */
    public Answer answer(int i) {
        return answers[i];
    }

    /** Sum of the answers' counts. */
    public int totalQuakes() {
        return totalQuakes;
    }

    /** Unmodifiable. */
    public List<Query> queries() {
        return view;
    }

    @Override
    public String toString() {
        return name + " (" + queries.length + " queries, " + totalQuakes + " quakes)";
    }

    /**
     * The same queries, reordered so that the running total of quakes stays as close as it can to
     * the mean times the number of queries: each next query is the one that brings the total
     * closest to that line (of equals, the one farthest from the mean, so extremes are not all left
     * for the end). Drawn at random, a 1 s iteration of a 55 ms call would see some 18 of the 100
     * {@code large} queries and a mix 6% off the mean either way; in this order it sees the mean.
     */
    private QuerySet balanced() {
        int n = queries.length;
        double mean = (double) totalQuakes / n;
        boolean[] used = new boolean[n];
        Query[] ordered = new Query[n];
        Answer[] orderedAnswers = new Answer[n];
        long running = 0;
        for (int k = 1; k <= n; k++) {
            double line = k * mean;
            int best = -1;
            double bestDistance = 0;
            double bestSpread = 0;
            for (int i = 0; i < n; i++) {
                if (used[i]) {
                    continue;
                }
                double distance = Math.abs(running + answers[i].count() - line);
                double spread = Math.abs(answers[i].count() - mean);
                if (best < 0 || distance < bestDistance || (distance == bestDistance && spread > bestSpread)) {
                    best = i;
                    bestDistance = distance;
                    bestSpread = spread;
                }
            }
            used[best] = true;
            ordered[k - 1] = queries[best];
            orderedAnswers[k - 1] = answers[best];
            running += answers[best].count();
        }
        return new QuerySet(name, ordered, orderedAnswers);
    }

    /** Index drawn with probability proportional to its weight. */
    private static int pick(int[] weights, SplittableRandom rng) {
        int sum = 0;
        for (int w : weights) {
            sum += w;
        }
        int x = rng.nextInt(sum);
        int i = 0;
        while (x >= weights[i]) {
            x -= weights[i++];
        }
        return i;
    }

    /** Nudges random counts up or down by one, within [min, max], until they sum to {@code total}. */
    private static void adjustToTotal(int[] counts, int total, int min, int max, SplittableRandom rng) {
        if (total < min * counts.length || total > max * counts.length) {
            throw new IllegalStateException("total " + total + " is out of reach");
        }
        int diff = total;
        for (int c : counts) {
            diff -= c;
        }
        while (diff != 0) {
            int i = rng.nextInt(counts.length);
            if (diff > 0 && counts[i] < max) {
                counts[i]++;
                diff--;
            } else if (diff < 0 && counts[i] > min) {
                counts[i]--;
                diff++;
            }
        }
    }

    /** Calibration is exact by construction; this guards the construction. */
    private static QuerySet checked(QuerySet set, int[] counts) {
        for (int i = 0; i < counts.length; i++) {
            if (set.answers[i].count() != counts[i]) {
                throw new IllegalStateException(set.name + " query " + i + " returns "
                        + set.answers[i].count() + " quakes, not " + counts[i]);
            }
        }
        return set;
    }

    private static String join(List<?> values) {
        StringBuilder sb = new StringBuilder();
        for (Object v : values) {
            sb.append(sb.length() == 0 ? "" : ", ").append(v);
        }
        return sb.toString();
    }
}
