package org.soapbench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.dataset.SeismicDataset;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.Encoding;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.ServerCredentials;
import org.soapbench.core.spi.SoapStack;
import org.soapbench.core.wire.WireCapture;
import org.soapbench.results.ExitCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code wire [stack...]}: mean bytes per request and per response for every configuration a stack
 * runs, over the whole small set and the whole large set, measured through a {@link WireCapture}.
 */
@Command(name = "wire", mixinStandardHelpOptions = true, description = "Mean bytes per request and per response "
        + "for every configuration each stack runs, over the whole small and large query sets.")
final class WireTable implements Callable<Integer> {

    @Parameters(paramLabel = "STACK", arity = "0..*", description = "Stack ids (default: every stack the jar carries).")
    List<String> stacks;

    @Override
    public Integer call() {
        List<String> ids = stacks != null && !stacks.isEmpty() ? stacks : new ArrayList<>(Stacks.ids());
        SeismicDataset dataset = SeismicDataset.standard();
        KeyMaterial keys = KeyMaterial.shared();
        System.out.printf("%-12s %-14s %14s %14s %14s %14s%n", "stack", "config", "small req B", "small resp B",
                "large req B", "large resp B");
        for (String id : ids) {
            SoapStack stack = Stacks.load(id);
            for (SecurityMode mode : stack.securityModes()) {
                for (Encoding encoding : stack.encodings()) {
                    Scenario scenario = new Scenario(mode, encoding);
                    long[] small = measure(stack, scenario, keys, QuerySet.small(dataset), dataset);
                    long[] large = measure(stack, scenario, keys, QuerySet.large(dataset), dataset);
                    System.out.printf("%-12s %-14s %14d %14d %14d %14d%n", id, scenario, small[0], small[1], large[0], large[1]);
                }
            }
        }
        return ExitCode.SUCCESS.code();
    }

    /** Mean request and response bytes over the whole set. */
    private static long[] measure(SoapStack stack, Scenario scenario, KeyMaterial keys, QuerySet set, SeismicDataset dataset) {
        WireCapture capture = new WireCapture(1);
        try (Loopback loopback = Loopback.open(stack, stack, scenario, ClientCredentials.standard(keys),
                ServerCredentials.standard(keys), new SeismicService(dataset), capture::around)) {
            for (int i = 0; i < set.size(); i++) {
                loopback.client().query(set.query(i));
            }
        }
        return new long[] {capture.requestBytes() / set.size(), capture.responseBytes() / set.size()};
    }
}
