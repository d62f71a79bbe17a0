#!/usr/bin/env bash
# CXF's cost duets on small, quiet then beside `noise`, one sitting; run under the CPU lock.
cd "$(dirname "$0")"
cp ../main/benchmarks.jar .   # the jar of fb4e368
for half in quiet noisy; do
  mkdir -p $half && cd $half
  date -u +%FT%TZ > times.txt
  vmstat -t 5 > vmstat.txt &
  V=$!
  N=
  if [ $half = noisy ]; then
    java -jar ../benchmarks.jar noise --for 60m --seed 106 > noise.txt 2>&1 &
    N=$!
  fi
  java -jar ../benchmarks.jar --design same-cpu --settle 180s -f 3 -wi 6 -w 500ms -i 16 -r 500ms -foe false \
    -rf json -rff jmh.json --report --beside security,encoding -p stack=cxf SeismicQuery.small > console.txt 2>&1
  echo "rc=$?" >> times.txt
  kill $N $V
  date -u +%FT%TZ >> times.txt
  cd ..
done
