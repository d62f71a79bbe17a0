#!/bin/bash
# The machine's speed alone: a 20-s CXF plain fork after 10 s of warm-up, printing the speed probe's median.
# Usage: bash probe.sh path/to/benchmarks.jar (under the CPU lock, nothing else running)
T=$(mktemp -d)
java -jar "$1" -p stack=cxf -p security=plain -p encoding=xml -f 1 -wi 10 -w 1 -i 20 -r 1 -rf json -rff $T/p.json SeismicQuery.small > $T/p.log 2>&1
python3 -c "
import json, statistics as s
r = json.load(open('$T/p.json'))[0]; d = r['secondaryMetrics']['·machine.probe']['rawData'][0]
st = r['secondaryMetrics']['·machine.steal']['rawData'][0]
print('probe median %.2f ms (min %.2f max %.2f), steal %.2f%%' % (s.median(d) / 1000, min(d) / 1000, max(d) / 1000, s.mean(st)))"
rm -rf $T
