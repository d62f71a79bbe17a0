package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.soapbench.core.loading.StackLoaders;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.SoapStack;

/**
 * Adding a stack is one module and one {@code <module>} line: nothing in this module lists stacks.
 * The build's own module list decides what the harness carries, and what it carries is what the
 * tests run on and what the isolation rule covers.
 */
class StackModulesTest {

    private static final Path STACKS = Path.of("..", "stacks");
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final Pattern STACK_ID = Pattern.compile("<stack\\.id>([^<]+)</stack\\.id>");

    /** The stack id of every module in stacks/pom.xml that builds a jar set. */
    private static List<String> moduleStackIds() throws IOException {
        List<String> ids = new ArrayList<>();
        Matcher module = MODULE.matcher(Files.readString(STACKS.resolve("pom.xml")));
        while (module.find()) {
            String pom = Files.readString(STACKS.resolve(module.group(1)).resolve("pom.xml"));
            Matcher id = STACK_ID.matcher(pom);
            if (pom.contains("<artifactId>maven-assembly-plugin</artifactId>")) {
                assertTrue(id.find(), "stacks/" + module.group(1) + " builds a jar set but sets no <stack.id>");
                ids.add(id.group(1));
            }
        }
        return ids;
    }

    @Test
    void everyStackModuleIsCarriedAndTested() throws IOException {
        List<String> modules = moduleStackIds();
        assertTrue(modules.size() >= 5, "stack modules found: " + modules);
        assertEquals(modules.stream().sorted().toList(), Stacks.ids(), "the stacks carried are exactly the modules'");
        List<String> tested = Configurations.soapStacks();
        for (String id : modules) {
            assertTrue(id.equals(Floor.STACK) || tested.contains(id), id + " is carried but not in the tests' matrix");
        }
    }

    /**
     * The isolation rule for whatever the jar carries: no class a stack's own jar registers or holds
     * is reachable from the harness's loader, which reaches the stack only through the SPI.
     */
    @Test
    void noStackAdapterIsReachableFromTheHarness() throws Exception {
        ClassLoader harness = SoapStack.class.getClassLoader();
        for (String id : Stacks.ids()) {
            SoapStack stack = Stacks.load(id);
            String adapter = registeredAdapter((URLClassLoader) StackLoaders.of(stack), id);
            assertThrows(ClassNotFoundException.class, () -> Class.forName(adapter, false, harness),
                    id + "'s adapter " + adapter + " is reachable from the harness's class loader");
            assertFalse(adapter.isEmpty());
        }
    }

    /** The class named in the stack's own META-INF/services entry for the SPI. */
    private static String registeredAdapter(URLClassLoader loader, String id) throws IOException {
        List<String> names = new ArrayList<>();
        for (URL url : java.util.Collections.list(loader.findResources("META-INF/services/" + SoapStack.class.getName()))) {
            try (InputStream in = url.openStream()) {
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                    String name = line.replaceAll("#.*", "").strip();
                    if (!name.isEmpty()) {
                        names.add(name);
                    }
                }
            }
        }
        assertEquals(1, names.size(), id + " registers one adapter: " + names);
        return names.get(0);
    }
}
