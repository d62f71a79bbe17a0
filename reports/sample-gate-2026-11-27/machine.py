#!/usr/bin/env python3
"""Speed probe percentiles and steal share over every measured iteration of the given JMH files
(the report's machine sentence, MachineState, gives only the range of the results' means).
Usage: machine.py FILE.json..."""
import json, statistics as st, sys
probe, steal, unit = [], [], None
for f in sys.argv[1:]:
    for r in json.load(open(f)):
        sm = r.get('secondaryMetrics', {})
        if '·machine.probe' in sm:
            probe += [v for fork in sm['·machine.probe']['rawData'] for v in fork]
            unit = sm['·machine.probe']['scoreUnit']
        if '·machine.steal' in sm: steal += [v for fork in sm['·machine.steal']['rawData'] for v in fork]
q = st.quantiles(probe, n=10)
print('probe: %d iterations, median %.2f %s (p10 %.2f, p90 %.2f)' % (len(probe), st.median(probe), unit, q[0], q[-1]))
print('steal: %s' % ('%d iterations, mean %.3f%%, max %.2f%%' % (len(steal), st.mean(steal), max(steal)) if steal else 'not recorded'))
