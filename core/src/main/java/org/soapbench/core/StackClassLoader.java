package org.soapbench.core;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * The class loader of one stack: its own jars, the JDK, and from the harness only soapbench-core
 * (the SPI and the JDK-typed model). Nothing the harness brings (JMH, CLI libraries, another
 * stack) can shadow or be shadowed by a stack's own copy.
 */
final class StackClassLoader extends URLClassLoader {

    private static final String CORE_PACKAGE = SoapStack.class.getPackageName() + ".";

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
        if (name.startsWith(CORE_PACKAGE) && name.indexOf('.', CORE_PACKAGE.length()) < 0) {
            return core.loadClass(name);
        }
        return super.loadClass(name, resolve);
    }
}
