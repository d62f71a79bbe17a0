package org.soapbench.core.loading;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * The class loader of one stack: its own jars, the JDK, and from the harness only soapbench-core
 * (the SPI and the JDK-typed model). Nothing the harness brings (JMH, CLI libraries, another
 * stack) can shadow or be shadowed by a stack's own copy.
 */
final class StackClassLoader extends URLClassLoader {

    /** soapbench-core's packages: the SPI and what an adapter uses beside it (contract, keys, wire...). */
    private static final String CORE_PACKAGE = "org.soapbench.core.";

    static {
        registerAsParallelCapable();
    }

    private final ClassLoader core;

    StackClassLoader(String stackId, URL[] jars, ClassLoader core) {
        super("soapbench-stack-" + stackId, jars, ClassLoader.getPlatformClassLoader());
        this.core = core;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        // Core classes must be the harness's own, or SPI types would not match across the boundary.
        if (name.startsWith(CORE_PACKAGE)) {
            return core.loadClass(name);
        }
        return super.loadClass(name, resolve);
    }
}
