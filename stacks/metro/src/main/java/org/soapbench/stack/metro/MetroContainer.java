package org.soapbench.stack.metro;

import com.sun.xml.ws.api.server.Container;
import com.sun.xml.ws.api.server.ContainerResolver;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The Metro {@link Container} of one soapbench client or server: how our objects reach the Metro
 * code that looks them up by type. Metro asks the container of a client for its
 * {@link com.sun.xml.ws.api.pipe.TransportTubeFactory} before any registered one (so the client's
 * transport is the pipe, whatever the address), and the callback classes ask it for their
 * {@link MetroKeys}. Metro makes the container current itself while a client or server processes a
 * message; {@link #build} makes it current while one is being built.
 */
final class MetroContainer extends Container {

    private final Map<Class<?>, Object> services;

    MetroContainer(Map<Class<?>, Object> services) {
        this.services = Map.copyOf(services);
    }

    @Override
    public <S> S getSPI(Class<S> type) {
        Object service = services.get(type);
        return service != null ? type.cast(service) : super.getSPI(type);
    }

    /** Runs a build step (creating an endpoint, a port) with this container current in the thread. */
    <T> T build(Supplier<T> step) {
        Container previous = ContainerResolver.getDefault().enterContainer(this);
        try {
            return step.get();
        } finally {
            ContainerResolver.getDefault().exitContainer(previous);
        }
    }
}
