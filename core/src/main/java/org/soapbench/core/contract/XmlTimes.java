package org.soapbench.core.contract;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import javax.xml.datatype.DatatypeConfigurationException;
import javax.xml.datatype.DatatypeConstants;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;

/**
 * Conversions between the dataset's UTC milliseconds and {@code xs:dateTime} as JAXB binds it, so
 * that every JAXB-based adapter maps times the same (cheap) way.
 */
public final class XmlTimes {

    private XmlTimes() {
    }

    /**
     * A {@code javax.xml.datatype} factory, found as {@link DatatypeFactory#newInstance()} finds it: call
     * it inside the stack (its class loader is then the context one), so each stack gets its own.
     */
    public static DatatypeFactory datatypeFactory() {
        try {
            return DatatypeFactory.newInstance();
        } catch (DatatypeConfigurationException e) {
            throw new IllegalStateException("No javax.xml.datatype implementation", e);
        }
    }

    public static XMLGregorianCalendar toCalendar(DatatypeFactory factory, long millis) {
        LocalDateTime t = LocalDateTime.ofEpochSecond(Math.floorDiv(millis, 1000L), 0, ZoneOffset.UTC);
        return factory.newXMLGregorianCalendar(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(),
                t.getMinute(), t.getSecond(), (int) Math.floorMod(millis, 1000L), 0);
    }

    public static long toMillis(XMLGregorianCalendar c) {
        long seconds = LocalDateTime.of(c.getYear(), c.getMonth(), c.getDay(), c.getHour(), c.getMinute(), c.getSecond())
                .toEpochSecond(ZoneOffset.UTC);
        int zoneMinutes = c.getTimezone() == DatatypeConstants.FIELD_UNDEFINED ? 0 : c.getTimezone();
        int millis = c.getMillisecond() == DatatypeConstants.FIELD_UNDEFINED ? 0 : c.getMillisecond();
        return (seconds - zoneMinutes * 60L) * 1000L + millis;
    }
}
