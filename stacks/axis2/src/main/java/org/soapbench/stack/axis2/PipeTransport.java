package org.soapbench.stack.axis2;

import org.apache.axiom.om.OMOutputFormat;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.transport.TransportUtils;

/** What Axis2's HTTP transport sender does to every message before formatting it, shared by both sides. */
final class PipeTransport {

    /** The transport name clients and servers report; nothing in Axis2's configuration declares it. */
    static final String NAME = "soapbench-pipe";

    private PipeTransport() {
    }

    /** As CommonsHTTPTransportSender.invoke: MTOM, SwA and charset from the message context. */
    static OMOutputFormat outputFormat(MessageContext message) {
        message.setDoingMTOM(TransportUtils.doWriteMTOM(message));
        message.setDoingSwA(TransportUtils.doWriteSwA(message));
        message.setDoingREST(TransportUtils.isDoingREST(message));
        OMOutputFormat format = new OMOutputFormat();
        format.setSOAP11(message.isSOAP11());
        format.setDoOptimize(message.isDoingMTOM());
        format.setDoingSWA(message.isDoingSwA());
        format.setCharSetEncoding(TransportUtils.getCharSetEncoding(message));
        return format;
    }

    /** The charset parameter of a content type, or null. */
    static String charset(String contentType) {
        if (contentType == null) {
            return null;
        }
        for (String parameter : contentType.split(";")) {
            String p = parameter.trim();
            if (p.regionMatches(true, 0, "charset=", 0, 8)) {
                return p.substring(8).replace("\"", "").trim();
            }
        }
        return null;
    }
}
