package org.soapbench.core.spi;

/** One configuration a stack is asked to run: a security mode and an encoding. */
public record Scenario(SecurityMode security, Encoding encoding) {

    public static Scenario of(String security, String encoding) {
        return new Scenario(SecurityMode.of(security), Encoding.of(encoding));
    }

    /** For example {@code sign/fi}. */
    @Override
    public String toString() {
        return security.id() + "/" + encoding.id();
    }
}
