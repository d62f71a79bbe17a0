package org.soapbench;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The relative links of Markdown files, and the anchors their headings give, as GitHub renders them:
 * a heading's anchor is its text lower-cased, with every character but letters, digits, spaces,
 * hyphens and underscores dropped, each space a hyphen, and a repeated anchor suffixed -1, -2...
 * What a link points to is checked against the files on disk; http(s) and mail links are not.
 */
final class MarkdownLinks {

    private static final Pattern FENCE = Pattern.compile("^\\s{0,3}(```|~~~)");
    private static final Pattern HEADING = Pattern.compile("^\\s{0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
    /** [text](target "title") and ![alt](target): the target without its title. */
    private static final Pattern INLINE_LINK = Pattern.compile("!?\\[(?:[^\\[\\]]|\\[[^\\]]*\\])*\\]\\(\\s*(<[^>]*>|[^\\s)]+)(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern REFERENCE = Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s*(\\S+)");
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");
    private static final Pattern NOT_IN_SLUG = Pattern.compile("[^\\p{L}\\p{N} _-]");

    private MarkdownLinks() {
    }

    /** GitHub's anchor for a heading's text (before duplicates are numbered). */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1"); // a link in a heading anchors by its text
        return NOT_IN_SLUG.matcher(text.toLowerCase(Locale.ROOT)).replaceAll("").replace(' ', '-');
    }

    /** Every anchor the headings of a Markdown text give, in order, duplicates numbered as GitHub does. */
    static Set<String> anchors(String markdown) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(markdown)) {
            Matcher m = HEADING.matcher(line);
            if (m.matches()) {
                String base = slug(m.group(2));
                int n = seen.merge(base, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? base : base + "-" + n);
            }
        }
        return anchors;
    }

    /** The link targets of a Markdown text outside code blocks and code spans, as written. */
    static List<String> targets(String markdown) {
        List<String> targets = new ArrayList<>();
        for (String line : prose(markdown)) {
            if (!line.isBlank()) {
                String text = CODE_SPAN.matcher(line).replaceAll("");
                Matcher ref = REFERENCE.matcher(text);
                if (ref.find()) {
                    targets.add(ref.group(1));
                }
                Matcher m = INLINE_LINK.matcher(text);
                while (m.find()) {
                    String target = m.group(1);
                    targets.add(target.startsWith("<") ? target.substring(1, target.length() - 1) : target);
                }
            }
        }
        return targets;
    }

    /**
     * What is wrong with the relative links of {@code file} (a Markdown file on disk), one sentence
     * each: a target that does not exist, or an anchor that no heading of its Markdown target gives.
     */
    static List<String> problems(Path file) throws IOException {
        List<String> problems = new ArrayList<>();
        String markdown = Files.readString(file);
        for (String target : targets(markdown)) {
            if (SCHEME.matcher(target).find() || target.startsWith("//")) {
                continue; // http(s), mailto: not checked
            }
            int hash = target.indexOf('#');
            String path = URLDecoder.decode(hash < 0 ? target : target.substring(0, hash), StandardCharsets.UTF_8);
            String anchor = hash < 0 ? null : target.substring(hash + 1);
            Path resolved = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
            if (!Files.exists(resolved)) {
                problems.add(file + ": link " + target + " points to " + resolved + ", which does not exist");
            } else if (path.endsWith("/") && !Files.isDirectory(resolved)) {
                problems.add(file + ": link " + target + " names a directory, but " + resolved + " is a file");
            } else if (path.endsWith(".html") && !Files.isRegularFile(resolved)) {
                problems.add(file + ": link " + target + " names a page, but " + resolved + " is not a file");
            } else if (anchor != null) {
                if (!resolved.toString().endsWith(".md") || !Files.isRegularFile(resolved)) {
                    if (!resolved.toString().endsWith(".html")) {
                        problems.add(file + ": link " + target + " has an anchor, but " + resolved + " is not a Markdown file");
                    }
                } else if (!anchors(path.isEmpty() ? markdown : Files.readString(resolved)).contains(anchor)) {
                    problems.add(file + ": link " + target + ": no heading of " + resolved + " has the anchor #" + anchor
                            + " (its anchors: " + anchors(Files.readString(resolved)) + ")");
                }
            }
        }
        return problems;
    }

    /** The lines of a Markdown text outside fenced code blocks. */
    private static List<String> prose(String markdown) {
        List<String> lines = new ArrayList<>();
        String fence = null;
        for (String line : markdown.split("\n", -1)) {
            Matcher m = FENCE.matcher(line);
            if (fence == null && m.find()) {
                fence = m.group(1);
            } else if (fence != null && line.strip().startsWith(fence)) {
                fence = null;
            } else if (fence == null) {
                lines.add(line);
            }
        }
        return lines;
    }
}
