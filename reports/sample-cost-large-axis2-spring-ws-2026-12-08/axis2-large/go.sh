#!/bin/bash
# axis2's cost duets on large, one sitting, vmstat beside (run under the CPU lock, nothing else running)
cd "$(dirname "$0")"
vmstat -t 10 > vmstat.txt & V=$!
echo "start $(date -u +%FT%TZ)" > times.txt
java -jar ../benchmarks.jar --profile cost -p stack=axis2 -rff jmh.json SeismicQuery.large > console.txt 2>&1
echo "exit $? end $(date -u +%FT%TZ)" >> times.txt
kill $V
