package org.soapbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rounds of a same-moment gate are judged on their aligned iterations, robust to a burst on one side. */
class LogDifferenceTest {

    private static JmhResult result(List<List<Double>> forks) {
        return new JmhResult("run", "org.soapbench.bench.SeismicQuery.small", "avgt", Map.of(), 1, Double.NaN, "us/op", 1,
                forks.size(), forks, Map.of(), null);
    }

    @Test
    void aRoundIsTheMedianOfItsAlignedIterationRatios() {
        // Round 1: head 2% slower at every iteration, but its third iteration was hit by a 50% burst.
        // Round 2: both sides drift together from 100 to 130, head 2% slower throughout.
        JmhResult base = result(List.of(List.of(100.0, 100.0, 100.0, 100.0, 100.0),
                List.of(100.0, 110.0, 120.0, 125.0, 130.0)));
        JmhResult head = result(List.of(List.of(102.0, 102.0, 153.0, 102.0, 102.0),
                List.of(102.0, 112.2, 122.4, 127.5, 132.6)));
        LogDifference d = LogDifference.paired(base, head);
        assertEquals(Math.log(1.02), d.difference(), 1e-12, "the burst is ignored, the drift cancels");
        assertEquals(0, d.variance(), 1e-20);
        assertEquals(1, d.df());
    }

    @Test
    void forksOfDifferentLengthsFallBackToTheirMeans() {
        JmhResult base = result(List.of(List.of(100.0, 100.0), List.of(100.0)));
        JmhResult head = result(List.of(List.of(110.0, 110.0), List.of(110.0, 110.0)));
        assertEquals(Math.log(1.1), LogDifference.paired(base, head).difference(), 1e-12);
    }
}
