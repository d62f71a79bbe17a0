package org.soapbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.soapbench.core.spi.SecurityMode;

class ConfigurationTest {

    private static Configuration query(Map<String, String> params) {
        return Configuration.of("org.soapbench.bench.SeismicQuery.small", params, 1);
    }

    @Test
    void theKnownParametersAreReadOnceIntoTheirTypes() {
        Configuration c = query(Map.of("stack", "metro", "security", "signencr", "encoding", "fi", "transport", "http"));
        assertEquals("SeismicQuery.small", c.shortName());
        assertEquals("small", c.workload());
        assertEquals("metro", c.stack());
        assertEquals(SecurityMode.SIGN_ENCRYPT, c.securityMode());
        assertTrue(c.signs());
        assertEquals("fi", c.encoding());
        assertTrue(c.overHttp());
        assertEquals("encoding=fi security=signencr stack=metro transport=http", c.text());
    }

    @Test
    void aMissingParameterIsEmptyAndAnUnknownModeIsNoMode() {
        Configuration floor = Configuration.of("org.soapbench.bench.Floor.sweep", Map.of("encoding", "xml", "quakes", "64"), 1);
        assertEquals("", floor.stack());
        assertEquals("", floor.security());
        assertNull(floor.securityMode());
        assertFalse(floor.signs());
        assertFalse(floor.overHttp(), "a run made before there was a transport parameter was over the pipe");
        assertEquals("64", floor.quakes());
        assertNull(query(Map.of("security", "kerberos")).securityMode());
        assertEquals("kerberos", query(Map.of("security", "kerberos")).security());
    }

    @Test
    void aChangedConfigurationKeepsTheOtherParameters() {
        Configuration c = query(Map.of("stack", "metro", "security", "sign", "encoding", "xml", "quakes", "8"));
        Configuration cxf = c.withStack("cxf").withEncoding("fi").withSecurity("plain");
        assertEquals("cxf", cxf.stack());
        assertEquals("fi", cxf.encoding());
        assertEquals(SecurityMode.PLAIN, cxf.securityMode());
        assertEquals("8", cxf.quakes());
        assertEquals("metro", c.stack(), "the original is unchanged");
    }

    @Test
    void theTwinOverThePipeDiffersInTransportAlone() {
        Configuration http = query(Map.of("stack", "cxf", "transport", "http"));
        assertTrue(query(Map.of("stack", "cxf", "transport", "pipe")).sameBesidesTransport(http));
        assertFalse(query(Map.of("stack", "metro", "transport", "pipe")).sameBesidesTransport(http));
        assertFalse(query(Map.of("stack", "cxf")).sameBesidesTransport(http), "a parameter fewer is another configuration");
    }

    @Test
    void aResultCarriesTheConfigurationOfItsOwnParameters() {
        JmhResult r = new JmhResult("run", "org.soapbench.bench.SeismicQuery.large", "avgt",
                Map.of("stack", "axis2", "encoding", "xml"), 1, 0.1, "us/op", 4, 1, java.util.List.of(), Map.of(), null);
        assertEquals("axis2", r.configuration().stack());
        assertEquals(4, r.configuration().threads());
        assertEquals("large", r.method());
    }
}
