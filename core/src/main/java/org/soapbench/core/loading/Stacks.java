package org.soapbench.core.loading;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.soapbench.core.spi.SoapStack;

/**
 * Finds the stacks the harness carries and loads each in its own class loader.
 *
 * <p>A stack is a set of jars under {@code stacks/<id>/} on the class path: a directory when running
 * from a build's {@code target/classes}, entries of {@code benchmarks.jar} when running from the jar
 * (then they are extracted once, to a cache directory keyed by the jar's identity, since a class
 * loader cannot read a jar inside a jar), or the directory named by {@code -Dsoapbench.stacks.dir}.
 * Inside its loader the stack's {@link SoapStack} is found with {@link ServiceLoader}.
 */
public final class Stacks {

    private static final String ROOT = "stacks/";
    private static final Map<String, SoapStack> LOADED = new TreeMap<>();

    private Stacks() {
    }

    /** The ids of every stack the harness carries, sorted. */
    public static List<String> ids() {
        return new ArrayList<>(jarSets().keySet());
    }

    /**
     * Each stack's version as its jar set declares it ({@code META-INF/soapbench-stack.properties}),
     * read without loading the stack: for run metadata.
     */
    public static Map<String, String> versions() {
        Map<String, String> versions = new TreeMap<>();
        declarations().forEach((id, p) -> versions.put(id, p.getProperty("version", "unknown")));
        return versions;
    }

    /**
     * The stacks a run measures when no {@code -p stack=...} names them: every SOAP stack the harness
     * carries whose jar set says {@code inDefaultRun=true}, so that adding a stack module adds it to
     * the default run; version twins (cxf-4.1) and the floor say false.
     */
    public static List<String> inDefaultRun() {
        List<String> ids = new ArrayList<>();
        declarations().forEach((id, p) -> {
            if (Boolean.parseBoolean(p.getProperty("inDefaultRun", "true"))) {
                ids.add(id);
            }
        });
        return ids;
    }

    /** What each jar set says of itself, read without loading it. */
    private static Map<String, java.util.Properties> declarations() {
        Map<String, java.util.Properties> declared = new TreeMap<>();
        for (Map.Entry<String, List<URL>> set : jarSets().entrySet()) {
            for (URL jar : set.getValue()) {
                try (JarFile file = new JarFile(Path.of(jar.toURI()).toFile())) {
                    JarEntry entry = file.getJarEntry("META-INF/soapbench-stack.properties");
                    if (entry != null) {
                        java.util.Properties p = new java.util.Properties();
                        try (InputStream in = file.getInputStream(entry)) {
                            p.load(in);
                        }
                        declared.put(set.getKey(), p);
                    }
                } catch (IOException | URISyntaxException e) {
                    throw new IllegalStateException("Cannot read " + jar, e);
                }
            }
        }
        return declared;
    }

    /**
     * Loads a stack once per JVM. An unknown id fails with a sentence that lists the known ones.
     */
    public static synchronized SoapStack load(String id) {
        SoapStack loaded = LOADED.get(id);
        if (loaded == null) {
            loaded = open(id);
            LOADED.put(id, loaded);
        }
        return loaded;
    }

    private static SoapStack open(String id) {
        Map<String, List<URL>> sets = jarSets();
        List<URL> jars = sets.get(id);
        if (jars == null) {
            throw new IllegalArgumentException("Unknown stack '" + id + "'; the stacks in this build are: "
                    + String.join(", ", sets.keySet()) + ".");
        }
        StackClassLoader loader = new StackClassLoader(id, jars.toArray(URL[]::new), Stacks.class.getClassLoader());
        // Providers are built with the stack's loader as context loader, as every later call is (IsolatedStack).
        List<SoapStack> found = IsolatedStack.inLoader(loader, () -> {
            List<SoapStack> own = new ArrayList<>();
            for (SoapStack s : ServiceLoader.load(SoapStack.class, loader)) {
                if (s.getClass().getClassLoader() == loader && s.id().equals(id)) {
                    own.add(s);
                }
            }
            return own;
        });
        if (found.size() != 1) {
            throw new IllegalStateException("Stack '" + id + "' must register exactly one SoapStack with id '" + id
                    + "' in META-INF/services/" + SoapStack.class.getName() + " of its jars, but " + found.size()
                    + " were found.");
        }
        return new IsolatedStack(found.get(0), loader);
    }

    /** Stack id to the jars of its set, from a directory tree or from a jar on the class path. */
    private static Map<String, List<URL>> jarSets() {
        String override = System.getProperty("soapbench.stacks.dir");
        try {
            if (override != null) {
                return jarSetsIn(Path.of(override));
            }
            URL root = Stacks.class.getClassLoader().getResource(ROOT);
            if (root != null && root.getProtocol().equals("file")) {
                return jarSetsIn(Path.of(root.toURI()));
            }
            for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
                Path jar = Path.of(entry);
                if (entry.endsWith(".jar") && Files.isRegularFile(jar) && carriesStacks(jar)) {
                    return jarSetsIn(extracted(jar).resolve(ROOT));
                }
            }
            return new TreeMap<>();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the stacks this build carries", e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean carriesStacks(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream().anyMatch(e -> e.getName().startsWith(ROOT) && e.getName().endsWith(".jar"));
        }
    }

    private static Map<String, List<URL>> jarSetsIn(Path root) throws IOException {
        Map<String, List<URL>> sets = new TreeMap<>();
        if (!Files.isDirectory(root)) {
            return sets;
        }
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().collect(Collectors.toList())) {
                List<URL> jars = new ArrayList<>();
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path jar : files.filter(p -> p.toString().endsWith(".jar")).sorted().collect(Collectors.toList())) {
                        jars.add(toUrl(jar));
                    }
                }
                if (!jars.isEmpty()) {
                    sets.put(dir.getFileName().toString(), Collections.unmodifiableList(jars));
                }
            }
        }
        return sets;
    }

    /** Extracts {@code stacks/**} of the jar once; later JVMs (JMH forks) reuse the same directory. */
    private static Path extracted(Path jar) throws IOException {
        String key = Integer.toHexString(jar.toAbsolutePath().toString().hashCode()) + "-" + Files.size(jar) + "-"
                + Files.getLastModifiedTime(jar).toMillis();
        Path target = Path.of(System.getProperty("java.io.tmpdir"), "soapbench-stacks", key);
        if (Files.isDirectory(target)) {
            return target;
        }
        Files.createDirectories(target.getParent());
        Path staging = Files.createTempDirectory(target.getParent(), key + ".tmp");
        try (JarFile file = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                if (entry.isDirectory() || !entry.getName().startsWith(ROOT) || entry.getName().contains("..")) {
                    continue;
                }
                Path out = staging.resolve(entry.getName());
                Files.createDirectories(out.getParent());
                try (InputStream in = file.getInputStream(entry)) {
                    Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        try {
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
            // Another JVM extracted the same jar first; its copy is identical.
            deleteTree(staging);
        } catch (IOException e) {
            if (!Files.isDirectory(target)) {
                throw e;
            }
            deleteTree(staging);
        }
        return target;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Collections.reverseOrder()).collect(Collectors.toList())) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static URL toUrl(Path path) {
        try {
            return path.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }
}
