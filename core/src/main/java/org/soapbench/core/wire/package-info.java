/**
 * What sits on or beside the wire: pipe decorators that count or capture what crosses it, and the
 * loopback HTTP helpers and relay the {@code http} transport's tests use.
 */
package org.soapbench.core.wire;
