package org.soapbench.report;

import org.soapbench.render.Charts;

/** One part of the report, written into its document; nothing when the results hold nothing for it. */
interface Section {

    void write(RunResults results, Document doc, Charts charts);

    /** Whether the section sees results over every transport; the others see the pipe's alone. */
    default boolean allTransports() {
        return false;
    }
}
