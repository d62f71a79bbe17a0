package org.soapbench.stack.axis2;

import java.net.URL;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.ws.security.SantuarioUtil;
import org.apache.ws.security.WSSConfig;
import org.apache.ws.security.transform.STRTransformProvider;

/**
 * Builds the Axis2 configuration contexts of clients and servers, and makes the JVM-wide settings
 * Axis2, Rampart and WSS4J 1.6 need, once per class loader, before any of them runs.
 */
final class Axis2Runtime {

    /** The Rampart module's name, as its module.xml declares it. */
    static final String RAMPART = "rampart";

    /**
     * Axis2, Axiom, Rampart and WSS4J 1.6 log through commons-logging, which resolves to
     * java.util.logging here. Held strongly: java.util.logging forgets levels set on loggers nobody
     * references. Setup's INFO lines (modules deployed, services added) would clutter JMH's output;
     * warnings stay.
     */
    private static final List<Logger> QUIET = List.of(
            Logger.getLogger("org.apache.axis2"), Logger.getLogger("org.apache.axiom"),
            Logger.getLogger("org.apache.rampart"), Logger.getLogger("org.apache.rahas"),
            Logger.getLogger("org.apache.ws.security"), Logger.getLogger("org.apache.ws.secpolicy"),
            Logger.getLogger("org.apache.neethi"), Logger.getLogger("org.apache.xml.security"));

    /**
     * AxisEngine logs every fault it returns as SEVERE, with its stack trace: a server refusing a
     * forged request would flood the output. The fault still reaches the client, as an exception.
     */
    private static final Logger FAULTS = Logger.getLogger("org.apache.axis2.engine.AxisEngine");

    private static final String IGNORE_LINE_BREAKS = "org.apache.xml.security.ignoreLineBreaks";

    static {
        QUIET.forEach(logger -> logger.setLevel(Level.WARNING));
        FAULTS.setLevel(Level.OFF);
        initSecurityProviders();
    }

    private Axis2Runtime() {
    }

    /**
     * A fresh configuration context from the adapter's own axis2.xml, with no repository: Axis2
     * then deploys modules from the class path ({@code DeploymentEngine.loadFromClassPath}), which
     * includes every .mar file beside axis2-kernel's jar; the jar set puts Rampart's .mar there.
     */
    static ConfigurationContext newContext() {
        URL axis2xml = Axis2Runtime.class.getResource("axis2.xml");
        try {
            ConfigurationContext context = ConfigurationContextFactory.createConfigurationContextFromURIs(axis2xml, null);
            if (context.getAxisConfiguration().getModule(RAMPART) == null) {
                throw new IllegalStateException("Axis2 found no Rampart module: the jar set must hold Rampart's .mar"
                        + " beside axis2-kernel's jar, or every secured configuration would silently run unsecured.");
            }
            return context;
        } catch (AxisFault e) {
            throw new IllegalStateException("Cannot build an Axis2 configuration from " + axis2xml + ": " + e.getMessage(), e);
        }
    }

    /**
     * What WSS4J 1.6 would do at its first use, minus BouncyCastle. By default WSS4J 1.6 inserts
     * BouncyCastle 1.49 and its own XML-DSig provider at position 2 of the JVM-wide provider list,
     * ahead of the JDK's: every stack in the JVM (and the JDK itself) would then sign, encrypt and
     * hash with BouncyCastle 1.49 instead of the JDK's providers. Instead the JDK's providers stay
     * first, as for every other stack, and WSS4J's two providers are appended, looked up by name only:
     * Santuario 1.5's XML-DSig ("ApacheXMLDSig", which WSS4J 1.6 asks for by name) and the
     * STR-Transform. Base64 without line breaks, as WSS4J 1.6 sets by default (and CXF's WSS4J too).
     */
    private static void initSecurityProviders() {
        WSSConfig.setAddJceProviders(false);
        if (System.getProperty(IGNORE_LINE_BREAKS) == null) {
            System.setProperty(IGNORE_LINE_BREAKS, "true");
        }
        org.apache.xml.security.Init.init();
        WSSConfig.appendJceProvider("ApacheXMLDSig", SantuarioUtil.getSantuarioProvider());
        WSSConfig.appendJceProvider("STRTransform", new STRTransformProvider());
    }
}
