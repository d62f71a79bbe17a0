package org.soapbench.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.soapbench.render.Table;

/**
 * The report as a list of blocks (headings, paragraphs, tables, images), written once by the sections
 * and rendered twice from that one source: as Markdown ({@code summary.md}) and as HTML
 * ({@code index.html}), so the two never drift apart.
 */
final class Document {

    private interface Block {
        void markdown(StringBuilder md);

        void html(StringBuilder html);
    }

    private final List<Block> blocks = new ArrayList<>();
    private final Set<String> ids = new HashSet<>();
    private String section = "";

    void heading(int level, String text) {
        String id = id(level, text);
        blocks.add(new Block() {
            @Override
            public void markdown(StringBuilder md) {
                md.append("#".repeat(level)).append(' ').append(text).append("\n\n");
            }

            @Override
            public void html(StringBuilder html) {
                html.append("<h").append(level).append(" id=\"").append(id).append("\">").append(Table.escape(text))
                        .append("</h").append(level).append(">\n");
            }
        });
    }

    /**
     * A heading's anchor, so that a section can be linked to (index.html#bytes-on-the-wire-small): its
     * words before any parenthesis, under its section's for a subheading, made unique by a number.
     */
    private String id(int level, String text) {
        String slug = text.replaceFirst("\\s*\\(.*", "").toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        if (level <= 2) {
            section = slug;
        } else if (!section.isEmpty()) {
            slug = section + "-" + slug;
        }
        String base = slug.isEmpty() ? "section" : slug;
        String id = base;
        for (int n = 2; !ids.add(id); n++) {
            id = base + "-" + n;
        }
        return id;
    }

    void paragraph(String text) {
        paragraph(text, Table.escape(text));
    }

    /** A paragraph whose Markdown links, [text](address), are links in the HTML too. */
    void paragraphWithLinks(String text) {
        paragraph(text, Table.escape(text).replaceAll("\\[([^\\]]+)\\]\\(([^)\\s]+)\\)", "<a href=\"$2\">$1</a>"));
    }

    private void paragraph(String markdown, String html) {
        blocks.add(new Block() {
            @Override
            public void markdown(StringBuilder md) {
                md.append(markdown).append("\n\n");
            }

            @Override
            public void html(StringBuilder out) {
                out.append("<p>").append(html).append("</p>\n");
            }
        });
    }

    /** A bulleted list. */
    void list(List<String> items) {
        blocks.add(new Block() {
            @Override
            public void markdown(StringBuilder md) {
                items.forEach(i -> md.append("- ").append(i).append('\n'));
                md.append('\n');
            }

            @Override
            public void html(StringBuilder html) {
                html.append("<ul>\n");
                items.forEach(i -> html.append("<li>").append(Table.escape(i)).append("</li>\n"));
                html.append("</ul>\n");
            }
        });
    }

    /** A table; an empty one is left out. */
    void table(Table t) {
        if (!t.isEmpty()) {
            tableEvenEmpty(t);
        }
    }

    /** A table, written with its header even when it has no rows. */
    void tableEvenEmpty(Table t) {
        blocks.add(new Block() {
            @Override
            public void markdown(StringBuilder md) {
                md.append(t.markdown()).append('\n');
            }

            @Override
            public void html(StringBuilder html) {
                html.append(t.html());
            }
        });
    }

    /** A chart file beside the report, with alt text that says what it shows; null (no chart drawn) is left out. */
    void image(String file, String alt) {
        if (file == null) {
            return;
        }
        blocks.add(new Block() {
            @Override
            public void markdown(StringBuilder md) {
                md.append("![").append(alt).append("](").append(file).append(")\n\n");
            }

            @Override
            public void html(StringBuilder html) {
                html.append("<p><img src=\"").append(Table.escape(file)).append("\" alt=\"").append(Table.escape(alt))
                        .append("\"></p>\n");
            }
        });
    }

    String markdown() {
        StringBuilder md = new StringBuilder();
        blocks.forEach(b -> b.markdown(md));
        return md.toString();
    }

    /** The whole page. */
    String html() {
        StringBuilder body = new StringBuilder();
        blocks.forEach(b -> b.html(body));
        return """
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><title>soapbench report</title>
                <style>
                body { font-family: sans-serif; margin: 2em; max-width: 1200px; }
                table { border-collapse: collapse; margin: 1em 0; font-size: 90%; display: block; overflow-x: auto; }
                th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
                th { background: #f0f0f0; }
                td.warn { color: #a00; }
                td.text { text-align: left; }
                img { max-width: 100%; }
                </style></head><body>
                """ + body + "</body></html>\n";
    }
}
