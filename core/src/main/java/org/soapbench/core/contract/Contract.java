package org.soapbench.core.contract;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.EnumMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.soapbench.core.spi.SecurityMode;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The seismic contract shared by every stack: one WSDL (from which each stack generates its code)
 * and one WS-SecurityPolicy per security mode. {@link #wsdl(SecurityMode)} gives the WSDL with the
 * mode's policy attached to the binding, which is how every stack is told what to do: the same
 * policy text, read by each stack's own policy engine.
 */
public final class Contract {

    public static final String NAMESPACE = "urn:soapbench:seismic";
    public static final QName SERVICE = new QName(NAMESPACE, "SeismicService");
    public static final QName PORT = new QName(NAMESPACE, "SeismicPort");
    public static final QName OPERATION = new QName(NAMESPACE, "matchQuakes");
    public static final String SOAP_ACTION = "urn:soapbench:seismic:matchQuakes";
    /** The address in the WSDL; nothing listens there, requests go through the pipe. */
    public static final String ADDRESS = "http://localhost/soapbench/seismic";
    /** The wsu:Id every policy file carries, referenced from the binding. */
    public static final String POLICY_ID = "SeismicSecurityPolicy";

    private static final String WSDL_NS = "http://schemas.xmlsoap.org/wsdl/";
    private static final String WSP_NS = "http://schemas.xmlsoap.org/ws/2004/09/policy";
    private static final Map<SecurityMode, URL> WSDL_BY_MODE = new EnumMap<>(SecurityMode.class);

    private Contract() {
    }

    /** The WSDL without any policy, as the code generators read it. */
    public static URL wsdl() {
        return resource("wsdl/seismic.wsdl");
    }

    /** The WS-SecurityPolicy file of a mode; none for {@link SecurityMode#PLAIN}. */
    public static URL policy(SecurityMode mode) {
        if (mode == SecurityMode.PLAIN) {
            throw new IllegalArgumentException("Security mode 'plain' has no policy.");
        }
        return resource("wsdl/policy/" + mode.id() + ".xml");
    }

    /**
     * The WSDL with the mode's policy inside it and referenced from the binding (for {@code plain},
     * the WSDL as it is), written once per JVM to a temporary directory beside a copy of the schema.
     */
    public static synchronized URL wsdl(SecurityMode mode) {
        return WSDL_BY_MODE.computeIfAbsent(mode, Contract::writeWsdl);
    }

    /**
     * A fresh DOM of {@link #wsdl(SecurityMode)}, for a stack that adds its own private assertions
     * (keystores, callbacks) to its copy; the shared policy inside stays as it is.
     */
    public static Document wsdlDocument(SecurityMode mode) {
        try {
            return parse(wsdl(mode));
        } catch (Exception e) {
            throw new IllegalStateException("Cannot read the WSDL of security mode '" + mode.id() + "'", e);
        }
    }

    private static URL writeWsdl(SecurityMode mode) {
        try {
            Path dir = Files.createTempDirectory("soapbench-wsdl-" + mode.id() + "-");
            dir.toFile().deleteOnExit();
            Path xsd = copy(resource("wsdl/seismic.xsd"), dir.resolve("seismic.xsd"));
            xsd.toFile().deleteOnExit();
            Path wsdlFile = dir.resolve("seismic.wsdl");
            if (mode == SecurityMode.PLAIN) {
                copy(wsdl(), wsdlFile);
            } else {
                writeWithPolicy(mode, wsdlFile);
            }
            wsdlFile.toFile().deleteOnExit();
            return wsdlFile.toUri().toURL();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the WSDL for security mode '" + mode.id() + "'", e);
        }
    }

    private static void writeWithPolicy(SecurityMode mode, Path target) throws IOException {
        try {
            Document wsdl = parse(wsdl());
            Element policy = parse(policy(mode)).getDocumentElement();
            Element definitions = wsdl.getDocumentElement();
            definitions.insertBefore(wsdl.importNode(policy, true), definitions.getFirstChild());
            Element binding = (Element) wsdl.getElementsByTagNameNS(WSDL_NS, "binding").item(0);
            Element reference = wsdl.createElementNS(WSP_NS, "wsp:PolicyReference");
            reference.setAttribute("URI", "#" + POLICY_ID);
            binding.insertBefore(reference, binding.getFirstChild());
            var transformer = TransformerFactory.newInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.INDENT, "yes");
            transformer.transform(new DOMSource(wsdl), new StreamResult(target.toFile()));
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("Cannot attach the '" + mode.id() + "' policy to the WSDL: " + e.getMessage(), e);
        }
    }

    private static Document parse(URL url) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        try (InputStream in = url.openStream()) {
            return factory.newDocumentBuilder().parse(in);
        }
    }

    private static Path copy(URL from, Path to) throws IOException {
        try (InputStream in = from.openStream()) {
            Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
        }
        return to;
    }

    private static URL resource(String name) {
        URL url = Contract.class.getClassLoader().getResource(name);
        if (url == null) {
            throw new IllegalStateException("Resource " + name + " is missing from soapbench-core.");
        }
        return url;
    }
}
