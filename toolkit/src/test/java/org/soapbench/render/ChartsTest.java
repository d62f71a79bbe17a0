package org.soapbench.render;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Interval charts draw whatever intervals the results give. */
class ChartsTest {

    /**
     * Two forks 8× apart give a 99.9% interval (t of 637) whose low end is 0: a report of a gate's files
     * stopped at XChart's "cannot be less or equal to zero for a logarithmic Y-Axis" until it was drawn
     * to the chart's edge.
     */
    @Test
    void anIntervalReachingZeroIsDrawnOnALogAxis(@TempDir Path dir) throws Exception {
        String file = new Charts(dir).dots("time", "t", "ms", true, List.of(
                new ChartPoint("cxf", "sign/xml", 18.8, 0.0, Double.POSITIVE_INFINITY),
                new ChartPoint("axis2", "sign/xml", 49.7, 40.1, 61.5)));
        assertTrue(Files.size(dir.resolve(file)) > 1000, file);
    }
}
