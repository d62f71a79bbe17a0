package org.soapbench.report;

import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * A least-squares straight line through (quakes per response, µs per request): the intercept is the
 * fixed cost of a request, the slope the cost of one more quake.
 */
record LinearFit(double fixedMicros, double perQuakeNanos, double rSquared, int points) {

    static LinearFit of(double[] quakes, double[] micros) {
        SimpleRegression r = new SimpleRegression(true);
        for (int i = 0; i < quakes.length; i++) {
            r.addData(quakes[i], micros[i]);
        }
        return new LinearFit(r.getIntercept(), r.getSlope() * 1000.0, r.getRSquare(), quakes.length);
    }

    double at(double quakes) {
        return fixedMicros + perQuakeNanos / 1000.0 * quakes;
    }
}
