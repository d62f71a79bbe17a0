package org.soapbench.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.soapbench.bench.CpuTimeProfiler;
import org.soapbench.bench.StackState;
import org.soapbench.bench.SteadyState;
import org.soapbench.bench.SteadyStateProfiler;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.Encoding;
import org.soapbench.core.spi.SecurityMode;
import org.soapbench.core.spi.SoapStack;
import org.soapbench.results.RunMetadata;

/**
 * The JMH options of one run, merged from named profiles ({@code jmh-profiles/NAME}, in order) and
 * the command line, which wins. Single-valued options are replaced by later sources; {@code -p} and
 * {@code -prof} are keyed by parameter and profiler name; JVM argument options accumulate (the last
 * {@code -Xmx} wins, as in the JVM itself); benchmark regexes on the command line replace a profile's.
 * Our own options may appear in either: {@code --report} (write the report after the run) and
 * {@code --settle off|SECONDS} (the ceiling of the steady-state warm-up, {@link SteadyState}; 60 s by
 * default). A warm-up given on the command line ({@code -wi}, {@code -w}) wins: that run's warm-up is
 * JMH's alone, unless the command line also says {@code --settle}.
 */
final class RunOptions {

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
    /** The profilers every run gets: steady-state evidence, and CPU time beside wall time. */
    static final List<String> OWN_PROFILERS = List.of(SteadyStateProfiler.class.getName(),
            CpuTimeProfiler.class.getName());
    /** {@link StackState#stack}'s name as JMH's {@code -p} takes it. */
    static final String STACK_PARAM = "stack";

    private final Map<String, String[]> options = new LinkedHashMap<>();
    private final List<String> regexes = new ArrayList<>();
    private final Map<String, String> gcSource = new LinkedHashMap<>();
    private boolean report;
    /** Whether the result format was asked for by a profile (not overridden on the command line). */
    private boolean formatFromProfile;
    private SteadyState.Settings settle = new SteadyState.Settings(true, SteadyState.DEFAULT_CEILING_SECONDS);
    private String settleNote;
    /** {@code --threads}: one JMH run per count, results in one file; empty for one run at JMH's -t. */
    private List<Integer> threadCounts = List.of();
    /** {@code --design}: the configurations in duets of pinned forks; null for JMH's own order. */
    private Design design;

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
     * The run's settings as run's own arguments, for the interleaved gate to give both sides alike: the
     * settling ceiling and every JMH option except parameters ({@code -p}, set per configuration) and
     * those named in {@code without}; no benchmark regexes, no profiles (they are expanded here).
     */
    List<String> settingsArguments(Set<String> without) {
        List<String> out = new ArrayList<>(List.of(SETTLE, settle.value()));
        addOptions(out, o -> !o.equals("p") && !without.contains(o));
        return out;
    }

    /** The options whose name passes {@code which}, as JMH takes them, in order. */
    private void addOptions(List<String> out, java.util.function.Predicate<String> which) {
        for (String[] option : options.values()) {
            if (which.test(option[0])) {
                out.add("-" + option[0]);
                if (option[1] != null) {
                    out.add(option[1]);
                }
            }
        }
    }

    /** True when JMH will only list or explain (-l, -lp, -lprof, -lrf, -h), not run. */
    boolean listsOnly() {
        return FLAGS.stream().anyMatch(options::containsKey);
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
                + " -D" + SteadyState.PROPERTY + "=" + settle.value();
        System.setProperty(SteadyState.PROPERTY, settle.value()); // for -f 0, where no fork reads the JVM arguments
        for (String profiler : OWN_PROFILERS) {
            options.putIfAbsent("prof " + profiler, new String[] {"prof", profiler});
        }
        String[] previous = options.get("jvmArgsPrepend");
        options.put("jvmArgsPrepend", new String[] {"jvmArgsPrepend", previous == null ? value : value + " " + previous[1]});
    }

    /**
     * Without {@code -p stack=...}, the stacks the jar carries for a default run ({@link
     * Stacks#inDefaultRun}), not {@link StackState}'s compiled-in list: a new stack module is measured
     * without an edit here. JMH applies it only to benchmarks that have a {@code stack} parameter.
     */
    void addDefaultStacks() {
        if (!options.containsKey("p " + STACK_PARAM)) {
            options.put("p " + STACK_PARAM, new String[] {"p", STACK_PARAM + "=" + String.join(",", Stacks.inDefaultRun())});
        }
    }

    /** The stacks this run's {@code -p stack=} names, once {@link #addDefaultStacks} has run. */
    List<String> stacks() {
        String value = options.get("p " + STACK_PARAM)[1];
        return List.of(value.substring(value.indexOf('=') + 1).split(","));
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

    SteadyState.Settings settle() {
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

    /** Why settling is off though no one said {@code --settle off}, or null. */
    String settleNote() {
        return settleNote;
    }

    String option(String name) {
        String[] o = options.get(name);
        return o == null ? null : o[1];
    }

    void set(String name, String value) {
        options.put(name, new String[] {name, value});
    }

    void addProfile(String name, String text) {
        String[] lines = text.split("\r?\n");
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = "profile '" + name + "', line " + (n + 1);
            if (line.equals(REPORT)) {
                report = true;
            } else if (line.startsWith(SETTLE + " ") || line.startsWith(SETTLE + "=")) {
                settle = SteadyState.Settings.parse(line.substring(SETTLE.length() + 1), where);
            } else if (line.startsWith(DESIGN + " ") || line.startsWith(DESIGN + "=")) {
                design = Design.parse(line.substring(DESIGN.length() + 1), where);
            } else if (line.startsWith(THREADS + " ") || line.startsWith(THREADS + "=")) {
                threadCounts = ThreadCounts.parse(line.substring(THREADS.length() + 1).strip(), where).counts();
            } else if (line.startsWith("-")) {
                int space = line.indexOf(' ');
                String option = (space < 0 ? line : line.substring(0, space)).substring(1);
                String value = space < 0 ? null : resolve(line.substring(space + 1).strip(), where);
                add(option, value, where);
                formatFromProfile |= option.equals("rf");
            } else {
                regexes.add(line); // a benchmark regex
            }
        }
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
        List<String> args = request.jmh();
        List<String> commandRegexes = new ArrayList<>();
        String warmupGiven = null;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("--")) {
                throw new IllegalArgumentException("Unknown option '" + arg + "': soapbench's own are " + PROFILE + ", "
                        + SETTLE + ", " + THREADS + ", " + DESIGN + ", " + REPORT + ", --help and --version, and JMH's (-h "
                        + "lists them) start with one dash.");
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
            settle = SteadyState.Settings.OFF;
            settleNote = "the command line sets the warm-up (" + warmupGiven + "), so JMH's warm-up is all there is: "
                    + "no settling (add --settle 60s to settle first)";
        }
        if (!commandRegexes.isEmpty()) {
            regexes.clear();
            regexes.addAll(commandRegexes);
        }
        if (!threadCounts.isEmpty() && options.containsKey("t")) {
            throw new IllegalArgumentException("-t " + option("t") + " and " + THREADS + " both set the thread count; "
                    + "give one (-t for one run, " + THREADS + " for a sweep).");
        }
    }

    List<Integer> threadCounts() {
        return threadCounts;
    }

    /** The duets' design, or null where JMH runs the forks in its own order (no --design, or --design jmh). */
    Design design() {
        return design == Design.JMH ? null : design;
    }

    private void add(String option, String value, String where) {
        if (FLAGS.contains(option) != (value == null)) {
            throw new IllegalArgumentException(where + ": -" + option
                    + (value == null ? " needs a value." : " takes no value, but got '" + value + "'."));
        }
        validate(option, value, where);
        if (JVM_ARGS.contains(option)) {
            Matcher gc = GC_CHOICE.matcher(value);
            while (gc.find()) {
                String earlier = gcSource.put("gc", where + " (" + gc.group() + ")");
                if (earlier != null && !earlier.endsWith("(" + gc.group() + ")")) {
                    throw new IllegalArgumentException(where + " chooses " + gc.group() + ", but " + earlier
                            + " already chose a garbage collector; combine at most one GC profile.");
                }
            }
            String[] previous = options.get(option);
            options.put(option, new String[] {option, previous == null ? value : previous[1] + " " + value});
            return;
        }
        String key = switch (option) {
            case "p" -> "p " + value.substring(0, Math.max(0, value.indexOf('=')));
            case "prof" -> "prof " + value.split(":", 2)[0];
            default -> option;
        };
        options.remove(key); // a later source replaces, and moves to the end, an earlier value
        options.put(key, new String[] {option, value});
    }

    /** JMH's own parser judges each option, so a profile error names its file and line. */
    private static void validate(String option, String value, String where) {
        List<String> one = new ArrayList<>(List.of("-" + option));
        if (value != null) {
            one.add(value);
        }
        try {
            new CommandLineOptions(one.toArray(String[]::new));
        } catch (CommandLineOptionException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage());
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
