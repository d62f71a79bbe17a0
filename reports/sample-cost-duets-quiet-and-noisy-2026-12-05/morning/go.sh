#!/usr/bin/env bash
# CXF's cost duets on small, as on 2026-11-29 (sample-secured-gate-fi-2026-11-29/cost-small), no neighbour.
cd "$(dirname "$0")"
date -u +%FT%TZ > times.txt
vmstat -t 5 > vmstat.txt &
V=$!
java -jar benchmarks.jar --design same-cpu --settle 180s -f 3 -wi 6 -w 500ms -i 16 -r 500ms -foe false -rf json -rff cost/jmh.json --report --beside security,encoding -p stack=cxf SeismicQuery.small > console.txt 2>&1
echo "rc=$?" >> times.txt
kill $V
date -u +%FT%TZ >> times.txt
