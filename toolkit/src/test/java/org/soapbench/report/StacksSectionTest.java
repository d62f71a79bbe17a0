package org.soapbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.soapbench.results.RunMetadata;
import org.soapbench.results.SyntheticResults;

/** The report's stacks table carries what each stack's server accepts against the policy, as the run recorded it. */
class StacksSectionTest {

    @TempDir
    Path dir;

    @Test
    void whatAServerAcceptsAgainstThePolicyTravelsInTheRunAndIsAFindingInTheStacksTable() throws Exception {
        String why = "Wss4jSecurityInterceptor checks that the named actions happened, not which parts they covered";
        String args = RunMetadata.jvmArguments(Map.of("cxf", "4.2.3", "spring-ws", "5.0.2"), List.of(
                new RunMetadata.Capabilities("cxf", List.of("plain", "sign"), List.of("xml", "fi"), null),
                new RunMetadata.Capabilities("spring-ws", List.of("plain", "sign"), List.of("xml", "fi"), null,
                        Map.of("body-signed", why))));
        assertTrue(!args.contains("  ") && args.contains("-D" + RunMetadata.UNENFORCED + "=spring-ws:body-signed="), args);
        Map<String, RunMetadata.Capabilities> read = RunMetadata.capabilities(RunMetadata.read(List.of(args.split(" "))));
        assertEquals(Map.of("body-signed", why), read.get("spring-ws").unenforced());
        assertEquals(Map.of(), read.get("cxf").unenforced());

        SyntheticResults s = new SyntheticResults();
        for (String stack : List.of("cxf", "spring-ws")) {
            ObjectNode r = s.add("SeismicQuery.small", 100, 5, SyntheticResults.config(stack, "plain", "xml"));
            ArrayNode jvmArgs = (ArrayNode) r.get("jvmArgs");
            jvmArgs.removeAll();
            for (String arg : args.split(" ")) {
                jvmArgs.add(arg);
            }
        }
        Path out = dir.resolve("stacks");
        assertEquals(0, Report.run(new String[] {"--out", out.toString(), s.write(dir.resolve("s.json")).toString()}));
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("## Stacks"), md);
        assertTrue(md.contains("| cxf 4.2.3 | plain, sign | xml, fi | nothing the enforcement tests send |"), md);
        assertTrue(md.contains("| spring-ws 5.0.2 | plain, sign | xml, fi | ⚠ a signature that leaves the Body unsigned "
                + "(it covers only the Timestamp) (" + why + ") |"), md);
    }
}
