/**
 * The harness side: each stack loaded from its jar set into a class loader of its own, and
 * {@link org.soapbench.core.loading.Loopback}, which opens a server and a client of a configuration.
 */
package org.soapbench.core.loading;
