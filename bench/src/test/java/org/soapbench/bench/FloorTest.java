package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.soapbench.core.dataset.QuerySet;
import org.soapbench.core.dataset.SeismicDataset;
import org.soapbench.core.keys.KeyMaterial;
import org.soapbench.core.loading.Loopback;
import org.soapbench.core.loading.Stacks;
import org.soapbench.core.spi.ClientCredentials;
import org.soapbench.core.spi.Encoding;
import org.soapbench.core.spi.Scenario;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.core.spi.ServerCredentials;
import org.soapbench.core.spi.StackUnavailableException;
import org.soapbench.core.spi.WireMessage;
import org.soapbench.core.wire.WireCapture;

/** The JAXB floor answers like the dataset, puts its encoding on the wire, and refuses security. */
class FloorTest {

    @ParameterizedTest(name = "floor {0}")
    @ValueSource(strings = {"xml", "fi"})
    void floorAnswersEqualOracleInItsEncoding(String encoding) {
        SeismicDataset dataset = SeismicDataset.standard();
        KeyMaterial keys = KeyMaterial.shared();
        WireCapture capture = new WireCapture();
        try (Loopback loopback = Loopback.open(Stacks.load(Floor.STACK), Stacks.load(Floor.STACK),
                Scenario.of("plain", encoding), ClientCredentials.standard(keys), ServerCredentials.standard(keys),
                new SeismicService(dataset), capture::around)) {
            for (String name : new String[] {"small", "large", "sweep-0", "sweep-10000"}) {
                QuerySet set = QuerySet.named(dataset, name);
                for (int i = 0; i < set.size(); i += Math.max(1, set.size() / 4)) {
                    assertEquals(set.answer(i), loopback.client().query(set.query(i)), name + "[" + i + "]");
                    WireMessage response = capture.lastExchange().response();
                    assertEquals(Encoding.of(encoding), response.encoding());
                    if (response.encoding() == Encoding.FAST_INFOSET) {
                        assertArrayEquals(Wire.FI_MAGIC, Arrays.copyOf(response.body(), 4));
                    } else {
                        assertTrue(response.text().contains("matchQuakesResponse"));
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "floor refuses {0}")
    @ValueSource(strings = {"username", "sign", "signencr"})
    void floorRefusesSecurityWithOneSentence(String security) {
        StackUnavailableException e = assertThrows(StackUnavailableException.class,
                () -> SelfLoopback.open(Stacks.load(Floor.STACK), Scenario.of(security, "xml"), KeyMaterial.shared(),
                        new SeismicService(SeismicDataset.standard())));
        assertEquals("Stack 'jaxb-floor' cannot run configuration " + security + "/xml: it does not support security mode '"
                + security + "'.", e.getMessage());
    }
}
