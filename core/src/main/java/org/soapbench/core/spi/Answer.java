package org.soapbench.core.spi;

/**
 * What a client hands back for one response: how many quakes it held and an order-sensitive
 * checksum over every field of every quake, so that a test can compare a stack with the oracle
 * exactly, and a client cannot skip reading what it received.
 */
public record Answer(int count, long checksum) {

    /** Accumulates the checksum one quake at a time, in response order. */
    public static final class Builder {
        private long hash = 0x9E3779B97F4A7C15L;
        private int count;

        public Builder add(int id, long timeMillis, double latitude, double longitude, double depthKm,
                           double magnitude, String magnitudeType, String region) {
            long h = hash;
            h = mix(h, id);
            h = mix(h, timeMillis);
            h = mix(h, Double.doubleToLongBits(latitude));
            h = mix(h, Double.doubleToLongBits(longitude));
            h = mix(h, Double.doubleToLongBits(depthKm));
            h = mix(h, Double.doubleToLongBits(magnitude));
            h = mix(h, magnitudeType.hashCode());
            h = mix(h, region.hashCode());
            hash = h;
            count++;
            return this;
        }

        public Builder add(Quake q) {
            return add(q.id(), q.timeMillis(), q.latitude(), q.longitude(), q.depthKm(), q.magnitude(),
                    q.magnitudeType(), q.region());
        }

        public Answer build() {
            return new Answer(count, hash);
        }

        private static long mix(long h, long v) {
            // A multiply-xorshift step (from SplitMix64): cheap, and order-sensitive.
            long z = (h ^ v) * 0xBF58476D1CE4E5B9L;
            return z ^ (z >>> 31);
        }
    }
}
