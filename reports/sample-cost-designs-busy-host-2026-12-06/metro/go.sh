#!/bin/bash
# Metro's cost duets on small, the cost profile as it stands (same-cpu, beside security and encoding)
cd /work/scratch/s18/metro
vmstat -t 10 > vmstat.txt & V=$!
date -u +%FT%TZ > times.txt
java -jar ../trace.jar --profile cost -p stack=metro SeismicQuery.small > console.txt 2>&1
echo rc=$? >> times.txt; date -u +%FT%TZ >> times.txt
kill $V
