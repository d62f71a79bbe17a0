package org.soapbench.stack.jaxb;

import java.util.List;
import org.soapbench.core.contract.XmlTimes;
import org.soapbench.core.spi.Answer;
import org.soapbench.stack.jaxb.generated.Quake;

/** A client's side of the mapping: every quake of a response, read into the harness's {@link Answer}. */
public final class QuakeAnswers {

    private QuakeAnswers() {
    }

    public static Answer of(List<Quake> quakes) {
        Answer.Builder answer = new Answer.Builder();
        for (Quake k : quakes) {
            answer.add(k.getId(), XmlTimes.toMillis(k.getTime()), k.getLatitude(), k.getLongitude(),
                    k.getDepth(), k.getMagnitude(), k.getMagnitudeType(), k.getRegion());
        }
        return answer.build();
    }
}
