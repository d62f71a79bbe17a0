package org.soapbench.report;

import org.soapbench.render.Charts;

/** One part of the report, written into its document; nothing when the results hold nothing for it. */
interface Section {

    void write(RunResults results, Document doc, Charts charts);

    /**
     * Whether the section sees results over every transport and thread count; the others see the
     * pipe's one-thread results alone, so a thread sweep or an http run adds rows only where it is the subject.
     */
    default boolean everyTransportAndThreadCount() {
        return false;
    }
}
