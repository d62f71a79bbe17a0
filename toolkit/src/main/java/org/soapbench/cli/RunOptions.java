package org.soapbench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.soapbench.bench.Parameter;
import org.soapbench.bench.fork.CpuTimeProfiler;
import org.soapbench.bench.fork.FlightRecordingProfiler;
import org.soapbench.bench.fork.SettlingRule;
import org.soapbench.bench.fork.SteadyStateProfiler;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.Encoding;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.SoapStack;
import org.soapbench.paired.Beside;
import org.soapbench.paired.Design;
import org.soapbench.paired.ForkLauncher;
import org.soapbench.results.RunMetadata;

/**
 * The options of one run, parsed once: the request's profiles ({@code jmh-profiles/NAME}, in order),
 * then its command line, which wins. soapbench's own options are typed by picocli, a profile's lines
 * as the command line's ({@link RunCommand#request}); each JMH option is judged by JMH's own parser as
 * it is added, and a {@code -p} value also by its {@link Parameter}, so that a profile's error names
 * its file and line and a value no benchmark accepts stops the run before any fork. Single-valued
 * options are replaced by later sources; {@code -p} and {@code -prof} by parameter and profiler; JVM
 * argument options accumulate (the last {@code -Xmx} wins, as in the JVM itself); benchmark regexes
 * on the command line replace a profile's. A warm-up given on the command line ({@code -wi},
 * {@code -w}) wins: that run's warm-up is JMH's alone ({@link SettlingRule}), unless the command line
 * also says {@code --settle}. JMH reads them as {@link #jmh()}; a run's forks get them as arguments.
 */
final class RunOptions {

    /** One JMH option as JMH's command line takes it: its name without the dash, and its value (null for a flag). */
    private record JmhOption(String name, String value) {
    }

    /** What a later source replaces: an option, with the parameter or profiler it names for -p and -prof. */
    private record Key(String option, String name) {
    }

    /** JMH options that take no value. */
    private static final Set<String> FLAGS = Set.of("l", "lp", "lrf", "lprof", "h");
    private static final Set<String> JVM_ARGS = Set.of("jvmArgs", "jvmArgsAppend", "jvmArgsPrepend");
    private static final Pattern JDK = Pattern.compile("\\$\\{jdk:(\\d+)}");
    private static final Pattern GC_CHOICE = Pattern.compile("-XX:\\+Use\\w+GC");
    static final String PROFILE = "--profile";
    static final String REPORT = "--report";
    /** Where JMH writes {@code -rf json} results when no {@code -rff} says. */
    static final String JMH_DEFAULT_JSON = "jmh-result.json";
    static final String SETTLE = "--settle";
    static final String THREADS = ThreadCounts.OPTION;
    static final String DESIGN = "--design";
    static final String BESIDE = "--beside";
    /** The profilers every run gets: steady-state evidence, and CPU time beside wall time. */
    static final List<String> OWN_PROFILERS = List.of(SteadyStateProfiler.class.getName(),
            CpuTimeProfiler.class.getName());

    private final Map<Key, JmhOption> options = new LinkedHashMap<>();
    private final List<String> regexes = new ArrayList<>();
    /** The option that chose a garbage collector, and where. */
    private String gcSource;
    private boolean report;
    /** Whether the result format was asked for by a profile (not overridden on the command line). */
    private boolean formatFromProfile;
    private SettlingRule.Settings settle = new SettlingRule.Settings(true, SettlingRule.DEFAULT_CEILING_SECONDS);
    private String settleNote;
    /** {@code --threads}: one JMH run per count, results in one file; empty for one run at JMH's -t. */
    private List<Integer> threadCounts = List.of();
    /** {@code --design}: the configurations in duets of pinned forks; null for JMH's own order. */
    private Design design;
    /** {@code --beside}: what a duet puts beside each configuration. */
    private Beside beside = Beside.STACKS;
    /** JMH's reading of the options, once they are complete. */
    private Options jmh;

    /** The options of a run's arguments, parsed as the command line is ({@link RunCommand#request}). */
    static RunOptions parse(String[] args) {
        return of(RunCommand.request(args));
    }

    /** Merges the request's profiles (in order) and then what its command line says, which wins. */
    static RunOptions of(RunRequest request) {
        RunOptions run = new RunOptions();
        for (String name : request.profiles()) {
            run.addProfile(name, Profiles.text(name));
        }
        run.addCommandLine(request);
        return run;
    }

    /** The arguments JMH receives. */
    List<String> jmhArguments() {
        List<String> out = new ArrayList<>();
        addOptions(out, o -> true);
        out.addAll(regexes);
        return out;
    }

    /**
     * JMH's options for the run, read by JMH's own parser from {@link #jmhArguments()}, once: what is
     * layered over them ({@code OptionsBuilder.parent}) is the run's alone, such as a sweep's thread count.
     */
    Options jmh() {
        if (jmh == null) {
            jmh = jmhOptions(jmhArguments(), null);
        }
        return jmh;
    }

    /**
     * The run's settings as run's own arguments, for each fork of a run in pairs, alike: the settling
     * ceiling and every JMH option except parameters ({@code -p}, set per configuration) and those
     * named in {@code without}; no benchmark regexes, no profiles (they are expanded here).
     */
    List<String> settingsArguments(Set<String> without) {
        List<String> out = new ArrayList<>(List.of(SETTLE, settle.value()));
        addOptions(out, o -> !o.equals("p") && !without.contains(o));
        return out;
    }

    /** The options whose name passes {@code which}, as JMH takes them, in order. */
    private void addOptions(List<String> out, Predicate<String> which) {
        for (JmhOption option : options.values()) {
            if (which.test(option.name())) {
                out.add("-" + option.name());
                if (option.value() != null) {
                    out.add(option.value());
                }
            }
        }
    }

    /** True when JMH will only list or explain (-l, -lp, -lprof, -lrf, -h), not run. */
    boolean listsOnly() {
        return options.keySet().stream().anyMatch(k -> FLAGS.contains(k.option()));
    }

    /**
     * Puts what JMH's JSON cannot otherwise carry into the forks' JVM arguments, which the JSON
     * records: the stacks' versions, what each stack the run names can run (or why it cannot be
     * loaded), the CPU count and the time of the run (see {@link RunMetadata}). Only the named stacks
     * are loaded: every fork of a gate or a duet is a run of its own, and loading all of them cost
     * each fork half a second before it started.
     */
    void addRunMetadata() {
        addDefaultStacks();
        String value = RunMetadata.jvmArguments(Stacks.versions(), capabilities(stacks()))
                + " -D" + SettlingRule.PROPERTY + "=" + settle.value();
        System.setProperty(SettlingRule.PROPERTY, settle.value()); // for -f 0, where no fork reads the JVM arguments
        for (String profiler : OWN_PROFILERS) {
            options.putIfAbsent(new Key("prof", profiler), new JmhOption("prof", profiler));
        }
        JmhOption previous = options.get(new Key("jvmArgsPrepend", null));
        put(new Key("jvmArgsPrepend", null), new JmhOption("jvmArgsPrepend", previous == null ? value
                : value + " " + previous.value()), false);
    }

    /**
     * Without {@code -p stack=...}, the stacks the jar carries for a default run ({@link
     * Stacks#inDefaultRun}), not {@code StackState}'s compiled-in list: a new stack module is measured
     * without an edit here. JMH applies it only to benchmarks that have a {@code stack} parameter.
     */
    void addDefaultStacks() {
        Key stack = new Key("p", Parameter.STACK.id());
        if (!options.containsKey(stack)) {
            put(stack, new JmhOption("p", Parameter.STACK.id() + "=" + String.join(",", Stacks.inDefaultRun())), false);
        }
    }

    /** The stacks this run's {@code -p stack=} names, once {@link #addDefaultStacks} has run. */
    List<String> stacks() {
        JmhOption stack = options.get(new Key("p", Parameter.STACK.id()));
        return List.copyOf(jmhOptions(List.of("-p", stack.value()), null).getParameter(Parameter.STACK.id()).get());
    }

    /** What each of these stacks can run, read now, so the report says what held for this run. */
    static List<RunMetadata.Capabilities> capabilities(List<String> stacks) {
        List<RunMetadata.Capabilities> out = new ArrayList<>();
        for (String id : stacks) {
            try {
                SoapStack stack = Stacks.load(id);
                Map<String, String> unenforced = new LinkedHashMap<>();
                new java.util.TreeMap<>(stack.unenforcedChecks()).forEach((check, why) -> unenforced.put(check.id(), why));
                out.add(new RunMetadata.Capabilities(id, stack.securityModes().stream().sorted().map(SecurityMode::id).toList(),
                        stack.encodings().stream().sorted().map(Encoding::id).toList(), null, unenforced));
            } catch (RuntimeException | LinkageError e) {
                out.add(new RunMetadata.Capabilities(id, List.of(), List.of(), String.valueOf(e.getMessage())));
            }
        }
        return out;
    }

    boolean report() {
        return report;
    }

    SettlingRule.Settings settle() {
        return settle;
    }

    /**
     * Whether the launcher names the result file when no {@code -rff} does: for the report, or for a
     * profile's {@code -rf json} ({@code reports/<date-time>/jmh.json}). A {@code -rf json} on the
     * command line alone leaves it to JMH, as stock JMH ({@value #JMH_DEFAULT_JSON}).
     */
    boolean choosesResultFile() {
        return report || formatFromProfile;
    }

    /**
     * Whether the run's results are JMH JSON, kept as the run goes: asked for by -rf json or --report,
     * or by a result file named *.json with no -rf (JMH would otherwise write its default format into
     * it, and a run cut short would keep nothing).
     */
    boolean keepsJson() {
        String file = option("rff");
        return report || design() != null || "json".equals(option("rf"))
                || option("rf") == null && file != null && file.toLowerCase(Locale.ROOT).endsWith(".json");
    }

    /**
     * Where the run's recordings go: our {@link FlightRecordingProfiler}'s ({@code -prof NAME:dir=DIR}) or JMH's
     * jfr profiler's ({@code -prof jfr:dir=DIR;...}), or null without either.
     */
    Path recordings() {
        for (ProfilerConfig profiler : jmh().getProfilers()) {
            boolean ours = profiler.getKlass().equals(FlightRecordingProfiler.NAME);
            if (ours || profiler.getKlass().equals("jfr")) {
                for (String option : profiler.getOpts().split(";")) {
                    if (option.startsWith("dir=")) {
                        return Path.of(option.substring("dir=".length()));
                    }
                }
                return Path.of(ours ? FlightRecordingProfiler.DEFAULT_DIR : "."); // JMH's default: the working directory
            }
        }
        return null;
    }

    /** Why settling is off though no one said {@code --settle off}, or null. */
    String settleNote() {
        return settleNote;
    }

    /** A single-valued option's value, or null. */
    String option(String name) {
        JmhOption o = options.get(new Key(name, null));
        return o == null ? null : o.value();
    }

    /** Sets a single-valued option, as the launcher decides it (the result file and its format). */
    void set(String name, String value) {
        put(new Key(name, null), new JmhOption(name, value), false);
    }

    /** A profile's lines: soapbench's own options, typed as on the command line; JMH's options; benchmark regexes. */
    void addProfile(String name, String text) {
        String[] lines = text.split("\r?\n");
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = "profile '" + name + "', line " + (n + 1);
            String[] words = line.split("\\s+", 2); // an option and its value, which may hold spaces (JVM options)
            if (line.startsWith("--")) {
                addOwn(RunCommand.request(where, words), where);
            } else if (line.startsWith("-")) {
                String option = words[0].substring(1);
                add(option, words.length < 2 ? null : resolve(words[1], where), where);
                formatFromProfile |= option.equals("rf");
            } else {
                regexes.add(line); // a benchmark regex
            }
        }
    }

    /** soapbench's own options from a profile's line; a line that names no such option is one sentence. */
    private void addOwn(RunRequest line, String where) {
        if (!line.jmh().isEmpty()) {
            throw unknownOption(where + ": ", line.jmh().get(0));
        }
        if (!line.profiles().isEmpty()) {
            throw new IllegalArgumentException(where + ": " + PROFILE + " belongs on the command line, not in a profile.");
        }
        report |= line.report();
        settle = line.settle() != null ? line.settle() : settle;
        design = line.design() != null ? line.design() : design;
        beside = line.beside() != null ? line.beside() : beside;
        threadCounts = line.threads() != null ? line.threads().counts() : threadCounts;
    }

    /** What the command line says beside profiles: its own options, typed, then JMH's, as written. */
    private void addCommandLine(RunRequest request) {
        report |= request.report();
        boolean settleGiven = request.settle() != null;
        if (settleGiven) {
            settle = request.settle();
        }
        if (request.threads() != null) {
            threadCounts = request.threads().counts();
        }
        if (request.design() != null) {
            design = request.design();
        }
        if (request.beside() != null) {
            beside = request.beside();
        }
        List<String> args = request.jmh();
        List<String> commandRegexes = new ArrayList<>();
        String warmupGiven = null;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("--")) {
                throw unknownOption("", arg);
            } else if (arg.startsWith("-") && arg.length() > 1) {
                String option = arg.substring(1);
                formatFromProfile &= !option.equals("rf");
                String value = null;
                if (!FLAGS.contains(option)) {
                    if (i + 1 == args.size()) {
                        throw new IllegalArgumentException("Option " + arg + " needs a value.");
                    }
                    value = args.get(++i);
                }
                add(option, value, RunRequest.COMMAND_LINE);
                if (option.equals("wi") || option.equals("w")) {
                    warmupGiven = arg;
                }
            } else {
                commandRegexes.add(arg);
            }
        }
        if (warmupGiven != null && !settleGiven && settle.enabled()) {
            settle = SettlingRule.Settings.OFF;
            settleNote = "the command line sets the warm-up (" + warmupGiven + "), so JMH's warm-up is all there is: "
                    + "no settling (add --settle 60s to settle first)";
        }
        if (!commandRegexes.isEmpty()) {
            regexes.clear();
            regexes.addAll(commandRegexes);
        }
        if (!threadCounts.isEmpty() && options.containsKey(new Key("t", null))) {
            throw new IllegalArgumentException("-t " + option("t") + " and " + THREADS + " both set the thread count; "
                    + "give one (-t for one run, " + THREADS + " for a sweep).");
        }
    }

    private static IllegalArgumentException unknownOption(String where, String arg) {
        return new IllegalArgumentException(where + "Unknown option '" + arg + "': soapbench's own are " + PROFILE + ", "
                + SETTLE + ", " + THREADS + ", " + DESIGN + ", " + BESIDE + ", " + REPORT + ", --help and --version, and JMH's (-h "
                + "lists them) start with one dash.");
    }

    List<Integer> threadCounts() {
        return threadCounts;
    }

    /** What a duet puts beside each configuration: stacks unless --beside says otherwise. */
    Beside beside() {
        return beside;
    }

    /** The duets' design, or null where JMH runs the forks in its own order (no --design, or --design jmh). */
    Design design() {
        return design == Design.JMH ? null : design;
    }

    /**
     * One JMH option from {@code where}, judged by JMH's parser (and a parameter's values by what it
     * accepts) before it joins the others.
     */
    private void add(String option, String value, String where) {
        if (FLAGS.contains(option) != (value == null)) {
            throw new IllegalArgumentException(where + ": -" + option
                    + (value == null ? " needs a value." : " takes no value, but got '" + value + "'."));
        }
        Options one = jmhOptions(value == null ? List.of("-" + option) : List.of("-" + option, value), where);
        if (JVM_ARGS.contains(option)) {
            Matcher gc = GC_CHOICE.matcher(value);
            while (gc.find()) {
                String earlier = gcSource;
                gcSource = where + " (" + gc.group() + ")";
                if (earlier != null && !earlier.endsWith("(" + gc.group() + ")")) {
                    throw new IllegalArgumentException(where + " chooses " + gc.group() + ", but " + earlier
                            + " already chose a garbage collector; combine at most one GC profile.");
                }
            }
            JmhOption previous = options.get(new Key(option, null));
            put(new Key(option, null), new JmhOption(option, previous == null ? value : previous.value() + " " + value), false);
            return;
        }
        String name = null;
        if (option.equals("p")) {
            name = value.substring(0, Math.max(0, value.indexOf('=')));
            Parameter parameter = Parameter.of(name);
            if (parameter != null && one.getParameter(name).hasValue()) {
                try {
                    parameter.check(List.copyOf(one.getParameter(name).get()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(prefix(where) + e.getMessage());
                }
            }
        } else if (option.equals("prof")) {
            // A jar built before the profilers moved (the gate's base) names ours by their former names.
            String profiler = value.split(":", 2)[0];
            name = ForkLauncher.FORMER_NAMES.getOrDefault(profiler, profiler);
            value = name + value.substring(profiler.length());
        }
        put(new Key(option, name), new JmhOption(option, value), true);
    }

    /** Puts an option; {@code replaced}: a later source replaces, and moves to the end, an earlier value. */
    private void put(Key key, JmhOption option, boolean replaced) {
        if (replaced) {
            options.remove(key);
        }
        options.put(key, option);
        jmh = null;
    }

    private static String prefix(String where) {
        return where.equals(RunRequest.COMMAND_LINE) ? "" : where + ": ";
    }

    /** JMH's reading of command-line arguments, the one place they are parsed; its complaint names {@code where}, if given. */
    private static Options jmhOptions(List<String> args, String where) {
        try {
            return new CommandLineOptions(args.toArray(String[]::new));
        } catch (CommandLineOptionException e) {
            throw new IllegalArgumentException((where == null ? "" : where + ": ") + e.getMessage());
        }
    }

    /** Replaces {@code ${jdk:N}} with the java launcher of JDK N. */
    private static String resolve(String value, String where) {
        Matcher m = JDK.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(Jdks.javaOf(Integer.parseInt(m.group(1)), where)));
        }
        m.appendTail(out);
        return out.toString();
    }
}
