package org.soapbench.core.loading;

import org.soapbench.core.spi.SoapStack;

/** The class loader a loaded stack lives in, for the tests that check what it can and cannot see. */
public final class StackLoaders {

    private StackLoaders() {
    }

    /** The loader of a stack as {@link Stacks#load} returns it. */
    public static ClassLoader of(SoapStack stack) {
        return ((IsolatedStack) stack).loader;
    }
}
