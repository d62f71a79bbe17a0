package org.soapbench.stack.metro;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.soapbench.core.contract.Contract;
import org.soapbench.core.spi.SecurityMode;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Core's WSDL for a mode ({@link Contract#wsdl(SecurityMode)}, the shared WS-SecurityPolicy inside),
 * with what Metro needs beside the policy added to the policy's alternative, never changing the
 * shared policy files:
 * <ul>
 *   <li>{@code signatureAlgorithm="SHA256withRSA"} on {@code sp:AlgorithmSuite}: WSIT reads
 *       Basic256Sha256 as rsa-sha1 signatures otherwise ({@code AsymmetricBinding} reads this
 *       attribute, {@code SecurityUtil.getKeyAlgo} maps it to xmldsig-more#rsa-sha256);</li>
 *   <li>Metro's own configuration assertions ({@code sc:KeyStore}, {@code sc:TrustStore},
 *       {@code sc:ValidatorConfiguration}, {@code sc:CallbackHandlerConfiguration}), client or
 *       server flavour, naming the callback classes of this module that hand over core's in-memory
 *       keys ({@link MetroCallbacks}), and setting the Timestamp's lifetime and checking.</li>
 * </ul>
 * Written once per JVM and configuration to a temporary directory beside a copy of the schema.
 */
final class MetroWsdl {

    private static final String WSP = "http://schemas.xmlsoap.org/ws/2004/09/policy";
    private static final String SP = "http://schemas.xmlsoap.org/ws/2005/07/securitypolicy";
    private static final String WSU = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";
    private static final String SERVER_CONFIG = "http://schemas.sun.com/2006/03/wss/server";
    private static final String CLIENT_CONFIG = "http://schemas.sun.com/2006/03/wss/client";
    /** Metro's policy extensions: visibility="private" keeps an assertion out of published WSDL. */
    private static final String WSPP = "http://java.sun.com/xml/ns/wsit/policy";
    /** The JCA name WSIT maps to http://www.w3.org/2001/04/xmldsig-more#rsa-sha256. */
    private static final String RSA_SHA256 = "SHA256withRSA";

    private static final Map<String, URL> WRITTEN = new HashMap<>();

    private MetroWsdl() {
    }

    /** The WSDL a Metro server of this mode is built from; its own key under {@code keyAlias}. */
    static URL server(SecurityMode mode, String keyAlias) {
        return write(mode, SERVER_CONFIG, keyAlias, null, 0);
    }

    /**
     * The WSDL a Metro client of this mode is built from: its key under {@code keyAlias}, the server's
     * certificate under {@code serverAlias}, its Timestamps valid for {@code timestampTtlSeconds}.
     */
    static URL client(SecurityMode mode, String keyAlias, String serverAlias, int timestampTtlSeconds) {
        return write(mode, CLIENT_CONFIG, keyAlias, serverAlias, timestampTtlSeconds);
    }

    private static synchronized URL write(SecurityMode mode, String side, String keyAlias, String peerAlias,
                                          int timestampTtlSeconds) {
        if (mode == SecurityMode.PLAIN) {
            return Contract.wsdl(mode);
        }
        String key = mode.id() + "|" + side + "|" + keyAlias + "|" + peerAlias + "|" + timestampTtlSeconds;
        URL url = WRITTEN.get(key);
        if (url == null) {
            url = writeWsdl(mode, side, keyAlias, peerAlias, timestampTtlSeconds);
            WRITTEN.put(key, url);
        }
        return url;
    }

    private static URL writeWsdl(SecurityMode mode, String side, String keyAlias, String peerAlias,
                                 int timestampTtlSeconds) {
        URL shared = Contract.wsdl(mode);
        try {
            Document wsdl = Contract.wsdlDocument(mode);
            Element alternative = policyAlternative(wsdl);
            NodeList suites = alternative.getElementsByTagNameNS(SP, "AlgorithmSuite");
            for (int i = 0; i < suites.getLength(); i++) {
                ((Element) suites.item(i)).setAttribute("signatureAlgorithm", RSA_SHA256);
            }
            if (side.equals(SERVER_CONFIG)) {
                Element validators = config(wsdl, side, "ValidatorConfiguration");
                // A Timestamp is refused once its Expires has passed, as WSS4J does: Metro otherwise
                // tolerates 300 s of clock skew past Expires (MessageConstants.MAX_CLOCK_SKEW), and
                // client and server share one clock here. In milliseconds.
                validators.setAttributeNS(side, "sc:maxClockSkew", "0");
                if (mode == SecurityMode.USERNAME) {
                    // The plain-text password is checked by our validator against ServerCredentials.users().
                    Element validator = wsdl.createElementNS(side, "sc:Validator");
                    validator.setAttribute("name", "usernameValidator");
                    validator.setAttribute("classname", MetroCallbacks.UserValidator.class.getName());
                    validators.appendChild(validator);
                }
                alternative.appendChild(validators);
            }
            if (mode.signs() && side.equals(CLIENT_CONFIG)) {
                // How long the client's Timestamps are valid (Expires - Created), in seconds.
                Element callbacks = config(wsdl, side, "CallbackHandlerConfiguration");
                callbacks.setAttribute("timestampTimeout", Integer.toString(timestampTtlSeconds));
                alternative.appendChild(callbacks);
            }
            // The client's UsernameToken credentials travel in the request context (MetroStack).
            if (mode.signs()) {
                Element keyStore = config(wsdl, side, "KeyStore");
                keyStore.setAttribute("callbackHandler", MetroCallbacks.KeyStoreHandler.class.getName());
                keyStore.setAttribute("alias", keyAlias);
                alternative.appendChild(keyStore);
                Element trustStore = config(wsdl, side, "TrustStore");
                trustStore.setAttribute("callbackHandler", MetroCallbacks.TrustStoreHandler.class.getName());
                if (peerAlias != null) {
                    // The client encrypts for the server's certificate, found under this alias.
                    trustStore.setAttribute("peeralias", peerAlias);
                }
                alternative.appendChild(trustStore);
            }
            Path dir = Files.createTempDirectory("soapbench-metro-wsdl-" + mode.id() + "-");
            dir.toFile().deleteOnExit();
            Path xsd = dir.resolve("seismic.xsd");
            try (InputStream in = new URL(shared, "seismic.xsd").openStream()) {
                Files.copy(in, xsd, StandardCopyOption.REPLACE_EXISTING);
            }
            xsd.toFile().deleteOnExit();
            Path file = dir.resolve("seismic.wsdl");
            TransformerFactory.newInstance().newTransformer().transform(new DOMSource(wsdl), new StreamResult(file.toFile()));
            file.toFile().deleteOnExit();
            return file.toUri().toURL();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write Metro's WSDL for security mode '" + mode.id() + "'", e);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot write Metro's WSDL for security mode '" + mode.id() + "': " + e, e);
        }
    }

    /** The one wsp:All of the shared policy (the one whose wsu:Id the binding references). */
    private static Element policyAlternative(Document wsdl) {
        NodeList policies = wsdl.getElementsByTagNameNS(WSP, "Policy");
        for (int i = 0; i < policies.getLength(); i++) {
            Element policy = (Element) policies.item(i);
            if (Contract.POLICY_ID.equals(policy.getAttributeNS(WSU, "Id"))) {
                NodeList all = policy.getElementsByTagNameNS(WSP, "All");
                if (all.getLength() > 0) {
                    return (Element) all.item(0);
                }
            }
        }
        throw new IllegalStateException("The WSDL has no policy '" + Contract.POLICY_ID + "' with a wsp:All alternative.");
    }

    private static Element config(Document wsdl, String side, String name) {
        Element e = wsdl.createElementNS(side, "sc:" + name);
        e.setAttributeNS(WSPP, "wspp:visibility", "private");
        return e;
    }
}
