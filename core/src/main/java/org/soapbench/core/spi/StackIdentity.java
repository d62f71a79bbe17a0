package org.soapbench.core.spi;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Who a stack adapter is, as its module's build wrote it into {@code META-INF/soapbench-stack.properties}:
 * the id comes from the build, not the source, so one adapter source can be built as several stacks
 * (a version twin such as cxf-4.1).
 */
public final class StackIdentity {

    private StackIdentity() {
    }

    /** The id the jar set of {@code adapter} declares. */
    public static String idOf(Class<? extends SoapStack> adapter) {
        Properties p = new Properties();
        try (InputStream in = adapter.getResourceAsStream("/META-INF/soapbench-stack.properties")) {
            if (in == null) {
                throw new IllegalStateException("The jar of " + adapter.getName() + " lacks META-INF/soapbench-stack.properties.");
            }
            p.load(in);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read META-INF/soapbench-stack.properties of " + adapter.getName(), e);
        }
        return p.getProperty("id");
    }
}
