#!/bin/bash
# signencr beside plain, CXF small, same-cpu, beside noise; settling traced per window (scratch jar)
cd /work/scratch/s18/n1
vmstat -t 10 > vmstat.txt & V=$!
java -jar ../trace.jar noise --for 30m --seed 107 > noise.txt 2>&1 & N=$!
date -u +%FT%TZ > times.txt
java -jar ../trace.jar --design same-cpu --settle 180s -f 9 -wi 6 -w 500ms -i 16 -r 500ms -foe false -rf json -rff jmh.json --beside security -p stack=cxf -p security=plain,signencr SeismicQuery.small > console.txt 2>&1
echo rc=$? >> times.txt; date -u +%FT%TZ >> times.txt
kill $N $V
