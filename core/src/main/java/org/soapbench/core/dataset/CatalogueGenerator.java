package org.soapbench.core.dataset;

import java.util.List;
import java.util.SplittableRandom;
import org.soapbench.core.spi.Quake;

/**
 * Generates the quakes of {@link SeismicDataset}. Only {@link SplittableRandom} (specified output),
 * integer arithmetic, IEEE double arithmetic and {@link StrictMath} are used, so the result is the
 * same on every JVM.
 */
final class CatalogueGenerator {

    /**
     * A source region: quakes fall near the segment from (lat1, lon1) to (lat2, lon2), within about
     * {@code width} degrees, so that together the regions trace the main seismic belts.
     * {@code weight} is the relative share of quakes, {@code maxDepthKm} the deepest (subduction
     * zones reach 700 km, crustal regions stay shallow).
     */
    record Region(String name, double lat1, double lon1, double lat2, double lon2, double width,
                  int weight, int maxDepthKm) {
    }

    // Longitudes past 180 wrap round (the Aleutians and Fiji straddle the date line).
    static final List<Region> REGIONS = List.of(
            new Region("Southern Alaska", 59.0, -154.0, 61.5, -146.0, 1.5, 40, 200),
            new Region("Kodiak Island Region", 56.0, -156.0, 58.0, -151.0, 1.2, 15, 80),
            new Region("Aleutian Islands", 51.0, 178.0, 53.5, 195.0, 1.0, 30, 250),
            new Region("Southern California", 32.5, -116.5, 35.0, -119.0, 0.8, 60, 25),
            new Region("Central California", 35.5, -120.5, 38.0, -122.5, 0.6, 40, 20),
            new Region("Northern California", 38.5, -122.8, 41.5, -124.2, 0.7, 30, 30),
            new Region("Nevada", 37.0, -118.5, 41.0, -117.0, 1.2, 20, 20),
            new Region("Baja California", 30.0, -115.0, 24.5, -109.5, 0.8, 20, 20),
            new Region("Guerrero, Mexico", 17.2, -101.5, 16.6, -98.5, 0.6, 20, 100),
            new Region("Oaxaca, Mexico", 16.2, -98.0, 15.6, -94.5, 0.6, 20, 120),
            new Region("Near Coast of Guatemala", 14.2, -92.5, 13.0, -89.5, 0.6, 15, 200),
            new Region("Costa Rica", 10.5, -86.0, 8.5, -83.0, 0.6, 15, 150),
            new Region("Near Coast of Ecuador", 1.0, -80.5, -3.0, -81.0, 0.7, 12, 150),
            new Region("Near Coast of Peru", -6.0, -81.0, -17.0, -74.0, 0.9, 25, 200),
            new Region("Northern Chile", -18.0, -70.8, -26.0, -70.8, 0.8, 30, 250),
            new Region("Near Coast of Central Chile", -30.0, -72.0, -38.0, -73.5, 0.7, 25, 100),
            new Region("Central East Pacific Rise", -5.0, -106.0, -15.0, -112.0, 0.6, 8, 15),
            new Region("Tonga Islands", -15.0, -173.5, -23.0, -175.5, 0.9, 40, 690),
            new Region("Fiji Islands Region", -17.0, 178.0, -21.0, 182.0, 1.2, 30, 690),
            new Region("Kermadec Islands Region", -25.0, -177.0, -32.0, -178.0, 0.8, 20, 400),
            new Region("North Island of New Zealand", -37.0, 176.5, -41.5, 174.5, 0.8, 20, 200),
            new Region("Vanuatu Islands", -13.0, 166.5, -20.5, 169.0, 0.7, 30, 300),
            new Region("Solomon Islands", -6.0, 154.0, -11.0, 162.0, 0.8, 25, 200),
            new Region("New Britain Region, Papua New Guinea", -5.0, 148.0, -6.5, 153.0, 0.7, 25, 300),
            new Region("Molucca Sea", 3.0, 126.0, -1.0, 127.0, 0.8, 20, 300),
            new Region("Mindanao, Philippines", 9.5, 126.5, 5.0, 126.0, 0.7, 20, 300),
            new Region("Luzon, Philippines", 18.0, 121.0, 14.0, 120.0, 0.7, 15, 200),
            new Region("Taiwan", 25.0, 121.8, 22.0, 120.6, 0.6, 25, 100),
            new Region("Ryukyu Islands, Japan", 30.0, 130.5, 24.0, 124.0, 0.8, 15, 250),
            new Region("Near East Coast of Honshu, Japan", 35.0, 141.0, 40.5, 143.0, 0.8, 45, 150),
            new Region("Hokkaido, Japan Region", 41.5, 143.0, 43.5, 146.5, 0.8, 25, 150),
            new Region("Kuril Islands", 44.0, 147.0, 50.0, 157.0, 0.9, 30, 500),
            new Region("Kamchatka Peninsula", 51.0, 157.0, 56.0, 162.0, 0.8, 20, 300),
            new Region("Mariana Islands Region", 12.0, 144.0, 22.0, 145.0, 0.7, 20, 650),
            new Region("Northern Sumatra, Indonesia", 5.5, 94.0, 1.0, 97.5, 0.9, 35, 150),
            new Region("Southern Sumatra, Indonesia", -2.0, 100.0, -6.0, 104.0, 0.8, 20, 200),
            new Region("Java, Indonesia", -7.5, 106.0, -9.0, 114.0, 0.7, 20, 650),
            new Region("Andaman Islands Region", 14.0, 92.5, 7.0, 93.5, 0.8, 15, 100),
            new Region("Hindu Kush Region, Afghanistan", 36.3, 70.0, 36.7, 71.5, 0.4, 15, 250),
            new Region("Southern Iran", 28.5, 51.5, 27.0, 57.5, 0.8, 15, 40),
            new Region("Eastern Turkey", 39.0, 38.0, 38.5, 44.0, 0.7, 15, 30),
            new Region("Greece", 40.0, 21.0, 36.0, 27.0, 1.0, 25, 150),
            new Region("Central Italy", 43.5, 12.0, 41.0, 14.5, 0.5, 15, 30),
            new Region("Sichuan, China", 33.0, 104.0, 29.5, 102.0, 0.7, 15, 30),
            new Region("Nepal", 29.5, 81.0, 27.5, 88.0, 0.6, 10, 40),
            new Region("Northern Mid-Atlantic Ridge", 35.0, -35.0, 10.0, -42.0, 0.6, 10, 15),
            new Region("Iceland Region", 63.8, -22.5, 66.5, -17.0, 0.5, 10, 15));

    /** Gutenberg-Richter b-value: each unit of magnitude is about 8 times rarer than the one below. */
    private static final double B_VALUE = 0.9;

    private final SplittableRandom rng;
    private final int[] cumulativeWeights = new int[REGIONS.size()];

    CatalogueGenerator(SplittableRandom rng) {
        this.rng = rng;
        int sum = 0;
        for (int r = 0; r < REGIONS.size(); r++) {
            sum += REGIONS.get(r).weight();
            cumulativeWeights[r] = sum;
        }
    }

    Quake[] generate(int size) {
        long[] times = times(size);
        Quake[] quakes = new Quake[size];
        for (int i = 0; i < size; i++) {
            quakes[i] = quake(i, times[i]);
        }
        return quakes;
    }

    /**
     * Poisson-like arrival times: exponential gaps, scaled to fill the catalogue span less the
     * 2 ms reserved between neighbours, so times are strictly increasing and stay inside the span.
     */
    private long[] times(int size) {
        double[] cumulative = new double[size];
        double sum = 0;
        for (int i = 0; i < size; i++) {
            sum += -StrictMath.log(1.0 - rng.nextDouble());
            cumulative[i] = sum;
        }
        long spread = SeismicDataset.END_MILLIS - SeismicDataset.START_MILLIS
                - (long) SeismicDataset.MIN_GAP_MILLIS * size;
        long[] times = new long[size];
        for (int i = 0; i < size; i++) {
            times[i] = SeismicDataset.START_MILLIS + (long) (cumulative[i] / sum * spread)
                    + (long) SeismicDataset.MIN_GAP_MILLIS * i;
        }
        return times;
    }

    private Quake quake(int id, long time) {
        Region region = REGIONS.get(pickRegion());
        // Place the quake along the region's segment, with a triangular spread across it.
        double along = rng.nextDouble();
        double lat = region.lat1() + along * (region.lat2() - region.lat1())
                + (rng.nextDouble() - rng.nextDouble()) * region.width();
        double lon = region.lon1() + along * (region.lon2() - region.lon1())
                + (rng.nextDouble() - rng.nextDouble()) * region.width();
        int latMilli = (int) Math.max(-90_000, Math.min(90_000, Math.round(lat * 1000)));
        int lonMilli = wrapLongitude((int) Math.round(lon * 1000));

        // Mostly shallow: depth ~ max * u^2, in tenths of a km.
        double u = rng.nextDouble();
        int depthTenths = (int) (region.maxDepthKm() * 10 * u * u);

        // Gutenberg-Richter: magnitude above 2.0 is exponential; in tenths, capped at 9.0.
        int magTenths = 20 + (int) (-10 * StrictMath.log10(1.0 - rng.nextDouble()) / B_VALUE);
        magTenths = Math.min(magTenths, 90);

        return new Quake(id, time, latMilli / 1000.0, lonMilli / 1000.0, depthTenths / 10.0,
                magTenths / 10.0, magnitudeType(magTenths), region.name());
    }

    private int pickRegion() {
        int x = rng.nextInt(cumulativeWeights[cumulativeWeights.length - 1]);
        int r = 0;
        while (cumulativeWeights[r] <= x) {
            r++;
        }
        return r;
    }

    /** Local networks report small quakes (ML, Md), teleseismic ones body- and surface-wave scales. */
    private String magnitudeType(int magTenths) {
        List<String> types = SeismicDataset.MAGNITUDE_TYPES;
        if (magTenths < 40) {
            return types.get(rng.nextInt(2));              // ML or Md
        } else if (magTenths < 55) {
            return types.get(rng.nextInt(4) == 0 ? 0 : 2); // mostly mb
        } else {
            return types.get(3 + rng.nextInt(2));          // Ms or Mw
        }
    }

    private static int wrapLongitude(int lonMilli) {
        if (lonMilli > 180_000) {
            return lonMilli - 360_000;
        }
        if (lonMilli < -180_000) {
            return lonMilli + 360_000;
        }
        return lonMilli;
    }
}
