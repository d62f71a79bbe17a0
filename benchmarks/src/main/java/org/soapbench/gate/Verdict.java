package org.soapbench.gate;

/** What {@code compare} concludes about one pair. */
public enum Verdict {
    /** Significantly slower, by more than the threshold: a regression. */
    SLOWER("slower"),
    /** Significantly faster, by more than the threshold. */
    FASTER("faster"),
    /** Neither: the difference is within the noise or within the threshold. */
    NO_CHANGE("no change"),
    ONLY_IN_BASE("only in base"),
    ONLY_IN_NEW("only in new");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
