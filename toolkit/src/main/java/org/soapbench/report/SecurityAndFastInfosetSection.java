package org.soapbench.report;

import static org.soapbench.report.Cells.ratio;

import java.util.ArrayList;
import java.util.List;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.Configuration;
import org.soapbench.results.JmhResult;

/** Each security mode as a multiple of the same stack's plain time, and XML time over Fast Infoset time. */
final class SecurityAndFastInfosetSection implements Section {

    @Override
    public boolean judges() {
        return true;
    }

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        List<JmhResult> rows = results.select(r -> r.shortName().startsWith("SeismicQuery."));
        if (rows.isEmpty()) {
            return;
        }
        doc.heading(2, "Security overhead and Fast Infoset");
        doc.paragraph("Each security mode's time divided by the same stack's plain time; and Fast Infoset time divided by "
                + "XML time (below 1: FI is faster).");
        Table t = new Table("stack", "workload", "encoding", "username / plain", "sign / plain", "signencr / plain");
        Table fi = new Table("stack", "workload", "security", "fi / xml");
        for (JmhResult r : RunResults.sorted(rows)) {
            String wl = r.method();
            Configuration c = r.configuration();
            if (c.security().equals("plain")) {
                List<String> cells = new ArrayList<>(List.of(c.stack(), wl, c.encoding()));
                for (String mode : List.of("username", "sign", "signencr")) {
                    JmhResult m = results.find(r, o -> o.withSecurity(mode));
                    cells.add(m == null ? "" : ratio(results, m, r));
                }
                t.row(cells.toArray(String[]::new));
            }
            if (c.encoding().equals("xml")) {
                JmhResult f = results.find(r, o -> o.withEncoding("fi"));
                if (f != null) {
                    fi.row(c.stack(), wl, c.security(), ratio(results, f, r));
                }
            }
        }
        doc.table(t);
        doc.table(fi);
    }
}
