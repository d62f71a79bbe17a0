package org.soapbench.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import org.soapbench.core.Encoding;
import org.soapbench.core.Scenario;
import org.soapbench.core.SecurityMode;
import org.soapbench.core.Stacks;

/** The test matrix: every SOAP stack this build carries, in every configuration. */
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
}
