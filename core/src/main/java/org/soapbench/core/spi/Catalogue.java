package org.soapbench.core.spi;

/** What answers a query with its quakes, behind the {@link SeismicService} every server calls: the dataset. */
@FunctionalInterface
public interface Catalogue {

    Quake[] match(Query query);
}
