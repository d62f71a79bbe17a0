package org.soapbench.core.spi;

/** A seismic query: a closed time range (UTC milliseconds) and a closed latitude/longitude box. */
public record Query(long minTime, long maxTime, double minLatitude, double maxLatitude,
                    double minLongitude, double maxLongitude) {

    public boolean matches(Quake q) {
        return q.timeMillis() >= minTime && q.timeMillis() <= maxTime
                && q.latitude() >= minLatitude && q.latitude() <= maxLatitude
                && q.longitude() >= minLongitude && q.longitude() <= maxLongitude;
    }
}
