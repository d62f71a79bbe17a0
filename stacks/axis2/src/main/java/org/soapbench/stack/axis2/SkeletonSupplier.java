package org.soapbench.stack.axis2;

import org.apache.axis2.AxisFault;
import org.apache.axis2.ServiceObjectSupplier;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.Parameter;

/**
 * Hands Axis2's message receiver the one skeleton the server was opened with (Axis2 would
 * otherwise instantiate the service class itself, with no way to give it the dataset). With the
 * service in application scope Axis2 asks once and keeps the object, as CXF keeps its service bean.
 */
public final class SkeletonSupplier implements ServiceObjectSupplier {

    /** The service parameter that holds the skeleton. */
    static final String PARAMETER = SkeletonSupplier.class.getName() + ".skeleton";

    @Override
    public Object getServiceObject(AxisService service) throws AxisFault {
        Parameter skeleton = service.getParameter(PARAMETER);
        if (skeleton == null) {
            throw new AxisFault("Service " + service.getName() + " has no " + PARAMETER + " parameter.");
        }
        return skeleton.getValue();
    }
}
