package org.soapbench.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.Encoding;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.Transport;

/** The test matrix: every SOAP stack this build carries, in every configuration, over every transport. */
final class Configurations {

    private Configurations() {
    }

    /** Every stack id except the floor, which is not a SOAP stack. */
    static List<String> soapStacks() {
        List<String> ids = new ArrayList<>(Stacks.ids());
        ids.remove(Floor.STACK);
        return ids;
    }

    static List<Scenario> scenarios() {
        List<Scenario> all = new ArrayList<>();
        for (SecurityMode mode : SecurityMode.values()) {
            for (Encoding encoding : Encoding.values()) {
                all.add(new Scenario(mode, encoding));
            }
        }
        return all;
    }

    /** (stack id, scenario) for every stack and configuration. */
    static Stream<Arguments> all() {
        return soapStacks().stream().flatMap(id -> scenarios().stream().map(s -> Arguments.of(id, s)));
    }

    /** (stack id, scenario) for every stack and secured configuration. */
    static Stream<Arguments> secured() {
        return all().filter(a -> ((Scenario) a.get()[1]).security() != SecurityMode.PLAIN);
    }

    /** (transport, stack id, scenario) for every transport, stack and configuration. */
    static Stream<Arguments> allOverEveryTransport() {
        return overEveryTransport(all());
    }

    /** (transport, stack id, scenario) for every transport, stack and secured configuration. */
    static Stream<Arguments> securedOverEveryTransport() {
        return overEveryTransport(secured());
    }

    /** Each argument list, prefixed with each transport in turn. */
    static Stream<Arguments> overEveryTransport(Stream<Arguments> arguments) {
        List<Arguments> all = arguments.toList();
        return java.util.Arrays.stream(Transport.values()).flatMap(t -> all.stream().map(a -> {
            Object[] with = new Object[a.get().length + 1];
            with[0] = t;
            System.arraycopy(a.get(), 0, with, 1, a.get().length);
            return Arguments.of(with);
        }));
    }

    /** Whether the stack declares the transport (every one declares the pipe). */
    static boolean declares(String stackId, Transport transport) {
        return Stacks.load(stackId).transports().contains(transport);
    }

    /** How findings lists name a case: as on the pipe, with " over http" appended for http. */
    static String over(Transport transport) {
        return transport == Transport.PIPE ? "" : " over " + transport.id();
    }
}
