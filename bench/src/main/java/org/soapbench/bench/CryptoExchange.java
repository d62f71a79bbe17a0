package org.soapbench.bench;

/** The crypto floor's bytes for one query: what the client secures, and what the server answers. */
record CryptoExchange(SecuredMessage request, SecuredMessage response) {
}
