package org.soapbench.bench;

/** Placeholder until the JFR breakdown lands. */
final class Hotspots {
    private Hotspots() {
    }

    static int run(String[] args) {
        System.err.println("hotspots: not built yet.");
        return 2;
    }
}
