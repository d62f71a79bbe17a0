package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
            "org.glassfish.jaxb.runtime.v2.ContextFactory");

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
    }

    @Test
    void cxfWorksThroughTheSpiAlone() {
        SeismicDataset dataset = SeismicDataset.standard();
        QuerySet small = QuerySet.small(dataset);
        try (Loopback loopback = Loopback.open(Stacks.load("cxf"), Scenario.of("plain", "xml"), KeyMaterial.shared(),
                new SeismicService(dataset))) {
            assertEquals(small.answer(1), loopback.client().query(small.query(1)));
        }
    }

    private static ClassLoader loaderOf(SoapStack stack) {
        return Stacks.classLoader(stack.id());
    }
}
