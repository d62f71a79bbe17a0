package org.soapbench.core.spi;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The WS-Security configurations every stack runs, after seed 004's four. */
public enum SecurityMode {
    /** No WS-Security at all. */
    PLAIN("plain"),
    /** A plain-text UsernameToken on requests; responses unsecured. */
    USERNAME("username"),
    /** Timestamp plus an RSA-SHA256 signature over Body and Timestamp, both directions. */
    SIGN("sign"),
    /** As {@link #SIGN}, then the Body encrypted (AES-256-CBC, RSA-OAEP key transport), both directions. */
    SIGN_ENCRYPT("signencr");

    private final String id;

    SecurityMode(String id) {
        this.id = id;
    }

    /** The short name used in {@code -p security=...}, file names and reports. */
    public String id() {
        return id;
    }

    public boolean signs() {
        return this == SIGN || this == SIGN_ENCRYPT;
    }

    /** Parses an id; an unknown one fails with a sentence that lists the valid ids. */
    public static SecurityMode of(String id) {
        for (SecurityMode m : values()) {
            if (m.id.equals(id)) {
                return m;
            }
        }
        throw new IllegalArgumentException("Unknown security mode '" + id + "'; valid modes are: "
                + Arrays.stream(values()).map(SecurityMode::id).collect(Collectors.joining(", ")) + ".");
    }
}
