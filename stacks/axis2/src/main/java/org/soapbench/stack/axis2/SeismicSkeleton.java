package org.soapbench.stack.axis2;

import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.TimeZone;
import org.soapbench.core.spi.Query;
import org.soapbench.core.spi.SeismicService;
import org.soapbench.stack.axis2.generated.MatchQuakes;
import org.soapbench.stack.axis2.generated.MatchQuakesResponse;
import org.soapbench.stack.axis2.generated.Quake;
import org.soapbench.stack.axis2.generated.QuakeSet;
import org.soapbench.stack.axis2.generated.SeismicServiceSkeletonInterface;

/** The service as Axis2's generated message receiver sees it: maps the ADB types to the core service and back. */
final class SeismicSkeleton implements SeismicServiceSkeletonInterface {

    static final TimeZone UTC = TimeZone.getTimeZone("UTC");

    private final SeismicService service;

    SeismicSkeleton(SeismicService service) {
        this.service = service;
    }

    @Override
    public MatchQuakesResponse matchQuakes(MatchQuakes request) {
        org.soapbench.core.spi.Quake[] found = service.match(new Query(request.getMinTime().getTimeInMillis(),
                request.getMaxTime().getTimeInMillis(), request.getMinLatitude(), request.getMaxLatitude(),
                request.getMinLongitude(), request.getMaxLongitude()));
        Quake[] quakes = new Quake[found.length];
        for (int i = 0; i < found.length; i++) {
            org.soapbench.core.spi.Quake q = found[i];
            Quake out = new Quake();
            out.setId(q.id());
            out.setTime(utc(q.timeMillis()));
            out.setLatitude(q.latitude());
            out.setLongitude(q.longitude());
            out.setDepth(q.depthKm());
            out.setMagnitude(q.magnitude());
            out.setMagnitudeType(q.magnitudeType());
            out.setRegion(q.region());
            quakes[i] = out;
        }
        QuakeSet set = new QuakeSet();
        set.setQuake(quakes);
        MatchQuakesResponse response = new MatchQuakesResponse();
        response.setQuakes(set);
        return response;
    }

    /** ADB binds xs:dateTime to Calendar; a UTC one serializes the dataset's instants unchanged. */
    static Calendar utc(long millis) {
        Calendar calendar = new GregorianCalendar(UTC);
        calendar.setTimeInMillis(millis);
        return calendar;
    }
}
