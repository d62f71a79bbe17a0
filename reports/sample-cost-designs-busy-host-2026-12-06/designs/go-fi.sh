#!/bin/bash
# One sitting, designs alternated: FI beside XML on plain and username (CXF small), each fork on its own CPU
# (same-moment) against both forks on one shared CPU (same-cpu). Does sharing a CPU inflate XML and FI alike?
cd /work/scratch/s18/fi
vmstat -t 10 > vmstat.txt & V=$!
for d in same-moment-1 same-cpu-1 same-moment-2 same-cpu-2; do
  mkdir -p $d; cd $d
  date -u +%FT%TZ > times.txt
  D=${d%-*}; S=120s; [ $D = same-moment ] && S=60s
  java -jar ../../trace.jar --design $D --settle $S -f 5 -wi 6 -w 500ms -i 16 -r 500ms -foe false -rf json -rff jmh.json --beside encoding -p stack=cxf -p security=plain,username SeismicQuery.small > console.txt 2>&1
  echo rc=$? >> times.txt; date -u +%FT%TZ >> times.txt
  cd ..
done
kill $V
