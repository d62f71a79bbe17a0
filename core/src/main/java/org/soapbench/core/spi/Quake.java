package org.soapbench.core.spi;

/**
 * One earthquake of the catalogue. Values are generated with few decimals so that every stack's
 * text form round-trips exactly through {@code xs:double}; times are whole milliseconds, UTC.
 */
public record Quake(int id, long timeMillis, double latitude, double longitude, double depthKm,
                    double magnitude, String magnitudeType, String region) {
}
