package org.soapbench.stack.metro;

import com.sun.xml.ws.api.message.Packet;
import com.sun.xml.ws.api.server.WSEndpoint;
import com.sun.xml.ws.api.server.WebServiceContextDelegate;
import com.sun.xml.ws.transport.http.HttpAdapter;
import com.sun.xml.ws.transport.http.WSHTTPConnection;
import jakarta.xml.ws.handler.MessageContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.net.HttpURLConnection;
import java.security.Principal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.soapbench.core.contract.Contract;
import org.soapbench.core.spi.Endpoint;
import org.soapbench.core.spi.WireMessage;

/**
 * One request from the core pipe, as Metro's HTTP adapter sees an HTTP POST: the request bytes with
 * their Content-Type and SOAPAction headers in, the status, Content-Type and body of the response
 * out, in memory. {@link HttpAdapter#handle} decodes, runs the endpoint's whole tubeline (security
 * included) and encodes the response synchronously, in the caller's thread.
 */
final class PipeConnection extends WSHTTPConnection implements WebServiceContextDelegate {

    private static final PropertyMap MODEL = parse(PipeConnection.class, MethodHandles.lookup());

    private final WireMessage request;
    private final Map<String, List<String>> requestHeaders = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    private final Map<String, List<String>> responseHeaders = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    private final ByteArrayOutputStream response = new ByteArrayOutputStream(8192);
    private String responseContentType;
    private int status;

    private PipeConnection(WireMessage request) {
        this.request = request;
        requestHeaders.put("Content-Type", List.of(request.contentType()));
        if (request.soapAction() != null) {
            requestHeaders.put("SOAPAction", List.of(request.soapAction()));
        }
    }

    /** The server side of the pipe: each request is one connection handed to the endpoint's adapter. */
    static Endpoint endpoint(HttpAdapter adapter) {
        return request -> {
            PipeConnection connection = new PipeConnection(request);
            try {
                adapter.handle(connection);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return connection.toWireMessage();
        };
    }

    private WireMessage toWireMessage() {
        if (status == 0 || (responseContentType == null && response.size() > 0)) {
            throw new IllegalStateException("Metro's HTTP adapter wrote no complete response (status " + status + ").");
        }
        return WireMessage.response(responseContentType, response.toByteArray(),
                status == HttpURLConnection.HTTP_INTERNAL_ERROR);
    }

    @Override
    @Property({MessageContext.HTTP_REQUEST_HEADERS, Packet.INBOUND_TRANSPORT_HEADERS})
    public Map<String, List<String>> getRequestHeaders() {
        return requestHeaders;
    }

    @Override
    public Set<String> getRequestHeaderNames() {
        return requestHeaders.keySet();
    }

    @Override
    public List<String> getRequestHeaderValues(String name) {
        return requestHeaders.get(name);
    }

    @Override
    public String getRequestHeader(String name) {
        List<String> values = requestHeaders.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    @Override
    @Property({MessageContext.HTTP_RESPONSE_HEADERS, Packet.OUTBOUND_TRANSPORT_HEADERS})
    public Map<String, List<String>> getResponseHeaders() {
        return responseHeaders;
    }

    @Override
    public void setResponseHeaders(Map<String, List<String>> headers) {
        responseHeaders.clear();
        headers.forEach((name, values) -> {
            if (!"Content-Type".equalsIgnoreCase(name) && !"Content-Length".equalsIgnoreCase(name)) {
                responseHeaders.put(name, List.copyOf(values));
            }
        });
    }

    @Override
    public void setResponseHeader(String key, List<String> value) {
        responseHeaders.put(key, value);
    }

    @Override
    public void setContentTypeResponseHeader(String value) {
        responseContentType = value;
    }

    @Override
    public void setStatus(int status) {
        this.status = status;
    }

    @Override
    @Property(MessageContext.HTTP_RESPONSE_CODE)
    public int getStatus() {
        return status;
    }

    @Override
    public InputStream getInput() {
        return new ByteArrayInputStream(request.body());
    }

    @Override
    public OutputStream getOutput() {
        return response;
    }

    @Override
    public WebServiceContextDelegate getWebServiceContextDelegate() {
        return this;
    }

    @Override
    @Property(MessageContext.HTTP_REQUEST_METHOD)
    public String getRequestMethod() {
        return "POST";
    }

    @Override
    public String getQueryString() {
        return null;
    }

    @Override
    public String getPathInfo() {
        return null;
    }

    @Override
    public String getRequestURI() {
        return "/soapbench/seismic";
    }

    @Override
    public String getRequestScheme() {
        return "http";
    }

    @Override
    public String getServerName() {
        return "localhost";
    }

    @Override
    public int getServerPort() {
        return 80;
    }

    @Override
    public String getBaseAddress() {
        return "http://localhost";
    }

    @Override
    public boolean isSecure() {
        return false;
    }

    @Override
    protected PropertyMap getPropertyMap() {
        return MODEL;
    }

    @Override
    public Principal getUserPrincipal(Packet request) {
        return null;
    }

    @Override
    public boolean isUserInRole(Packet request, String role) {
        return false;
    }

    @Override
    public String getEPRAddress(Packet request, WSEndpoint endpoint) {
        return Contract.ADDRESS;
    }

    @Override
    public String getWSDLAddress(Packet request, WSEndpoint endpoint) {
        return Contract.ADDRESS + "?wsdl";
    }
}
