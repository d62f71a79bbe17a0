package org.soapbench.cli;

/** Puts back a system property a test set, as it was before (absent or its old value). */
final class TestProperties {

    private TestProperties() {
    }

    static void restore(String name, String previous) {
        if (previous == null) {
            System.clearProperty(name);
        } else {
            System.setProperty(name, previous);
        }
    }
}
