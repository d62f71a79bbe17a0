#!/bin/bash
# Busy host, nothing of ours beside: CXF signencr beside plain, small, same-moment (a CPU each, swapping) then same-cpu (one CPU shared)
cd /work/scratch/s18/ab
vmstat -t 10 > vmstat.txt & V=$!
for d in same-moment same-cpu; do
  mkdir -p $d; cd $d
  date -u +%FT%TZ > times.txt
  S=180s; [ $d = same-moment ] && S=90s
  java -jar ../../trace.jar --design $d --settle $S -f 9 -wi 6 -w 500ms -i 16 -r 500ms -foe false -rf json -rff jmh.json --beside security -p stack=cxf -p security=plain,signencr SeismicQuery.small > console.txt 2>&1
  echo rc=$? >> times.txt; date -u +%FT%TZ >> times.txt
  cd ..
done
kill $V
