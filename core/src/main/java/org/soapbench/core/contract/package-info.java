/**
 * The seismic contract every stack shares: the WSDL and one WS-SecurityPolicy per mode, the one algorithm
 * suite, and the mapping of the dataset's times to {@code xs:dateTime}.
 */
package org.soapbench.core.contract;
