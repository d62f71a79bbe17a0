/**
 * The workload: the 93,000-quake catalogue generated from a fixed seed, and the query sets
 * ({@code small}, {@code large}, the size sweep), calibrated and ordered so every iteration does the same work.
 */
package org.soapbench.core.dataset;
