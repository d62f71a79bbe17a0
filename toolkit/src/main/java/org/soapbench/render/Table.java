package org.soapbench.render;

import java.util.ArrayList;
import java.util.List;

/** A table written twice, as Markdown (summary.md) and as HTML (index.html). */
public final class Table {

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    public Table(String... headers) {
        this.headers = List.of(headers);
    }

    public Table row(String... cells) {
        rows.add(List.of(cells));
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("| ").append(String.join(" | ", headers)).append(" |\n|");
        headers.forEach(h -> md.append("---|"));
        md.append('\n');
        for (List<String> row : rows) {
            md.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        return md.toString();
    }

    public String html() {
        StringBuilder html = new StringBuilder("<table>\n<tr>");
        headers.forEach(h -> html.append("<th>").append(escape(h)).append("</th>"));
        html.append("</tr>\n");
        for (List<String> row : rows) {
            html.append("<tr>");
            row.forEach(c -> html.append(cell(c)).append(escape(c)).append("</td>"));
            html.append("</tr>\n");
        }
        return html.append("</table>\n").toString();
    }

    /** A flagged figure in red; words (not figures) aligned left, where they read. */
    private static String cell(String c) {
        if (c.startsWith("⚠") || c.startsWith("◷")) {
            return "<td class=\"warn\">";
        }
        return FIGURE.matcher(c).lookingAt() || c.isEmpty() ? "<td>" : "<td class=\"text\">";
    }

    private static final java.util.regex.Pattern FIGURE = java.util.regex.Pattern.compile("[≈ ]*[-+]?[0-9.,]+([×%* ]|$)");

    public static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
