package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.MessageDigest;
import java.security.Provider;
import java.security.Security;
import java.security.Signature;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import javax.crypto.Cipher;
import org.junit.jupiter.api.Test;
import org.soapbench.core.contract.Contract;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.dataset.SeismicDataset;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.loading.StackLoaders;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.SoapStack;
import org.soapbench.core.wire.LoopbackHttp;

/**
 * Each stack lives in its own class loader: the harness's loader reaches no stack library, and a
 * stack works through the SPI alone.
 */
class IsolationTest {

    /**
     * Libraries that stack jar sets bring, which the harness must never see (each stack's own adapter,
     * whatever stacks the jar carries, is checked by {@link StackModulesTest}).
     */
    private static final List<String> STACK_CLASSES = List.of(
            "org.apache.cxf.Bus",
            "org.apache.wss4j.dom.engine.WSSecurityEngine",
            "org.apache.xml.security.Init",
            "jakarta.xml.ws.Service",
            "jakarta.xml.ws.spi.Provider",
            "jakarta.xml.bind.JAXBContext",
            "jakarta.xml.soap.SOAPMessage",
            "com.ctc.wstx.stax.WstxInputFactory",
            "org.glassfish.jaxb.runtime.v2.ContextFactory",
            "org.apache.cxf.jaxws.spi.ProviderImpl",
            "org.eclipse.jetty.server.Server",
            "com.sun.xml.ws.spi.ProviderImpl",
            "com.sun.xml.ws.api.server.WSEndpoint",
            "com.sun.xml.wss.impl.MessageConstants",
            "com.sun.xml.wss.jaxws.impl.SecurityServerTube",
            // Axis2's world: Axis2, ADB, Axiom, Rampart, WSS4J 1.6, Neethi, BouncyCastle.
            "org.apache.axis2.engine.AxisEngine",
            "org.apache.axis2.databinding.ADBBean",
            "org.apache.axiom.om.OMElement",
            "org.apache.rampart.RampartEngine",
            "org.apache.ws.security.WSSConfig",
            "org.apache.neethi.Policy",
            "org.bouncycastle.jce.provider.BouncyCastleProvider",
            "org.apache.http.impl.client.DefaultHttpClient");

    /** Each SOAP stack's own implementation of jakarta.xml.ws.spi.Provider, which both register. */
    private static final Map<String, String> JAXWS_PROVIDERS = Map.of(
            "cxf", "org.apache.cxf.jaxws.spi.ProviderImpl",
            "metro", "com.sun.xml.ws.spi.ProviderImpl");

    @Test
    void harnessLoaderReachesNoStackClass() {
        ClassLoader harness = SoapStack.class.getClassLoader();
        for (String name : STACK_CLASSES) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName(name, false, harness),
                    name + " is reachable from the harness's class loader");
        }
    }

    @Test
    void eachStackHasItsOwnLoaderAndSharesOnlyTheSpi() throws Exception {
        for (String id : Stacks.ids()) {
            SoapStack stack = Stacks.load(id);
            assertEquals(id, stack.id());
        }
        SoapStack cxf = Stacks.load("cxf");
        SoapStack floor = Stacks.load(Floor.STACK);
        assertEquals(cxf.getClass().getClassLoader(), SoapStack.class.getClassLoader(),
                "the harness holds stacks through a wrapper of its own loader");
        ClassLoader cxfLoader = loaderOf(cxf);
        ClassLoader floorLoader = loaderOf(floor);
        assertNotSame(cxfLoader, floorLoader);
        // The SPI type seen inside a stack is the harness's own, and so is every core class an adapter uses.
        assertEquals(SoapStack.class, cxfLoader.loadClass(SoapStack.class.getName()));
        for (Class<?> shared : List.of(Contract.class, KeyMaterial.class, LoopbackHttp.class)) {
            assertEquals(shared, cxfLoader.loadClass(shared.getName()), shared.getName());
        }
        // Each stack has its own copy of shared libraries (here JAXB), never the other's.
        Class<?> cxfJaxb = cxfLoader.loadClass("jakarta.xml.bind.JAXBContext");
        Class<?> floorJaxb = floorLoader.loadClass("jakarta.xml.bind.JAXBContext");
        assertNotSame(cxfJaxb, floorJaxb);
        assertEquals(cxfLoader, cxfJaxb.getClassLoader());
        assertTrue(cxfLoader.getName().contains("cxf"), cxfLoader.getName());
        ClassLoader metroLoader = loaderOf(Stacks.load("metro"));
        assertNotSame(cxfLoader, metroLoader);
        assertEquals(SoapStack.class, metroLoader.loadClass(SoapStack.class.getName()));
        Class<?> metroJaxb = metroLoader.loadClass("jakarta.xml.bind.JAXBContext");
        assertNotSame(cxfJaxb, metroJaxb);
        assertEquals(metroLoader, metroJaxb.getClassLoader());
    }

    /**
     * CXF and Metro both register jakarta.xml.ws.spi.Provider; on one class path the first found would
     * win silently. Loaded side by side in one JVM, each stack's loader finds exactly its own provider,
     * both through ServiceLoader and through the JAX-WS API's own lookup, and cannot even load the other's.
     */
    @Test
    void cxfAndMetroEachSeeOnlyTheirOwnJaxWsProvider() throws Exception {
        JAXWS_PROVIDERS.keySet().forEach(Stacks::load); // both in this JVM before either is looked at
        for (Map.Entry<String, String> own : JAXWS_PROVIDERS.entrySet()) {
            ClassLoader loader = StackLoaders.of(Stacks.load(own.getKey()));
            Class<?> api = loader.loadClass("jakarta.xml.ws.spi.Provider");
            assertEquals(loader, api.getClassLoader(), own.getKey() + " must bring its own JAX-WS API");
            List<String> found = new ArrayList<>();
            for (Object provider : ServiceLoader.load(api, loader)) {
                found.add(provider.getClass().getName());
                assertEquals(loader, provider.getClass().getClassLoader(), provider.getClass() + " in " + own.getKey());
            }
            assertEquals(List.of(own.getValue()), found, "providers registered in " + own.getKey() + "'s loader");
            Thread thread = Thread.currentThread();
            ClassLoader previous = thread.getContextClassLoader();
            thread.setContextClassLoader(loader);
            try {
                Object provider = api.getMethod("provider").invoke(null);
                assertEquals(own.getValue(), provider.getClass().getName(), "Provider.provider() in " + own.getKey());
                assertEquals(loader, provider.getClass().getClassLoader());
            } finally {
                thread.setContextClassLoader(previous);
            }
            for (Map.Entry<String, String> other : JAXWS_PROVIDERS.entrySet()) {
                if (!other.getKey().equals(own.getKey())) {
                    assertThrows(ClassNotFoundException.class, () -> loader.loadClass(other.getValue()),
                            own.getKey() + " can load " + other.getKey() + "'s provider");
                }
            }
        }
    }

    /** The CXF twin: the same adapter source twice, each copy with its own CXF, in one JVM. */
    @Test
    void twoCxfVersionsLiveSideBySide() throws Exception {
        SoapStack current = Stacks.load("cxf");
        SoapStack previous = Stacks.load("cxf-4.1");
        assertTrue(previous.version().startsWith("4.1."), previous.version());
        assertNotEquals(current.version(), previous.version());
        ClassLoader currentLoader = loaderOf(current);
        ClassLoader previousLoader = loaderOf(previous);
        for (String name : List.of("org.soapbench.stack.cxf.CxfStack", "org.apache.cxf.Bus")) {
            Class<?> a = currentLoader.loadClass(name);
            Class<?> b = previousLoader.loadClass(name);
            assertNotSame(a, b, name + " is shared by the two CXF versions");
            assertEquals(previousLoader, b.getClassLoader(), name);
        }
    }

    @Test
    void axis2HasItsOwnSecurityLibrariesNeverCxfs() throws Exception {
        ClassLoader axis2Loader = loaderOf(Stacks.load("axis2"));
        ClassLoader cxfLoader = loaderOf(Stacks.load("cxf"));
        assertNotSame(axis2Loader, cxfLoader);
        // Both bring Santuario (1.5 and 4) in the same package: each sees only its own.
        Class<?> axis2Santuario = axis2Loader.loadClass("org.apache.xml.security.Init");
        assertEquals(axis2Loader, axis2Santuario.getClassLoader());
        assertNotSame(cxfLoader.loadClass("org.apache.xml.security.Init"), axis2Santuario);
        assertThrows(ClassNotFoundException.class, () -> cxfLoader.loadClass("org.apache.ws.security.WSSConfig"),
                "WSS4J 1.6 is reachable from CXF's loader");
        assertThrows(ClassNotFoundException.class, () -> axis2Loader.loadClass("org.apache.wss4j.dom.engine.WSSecurityEngine"),
                "CXF's WSS4J is reachable from Axis2's loader");
    }

    /**
     * Crypto providers are JVM-wide, beyond any class loader: after every stack has signed and
     * encrypted, the suite's algorithms must still be served by the JDK's own providers (WSS4J 1.6,
     * left to its defaults, would put BouncyCastle 1.49 ahead of them for every stack in the JVM).
     */
    @Test
    void theJdkProvidersStillServeTheSuiteAfterEveryStackRan() throws Exception {
        SeismicDataset dataset = SeismicDataset.standard();
        QuerySet small = QuerySet.small(dataset);
        for (String id : Configurations.soapStacks()) {
            try (Loopback loopback = SelfLoopback.open(Stacks.load(id), Scenario.of("signencr", "xml"), KeyMaterial.shared(),
                    new SeismicService(dataset))) {
                assertEquals(small.answer(1), loopback.client().query(small.query(1)), id);
            }
        }
        assertNull(Security.getProvider("BC"), "a stack registered BouncyCastle JVM-wide");
        for (Provider provider : List.of(Signature.getInstance("SHA256withRSA").getProvider(),
                MessageDigest.getInstance("SHA-256").getProvider(),
                Cipher.getInstance("AES/CBC/ISO10126Padding").getProvider(),
                Cipher.getInstance("RSA/ECB/OAEPWithSHA1AndMGF1Padding").getProvider())) {
            ClassLoader loader = provider.getClass().getClassLoader();
            assertTrue(loader == null || loader == ClassLoader.getPlatformClassLoader(),
                    provider.getName() + " (" + provider.getClass().getName() + ") is not one of the JDK's providers");
        }
    }

    @Test
    void cxfWorksThroughTheSpiAlone() {
        worksThroughTheSpiAlone("cxf");
    }

    @Test
    void metroWorksThroughTheSpiAlone() {
        worksThroughTheSpiAlone("metro");
    }

    @Test
    void axis2WorksThroughTheSpiAlone() {
        worksThroughTheSpiAlone("axis2");
    }

    private static void worksThroughTheSpiAlone(String id) {
        SeismicDataset dataset = SeismicDataset.standard();
        QuerySet small = QuerySet.small(dataset);
        try (Loopback loopback = SelfLoopback.open(Stacks.load(id), Scenario.of("plain", "xml"), KeyMaterial.shared(),
                new SeismicService(dataset))) {
            assertEquals(small.answer(1), loopback.client().query(small.query(1)));
        }
    }

    private static ClassLoader loaderOf(SoapStack stack) {
        return StackLoaders.of(stack);
    }
}
