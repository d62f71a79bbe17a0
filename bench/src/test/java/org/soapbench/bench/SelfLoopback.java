package org.soapbench.bench;

import java.util.function.UnaryOperator;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.ServerCredentials;
import org.soapbench.core.spi.SoapStack;
import org.soapbench.core.spi.Transport;

/** What most tests open: one stack talking to itself with the standard credentials, undecorated. */
public final class SelfLoopback {

    private SelfLoopback() {
    }

    /** Over the in-memory pipe. */
    public static Loopback open(SoapStack stack, Scenario scenario, KeyMaterial keys, SeismicService service) {
        return open(Transport.PIPE, stack, scenario, keys, service);
    }

    /** Over a chosen transport. */
    public static Loopback open(Transport transport, SoapStack stack, Scenario scenario, KeyMaterial keys,
                                SeismicService service) {
        return Loopback.open(transport, stack, stack, scenario, ClientCredentials.standard(keys),
                ServerCredentials.standard(keys), service, UnaryOperator.identity());
    }
}
