package org.soapbench.cli;

import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.Encoding;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.SoapStack;
import org.soapbench.results.ExitCode;
import picocli.CommandLine.Command;

/** {@code stacks}: each stack this jar carries, available or not (with the reason), and what it can run. */
@Command(name = "stacks", mixinStandardHelpOptions = true, description = "Lists the stacks this jar carries, their "
        + "versions, what each can run, the StAX, JAXB and security implementations it resolved, and what its server "
        + "accepts against the shared policy; exit 1 if one cannot be loaded.")
final class StackList implements Callable<Integer> {

    @Override
    public Integer call() {
        int unavailable = 0;
        for (String id : Stacks.ids()) {
            try {
                SoapStack stack = Stacks.load(id);
                System.out.printf("%-12s available    %-16s security: %-30s encodings: %s%n", id, stack.version(),
                        stack.securityModes().stream().map(SecurityMode::id).collect(Collectors.joining(",")),
                        stack.encodings().stream().map(Encoding::id).collect(Collectors.joining(",")));
                for (String line : stack.runtimeDescription().split("\n")) {
                    if (!line.isBlank()) {
                        System.out.println("             " + line);
                    }
                }
                new java.util.TreeMap<>(stack.unenforcedChecks()).forEach((check, why) ->
                        System.out.println("             accepts against the policy: " + check.accepted() + " (" + why + ")"));
            } catch (RuntimeException | LinkageError e) {
                unavailable++;
                System.out.printf("%-12s unavailable: %s%n", id, e.getMessage());
            }
        }
        return (unavailable == 0 ? ExitCode.SUCCESS : ExitCode.FINDING).code();
    }
}
