package org.soapbench.bench;

import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.function.Predicate;
import javax.xml.crypto.dom.DOMStructure;
import javax.xml.crypto.dsig.CanonicalizationMethod;
import javax.xml.crypto.dsig.Reference;
import javax.xml.crypto.dsig.SignedInfo;
import javax.xml.crypto.dsig.Transform;
import javax.xml.crypto.dsig.XMLSignatureFactory;
import javax.xml.crypto.dsig.dom.DOMSignContext;
import javax.xml.crypto.dsig.keyinfo.KeyInfo;
import javax.xml.crypto.dsig.spec.C14NMethodParameterSpec;
import javax.xml.crypto.dsig.spec.ExcC14NParameterSpec;
import javax.xml.crypto.dsig.spec.TransformParameterSpec;
import javax.xml.crypto.XMLStructure;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Signs a captured request again, as a client that holds the right key but not the policy would: the
 * stack's own ds:Signature is replaced by one made with the JDK's XML signature API, with the same key
 * reference (KeyInfo), the same transforms and canonicalization, and whatever the attack changes (fewer
 * references, another signature or digest algorithm). A reference whose digest algorithm stays keeps
 * its digest value, so an encrypted Body's reference (to the plaintext the stack signed) stays valid.
 * Test-only, never on the measured path.
 */
final class Resigning {

    static final String RSA_SHA1 = "http://www.w3.org/2000/09/xmldsig#rsa-sha1";
    static final String SHA1 = "http://www.w3.org/2000/09/xmldsig#sha1";
    private static final String EXC_C14N = CanonicalizationMethod.EXCLUSIVE;

    private final Predicate<String> keepReference;
    private final String signatureMethod;
    private final String digestMethod;

    /**
     * @param keepReference which references (by their URI, e.g. {@code #TS-1}) the new signature keeps
     * @param signatureMethod the new SignatureMethod, or null to keep the stack's
     * @param digestMethod the new DigestMethod of every kept reference (digests recomputed), or null to keep them
     */
    Resigning(Predicate<String> keepReference, String signatureMethod, String digestMethod) {
        this.keepReference = keepReference;
        this.signatureMethod = signatureMethod;
        this.digestMethod = digestMethod;
    }

    /** Keeps only the reference to the request's Timestamp: the Body goes unsigned. */
    static Resigning timestampOnly(Document doc) {
        String timestamp = "#" + Wire.first(Wire.header(doc), Wire.WSU, "Timestamp").getAttributeNS(Wire.WSU, "Id");
        return new Resigning(timestamp::equals, null, null);
    }

    void resign(Document doc, PrivateKey key) {
        Element security = Wire.first(Wire.header(doc), Wire.WSSE, "Security");
        List<Element> signatures = Wire.all(security, Wire.DS, "Signature");
        if (signatures.size() != 1) {
            throw new AssertionError("Expected one ds:Signature to sign again, found " + signatures.size());
        }
        Element old = signatures.get(0);
        Element signedInfo = Wire.first(old, Wire.DS, "SignedInfo");
        XMLSignatureFactory factory = XMLSignatureFactory.getInstance("DOM");
        try {
            List<Reference> references = new ArrayList<>();
            for (Element reference : Wire.all(signedInfo, Wire.DS, "Reference")) {
                String uri = reference.getAttribute("URI");
                if (keepReference.test(uri)) {
                    references.add(reference(factory, reference));
                }
            }
            if (references.isEmpty()) {
                throw new AssertionError("No reference of " + signedInfo + " is kept");
            }
            Element c14n = Wire.first(signedInfo, Wire.DS, "CanonicalizationMethod");
            String oldSignatureMethod = Wire.first(signedInfo, Wire.DS, "SignatureMethod").getAttribute("Algorithm");
            SignedInfo info = factory.newSignedInfo(
                    factory.newCanonicalizationMethod(c14n.getAttribute("Algorithm"), (C14NMethodParameterSpec) excParameters(c14n)),
                    factory.newSignatureMethod(signatureMethod != null ? signatureMethod : oldSignatureMethod, null),
                    references, attribute(signedInfo, "Id"));
            Element oldKeyInfo = Wire.first(old, Wire.DS, "KeyInfo");
            List<XMLStructure> keyContent = new ArrayList<>();
            for (Element child : Wire.children(oldKeyInfo)) {
                keyContent.add(new DOMStructure(child.cloneNode(true)));
            }
            KeyInfo keyInfo = factory.getKeyInfoFactory().newKeyInfo(keyContent, attribute(oldKeyInfo, "Id"));

            Node next = old.getNextSibling();
            security.removeChild(old);
            DOMSignContext context = next == null ? new DOMSignContext(key, security) : new DOMSignContext(key, security, next);
            context.setDefaultNamespacePrefix("ds");
            registerIds(doc.getDocumentElement(), context);
            factory.newXMLSignature(info, keyInfo, null, attribute(old, "Id"), null).sign(context);
        } catch (Exception e) {
            throw new AssertionError("Cannot sign the request again: " + e, e);
        }
    }

    private Reference reference(XMLSignatureFactory factory, Element reference) throws Exception {
        List<Transform> transforms = new ArrayList<>();
        Element container = Wire.first(reference, Wire.DS, "Transforms");
        if (container != null) {
            for (Element t : Wire.all(container, Wire.DS, "Transform")) {
                transforms.add(factory.newTransform(t.getAttribute("Algorithm"), excParameters(t)));
            }
        }
        String uri = reference.getAttribute("URI");
        String id = attribute(reference, "Id");
        if (digestMethod == null) {
            String oldDigest = Wire.first(reference, Wire.DS, "DigestMethod").getAttribute("Algorithm");
            byte[] value = Base64.getMimeDecoder().decode(Wire.first(reference, Wire.DS, "DigestValue").getTextContent().trim());
            return factory.newReference(uri, factory.newDigestMethod(oldDigest, null), transforms, null, id, value);
        }
        return factory.newReference(uri, factory.newDigestMethod(digestMethod, null), transforms, null, id);
    }

    /** Exclusive C14N's InclusiveNamespaces PrefixList, kept as the stack wrote it; none for other algorithms. */
    private static TransformParameterSpec excParameters(Element method) {
        if (!EXC_C14N.equals(method.getAttribute("Algorithm"))) {
            return null;
        }
        Element inclusive = Wire.first(method, EXC_C14N, "InclusiveNamespaces");
        if (inclusive == null || inclusive.getAttribute("PrefixList").isBlank()) {
            return new ExcC14NParameterSpec();
        }
        return new ExcC14NParameterSpec(Arrays.asList(inclusive.getAttribute("PrefixList").trim().split("\\s+")));
    }

    /** Marks every wsu:Id and Id attribute as an ID, so that the JDK finds what "#id" references. */
    private static void registerIds(Element root, DOMSignContext context) {
        NodeList all = root.getElementsByTagNameNS("*", "*");
        for (int i = -1; i < all.getLength(); i++) {
            Element e = i < 0 ? root : (Element) all.item(i);
            if (e.hasAttributeNS(Wire.WSU, "Id")) {
                context.setIdAttributeNS(e, Wire.WSU, "Id");
            }
            if (e.hasAttributeNS(null, "Id")) {
                context.setIdAttributeNS(e, null, "Id");
            }
        }
    }

    private static String attribute(Element e, String name) {
        return e == null || !e.hasAttribute(name) ? null : e.getAttribute(name);
    }
}
