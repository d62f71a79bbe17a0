package org.soapbench.results;

/**
 * The exit codes every command keeps to, stated in each command's {@code --help} and in the README:
 * 0 and 2 mean the same everywhere; what counts as a finding (1) each command says.
 */
public enum ExitCode {
    /** The command did what it was asked, and found nothing to report. */
    SUCCESS,
    /** A finding: a regression, a failed or missing configuration, an unavailable stack. */
    FINDING,
    /** Input that cannot be used (a bad option, an unreadable file): one sentence on stderr. */
    BAD_INPUT;

    /** The process's exit status. */
    public int code() {
        return switch (this) {
            case SUCCESS -> 0;
            case FINDING -> 1;
            case BAD_INPUT -> 2;
        };
    }

    /** What the code means, as --help states it (a finding's meaning is each command's own). */
    public String meaning() {
        return switch (this) {
            case SUCCESS -> "success";
            case FINDING -> "a finding";
            case BAD_INPUT -> "unusable input (bad option, unreadable or unsuitable file): one sentence on stderr";
        };
    }
}
