package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.soapbench.core.KeyMaterial;
import org.soapbench.core.Loopback;
import org.soapbench.core.QuerySet;
import org.soapbench.core.Scenario;
import org.soapbench.core.SeismicDataset;
import org.soapbench.core.SeismicService;
import org.soapbench.core.SoapStack;
import org.soapbench.core.Stacks;

/**
 * Each stack lives in its own class loader: the harness's loader reaches no stack library, and a
 * stack works through the SPI alone.
 */
class IsolationTest {

    /** Classes that stack jar sets bring, which the harness must never see. */
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
            "org.soapbench.stack.cxf.CxfStack",
            "com.sun.xml.ws.spi.ProviderImpl",
            "com.sun.xml.ws.api.server.WSEndpoint",
            "com.sun.xml.wss.impl.MessageConstants",
            "com.sun.xml.wss.jaxws.impl.SecurityServerTube",
            "org.soapbench.stack.metro.MetroStack");

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
        // The SPI type seen inside a stack is the harness's own.
        assertEquals(SoapStack.class, cxfLoader.loadClass(SoapStack.class.getName()));
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
            ClassLoader loader = Stacks.classLoader(own.getKey());
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

    @Test
    void cxfWorksThroughTheSpiAlone() {
        worksThroughTheSpiAlone("cxf");
    }

    @Test
    void metroWorksThroughTheSpiAlone() {
        worksThroughTheSpiAlone("metro");
    }

    private static void worksThroughTheSpiAlone(String id) {
        SeismicDataset dataset = SeismicDataset.standard();
        QuerySet small = QuerySet.small(dataset);
        try (Loopback loopback = Loopback.open(Stacks.load(id), Scenario.of("plain", "xml"), KeyMaterial.shared(),
                new SeismicService(dataset))) {
            assertEquals(small.answer(1), loopback.client().query(small.query(1)));
        }
    }

    private static ClassLoader loaderOf(SoapStack stack) {
        return Stacks.classLoader(stack.id());
    }
}
