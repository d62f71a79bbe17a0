package org.soapbench.results;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.soapbench.bench.Parameter;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.Transport;

/**
 * What one JMH result measured: its benchmark and the parameters the tools know by name (stack,
 * security, encoding, transport, quakes), read once from the result's parameters, with its thread
 * count. The only place a result's parameter is looked up by its name ({@link Parameter}'s); the
 * report, {@code compare} and {@code gate} ask this record. {@link #params()} keeps every parameter,
 * known or not, for what pairs results on all of them or selects by a name the user typed.
 *
 * <p>A parameter the benchmark does not have is the empty string; {@code securityMode} is null where
 * {@code security} names no {@link SecurityMode}.
 */
public record Configuration(String benchmark, String stack, String security, SecurityMode securityMode, String encoding,
                            String transport, String quakes, int threads, Map<String, String> params) {

    private static final String STACK = Parameter.STACK.id();
    private static final String SECURITY = Parameter.SECURITY.id();
    private static final String ENCODING = Parameter.ENCODING.id();
    private static final String TRANSPORT = Parameter.TRANSPORT.id();
    private static final String QUAKES = Parameter.QUAKES.id();
    private static final String HTTP = Transport.HTTP.id();

    public Configuration {
        params = java.util.Collections.unmodifiableMap(new TreeMap<>(params));
    }

    /** The configuration of a benchmark run with these parameters by this many threads. */
    public static Configuration of(String benchmark, Map<String, String> params, int threads) {
        String security = params.getOrDefault(SECURITY, "");
        return new Configuration(benchmark, params.getOrDefault(STACK, ""), security, securityMode(security),
                params.getOrDefault(ENCODING, ""), params.getOrDefault(TRANSPORT, ""), params.getOrDefault(QUAKES, ""),
                threads, params);
    }

    /** The security mode an id names, or null where it names none (SecurityMode.of would throw). */
    public static SecurityMode securityMode(String id) {
        for (SecurityMode m : SecurityMode.values()) {
            if (m.id().equals(id)) {
                return m;
            }
        }
        return null;
    }

    /** "SeismicQuery.small" from "org.soapbench.bench.SeismicQuery.small". */
    public String shortName() {
        String[] parts = benchmark.split("\\.");
        return parts.length < 2 ? benchmark : parts[parts.length - 2] + "." + parts[parts.length - 1];
    }

    /** The benchmark method: the workload ("small", "large", "query", ...). */
    public String workload() {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    /** Whether the security mode signs (sign, signencr): then a crypto floor lies under it. */
    public boolean signs() {
        return securityMode != null && securityMode.signs();
    }

    /** Whether it was measured over http; a run made before there was a transport parameter was not. */
    public boolean overHttp() {
        return HTTP.equals(transport);
    }

    /** The same configuration with another stack. */
    public Configuration withStack(String id) {
        return with(STACK, id);
    }

    /** The same configuration with another security mode. */
    public Configuration withSecurity(String id) {
        return with(SECURITY, id);
    }

    /** The same configuration with another encoding. */
    public Configuration withEncoding(String id) {
        return with(ENCODING, id);
    }

    private Configuration with(String name, String value) {
        Map<String, String> changed = new TreeMap<>(params);
        changed.put(name, value);
        return of(benchmark, changed, threads);
    }

    /** Whether {@code other} has every parameter of this one, with the same values, but perhaps another transport. */
    public boolean sameBesidesTransport(Configuration other) {
        return params.size() == other.params.size() && params.entrySet().stream()
                .allMatch(e -> e.getKey().equals(TRANSPORT) || e.getValue().equals(other.params.getOrDefault(e.getKey(), "")));
    }

    /** "name=value" for every parameter, in name order, space-separated. */
    public String text() {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
