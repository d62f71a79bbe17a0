package org.soapbench.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The heat map colours only what its intervals show: the reference and undistinguished cells stay white. */
class HeatMapTest {

    @Test
    void colourOnlyWhereTheIntervalExcludesOne() {
        assertEquals(Color.WHITE, HeatMap.colour(ChartPoint.alone("cxf", "plain/xml", 1)), "the reference");
        assertEquals(Color.WHITE, HeatMap.colour(new ChartPoint("metro", "plain/xml", 0.56, 0.36, 1.02)), "interval includes 1");
        Color faster = HeatMap.colour(new ChartPoint("metro", "plain/xml", 0.56, 0.36, 0.87));
        Color slower = HeatMap.colour(new ChartPoint("axis2", "username/xml", 3.06, 2.55, 3.69));
        assertTrue(faster.getBlue() > faster.getRed(), "faster than the reference is blue: " + faster);
        assertTrue(slower.getRed() > slower.getBlue(), "slower is red: " + slower);
        Color far = HeatMap.colour(new ChartPoint("axis2", "username/xml", 8, 6, 10));
        assertTrue(far.getGreen() < slower.getGreen(), "further from 1, deeper: " + far + " vs " + slower);
        assertNotEquals(Color.WHITE, HeatMap.colour(new ChartPoint("a", "b", 1.01, 1.005, 1.015)), "apart, however close");
    }

    @Test
    void drawsOneCellPerPoint() {
        BufferedImage image = HeatMap.draw("t", List.of(ChartPoint.alone("cxf", "plain/xml", 1),
                new ChartPoint("metro", "plain/xml", 0.5, 0.4, 0.6), new ChartPoint("metro", "sign/xml", 2, 1.5, 2.5)), 900);
        assertEquals(900, image.getWidth());
        assertTrue(image.getHeight() > 100);
    }
}
