package org.soapbench.bench;

import java.util.Arrays;

/**
 * The launcher of benchmarks.jar: a few subcommands of our own, and everything else handed to JMH
 * unchanged, so every stock JMH option ({@code -l}, regex filters, {@code -p}, {@code -f},
 * {@code -wi}, {@code -i}, {@code -prof}, {@code -rf}, {@code -rff}, {@code -h}) works as usual.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        String command = args.length == 0 ? "" : args[0];
        String[] rest = args.length == 0 ? args : Arrays.copyOfRange(args, 1, args.length);
        switch (command) {
            case "stacks" -> System.exit(StackList.run(rest));
            case "wire" -> System.exit(WireTable.run(rest));
            case "help", "--help" -> usage();
            default -> org.openjdk.jmh.Main.main(args);
        }
    }

    private static void usage() {
        System.out.println("""
                Usage: java -jar benchmarks.jar [JMH options] [benchmark regex...]
                       java -jar benchmarks.jar stacks     the stacks this jar carries, their versions and capabilities
                       java -jar benchmarks.jar wire       bytes on the wire per request and response, per configuration
                       java -jar benchmarks.jar -h         JMH's own options
                Benchmarks: SeismicQuery (small, large), SizeSweep, Floor, CryptoFloor, PipeCost; list them with -l.""");
    }
}
