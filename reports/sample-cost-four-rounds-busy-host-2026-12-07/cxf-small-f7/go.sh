#!/bin/bash
# CXF's cost duets on small with -f 7 (four rounds of duets, against the profile's two), one sitting, vmstat beside
cd "$(dirname "$0")"
vmstat -t 10 > vmstat.txt & V=$!
echo "start $(date -u +%FT%TZ)" > times.txt
java -jar benchmarks.jar --profile cost -p stack=cxf -f 7 -rff jmh.json SeismicQuery.small > console.txt 2>&1
echo "exit $? end $(date -u +%FT%TZ)" >> times.txt
kill $V
