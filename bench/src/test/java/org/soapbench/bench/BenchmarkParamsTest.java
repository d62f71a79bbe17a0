package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.Encoding;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.Transport;

/** The benchmarks' parameters and the registered stacks cannot drift apart, and bad values are named. */
class BenchmarkParamsTest {

    private static List<String> params(Class<?> type, String field) throws NoSuchFieldException {
        return Arrays.asList(type.getField(field).getAnnotation(Param.class).value());
    }

    @Test
    void aDefaultRunMeasuresEverySoapStackButVersionTwins() throws Exception {
        List<String> defaults = Stacks.inDefaultRun();
        assertTrue(Configurations.soapStacks().containsAll(defaults), "only SOAP stacks run by default: " + defaults);
        assertFalse(defaults.contains(Floor.STACK));
        for (String id : Configurations.soapStacks()) {
            // A stack left out of a default run must be a version twin of one in it (cxf-4.1 of cxf).
            assertTrue(defaults.contains(id) || defaults.stream().anyMatch(d -> id.matches(java.util.regex.Pattern.quote(d) + "-[0-9.]+")),
                    "stack '" + id + "' is carried but neither in a default run nor a version twin of one there");
        }
        assertTrue(Stacks.ids().contains(Floor.STACK));
        // Stock JMH's fallback, used only without the launcher, names no stack the jar lacks.
        assertTrue(defaults.containsAll(params(StackState.class, "stack")), "StackState's @Param: " + params(StackState.class, "stack"));
    }

    @Test
    void securityAndEncodingParamsAreExactlyTheModes() throws Exception {
        Set<String> modes = new TreeSet<>();
        Arrays.stream(SecurityMode.values()).forEach(m -> modes.add(m.id()));
        assertEquals(modes, new TreeSet<>(params(StackState.class, "security")));
        Set<String> encodings = new TreeSet<>();
        Arrays.stream(Encoding.values()).forEach(e -> encodings.add(e.id()));
        assertEquals(encodings, new TreeSet<>(params(StackState.class, "encoding")));
        assertEquals(encodings, new TreeSet<>(params(Floor.FloorState.class, "encoding")));
    }

    /** A default run is the pipe alone, unchanged; http is asked for ({@code -p transport=http}). */
    @Test
    void transportParamDefaultsToThePipeAndNamesOnlyKnownTransports() throws Exception {
        assertEquals(List.of(Transport.PIPE.id()), params(StackState.class, "transport"));
        for (Transport t : Transport.values()) {
            assertEquals(t, Transport.of(t.id()));
        }
    }

    /** Parameter names every parameter a state declares, and nothing else: the tools read results by these names. */
    @Test
    void parameterNamesAreExactlyTheStatesParamFields() throws Exception {
        Set<String> fields = new TreeSet<>();
        for (Class<?> state : List.of(StackState.class, SizeSweep.Size.class, Floor.FloorState.class, CryptoFloor.Payloads.class)) {
            Arrays.stream(state.getFields()).filter(f -> f.isAnnotationPresent(Param.class)).forEach(f -> fields.add(f.getName()));
        }
        Set<String> named = new TreeSet<>();
        Arrays.stream(Parameter.values()).forEach(p -> named.add(p.id()));
        assertEquals(named, fields);
        assertEquals(Parameter.QUAKES.accepted(), params(SizeSweep.Size.class, "quakes"), "the sweep's sizes are the dataset's");
    }

    @Test
    void aParameterValueNoBenchmarkAcceptsIsOneSentenceNamingWhatIs() {
        assertEquals("-p security=banana names no security mode; expected plain, username, sign or signencr.",
                assertThrows(IllegalArgumentException.class, () -> Parameter.SECURITY.check(List.of("plain", "banana")))
                        .getMessage());
        assertEquals("-p stack=foo names no stack this jar carries; expected " + String.join(", ",
                        Stacks.ids().subList(0, Stacks.ids().size() - 1)) + " or " + Stacks.ids().get(Stacks.ids().size() - 1) + ".",
                assertThrows(IllegalArgumentException.class, () -> Parameter.STACK.check(List.of("foo"))).getMessage());
        Parameter.STACK.check(Stacks.ids());
        assertEquals(Parameter.TRANSPORT, Parameter.of("transport"));
        assertEquals(null, Parameter.of("threads"));
    }

    @Test
    void unknownValuesFailWithOneSentenceListingTheValidOnes() {
        assertEquals("Unknown security mode 'signed'; valid modes are: plain, username, sign, signencr.",
                assertThrows(IllegalArgumentException.class, () -> Scenario.of("signed", "xml")).getMessage());
        assertEquals("Unknown encoding 'json'; valid encodings are: xml, fi.",
                assertThrows(IllegalArgumentException.class, () -> Scenario.of("plain", "json")).getMessage());
        assertEquals("Unknown stack 'axis3'; the stacks in this build are: " + String.join(", ", Stacks.ids()) + ".",
                assertThrows(IllegalArgumentException.class, () -> Stacks.load("axis3")).getMessage());
    }
}
