package org.soapbench.core.spi;

import java.util.Arrays;
import java.util.stream.Collectors;

/** How a SOAP 1.1 envelope travels on the wire. */
public enum Encoding {
    XML("xml", "text/xml"),
    /** Fast Infoset (ITU-T X.891): binary XML; every document starts with E0 00 00 01. */
    FAST_INFOSET("fi", "application/fastinfoset");

    private final String id;
    private final String mediaType;

    Encoding(String id, String mediaType) {
        this.id = id;
        this.mediaType = mediaType;
    }

    public String id() {
        return id;
    }

    /** The media type (without parameters) that a message in this encoding carries. */
    public String mediaType() {
        return mediaType;
    }

    /** The encoding a content type names, or null if it names neither. */
    public static Encoding ofContentType(String contentType) {
        if (contentType == null) {
            return null;
        }
        String media = contentType.split(";", 2)[0].trim().toLowerCase(java.util.Locale.ROOT);
        for (Encoding e : values()) {
            if (e.mediaType.equals(media)) {
                return e;
            }
        }
        return null;
    }

    /** Parses an id; an unknown one fails with a sentence that lists the valid ids. */
    public static Encoding of(String id) {
        for (Encoding e : values()) {
            if (e.id.equals(id)) {
                return e;
            }
        }
        throw new IllegalArgumentException("Unknown encoding '" + id + "'; valid encodings are: "
                + Arrays.stream(values()).map(Encoding::id).collect(Collectors.joining(", ")) + ".");
    }
}
