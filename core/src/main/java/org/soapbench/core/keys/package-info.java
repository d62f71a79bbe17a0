/**
 * Key material made at run time with the JDK alone: RSA key pairs, X.509 certificates and the key
 * stores handed to stacks.
 */
package org.soapbench.core.keys;
