package org.soapbench.gate;

/** What {@code compare} concludes about one pair. */
public enum Verdict {
    /** Significantly slower, by more than the threshold: a regression. */
    SLOWER("slower", true),
    /** Significantly faster, by more than the threshold. */
    FASTER("faster", false),
    /** Neither: the difference is within the noise or within the threshold. */
    NO_CHANGE("no change", false),
    /** Measured in base, failed or missing in new: a broken configuration, a finding like a regression. */
    MISSING_IN_NEW("missing in new", true),
    /** Measured in base, missing in new, and allowed to be (--allow-missing). */
    ONLY_IN_BASE("only in base", false),
    ONLY_IN_NEW("only in new", false);

    private final String label;
    private final boolean finding;

    Verdict(String label, boolean finding) {
        this.label = label;
        this.finding = finding;
    }

    public String label() {
        return label;
    }

    /** Whether this verdict fails the gate (exit code 1). */
    public boolean finding() {
        return finding;
    }
}
