package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.dataset.SeismicDataset;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.loading.StackLoaders;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.SoapStack;

/**
 * The isolation rule for the stacks of issue 47, beside {@link IsolationTest}'s: Spring-WS's own world
 * (Spring, SAAJ RI, its WSS4J) unreachable from the harness and from CXF; the javax CXF beside the jakarta
 * one; the two Metro versions side by side.
 */
class EngineIsolationTest {

    /** Libraries the Spring-WS and CXF 3.6 jar sets bring, which the harness must never see. */
    private static final List<String> STACK_CLASSES = List.of(
            "org.springframework.ws.client.core.WebServiceTemplate",
            "org.springframework.context.support.GenericApplicationContext",
            "com.sun.xml.messaging.saaj.soap.MessageImpl",
            "javax.xml.bind.JAXBContext",
            "javax.jws.WebService",
            "com.sun.xml.bind.v2.ContextFactory");

    @Test
    void harnessLoaderReachesNoStackClass() {
        ClassLoader harness = SoapStack.class.getClassLoader();
        for (String name : STACK_CLASSES) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName(name, false, harness),
                    name + " is reachable from the harness's class loader");
        }
    }

    @Test
    void springWsHasItsOwnSaajAndSecurityNeverCxfs() throws Exception {
        ClassLoader spring = StackLoaders.of(Stacks.load("spring-ws"));
        ClassLoader cxf = StackLoaders.of(Stacks.load("cxf"));
        for (String name : List.of("jakarta.xml.soap.SOAPMessage", "org.apache.wss4j.dom.engine.WSSecurityEngine",
                "org.apache.xml.security.Init", "jakarta.xml.bind.JAXBContext")) {
            Class<?> own = spring.loadClass(name);
            assertEquals(spring, own.getClassLoader(), name);
            assertNotSame(cxf.loadClass(name), own, name + " is shared by spring-ws and cxf");
        }
        assertThrows(ClassNotFoundException.class, () -> cxf.loadClass("org.springframework.ws.client.core.WebServiceTemplate"),
                "Spring-WS is reachable from CXF's loader");
        assertThrows(ClassNotFoundException.class, () -> spring.loadClass("org.apache.cxf.Bus"),
                "CXF is reachable from Spring-WS's loader");
    }

    /** The javax CXF: the same adapter source in its own loader, on javax JAXB, beside the jakarta one. */
    @Test
    void cxf36IsTheJavaxWorldBesideCxf() throws Exception {
        SoapStack javax = Stacks.load("cxf-3.6");
        assertTrue(javax.version().startsWith("3.6."), javax.version());
        ClassLoader javaxLoader = StackLoaders.of(javax);
        ClassLoader jakartaLoader = StackLoaders.of(Stacks.load("cxf"));
        Class<?> adapter = javaxLoader.loadClass("org.soapbench.stack.cxf.CxfStack");
        assertNotSame(jakartaLoader.loadClass("org.soapbench.stack.cxf.CxfStack"), adapter);
        assertEquals(javaxLoader, javaxLoader.loadClass("javax.xml.bind.JAXBContext").getClassLoader());
        assertThrows(ClassNotFoundException.class, () -> javaxLoader.loadClass("jakarta.xml.bind.JAXBContext"),
                "the javax CXF carries the jakarta JAXB API");
        assertTrue(javax.runtimeDescription().contains("javax.xml.bind.JAXBContext"), javax.runtimeDescription());
    }

    @Test
    void twoMetroVersionsLiveSideBySide() throws Exception {
        SoapStack current = Stacks.load("metro");
        SoapStack previous = Stacks.load("metro-4.0.2");
        assertEquals("4.0.2", previous.version());
        assertNotEquals(current.version(), previous.version());
        for (String name : List.of("org.soapbench.stack.metro.MetroStack", "com.sun.xml.ws.api.server.WSEndpoint")) {
            Class<?> a = StackLoaders.of(current).loadClass(name);
            Class<?> b = StackLoaders.of(previous).loadClass(name);
            assertNotSame(a, b, name + " is shared by the two Metro versions");
        }
    }

    @Test
    void springWsWorksThroughTheSpiAlone() {
        SeismicDataset dataset = SeismicDataset.standard();
        QuerySet small = QuerySet.small(dataset);
        try (Loopback loopback = SelfLoopback.open(Stacks.load("spring-ws"), Scenario.of("plain", "xml"), KeyMaterial.shared(),
                new SeismicService(dataset))) {
            assertEquals(small.answer(1), loopback.client().query(small.query(1)));
        }
    }
}
