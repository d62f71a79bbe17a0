package org.soapbench.results;

/**
 * The exit codes every command keeps to, stated in each command's {@code --help} and in the README:
 * 0 and 2 mean the same everywhere; what counts as a finding (1) each command says.
 */
public enum ExitCode {
    /** The command did what it was asked, and found nothing to report. */
    SUCCESS(0, "success"),
    /** A finding: a regression, a failed or missing configuration, an unavailable stack. */
    FINDING(1, "a finding"),
    /** Input that cannot be used (a bad option, an unreadable file): one sentence on stderr. */
    BAD_INPUT(2, "unusable input (bad option, unreadable or unsuitable file): one sentence on stderr");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    /** The process's exit status. */
    public int code() {
        return code;
    }

    /** What the code means, as --help states it (a finding's meaning is each command's own). */
    public String meaning() {
        return meaning;
    }
}
