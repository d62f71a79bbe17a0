/**
 * The SPI a stack adapter implements ({@link org.soapbench.core.spi.SoapStack}, found by
 * {@link java.util.ServiceLoader} in the stack's own class loader) and the JDK-typed values that cross it:
 * scenarios, credentials, the service a server answers from, the pipe and its messages. Start here to add a stack.
 */
package org.soapbench.core.spi;
