#!/usr/bin/env bash
# The secured gate (four rounds) beside the noisy neighbour, FI injected, XML A/A. Run under the CPU lock.
cd "$(dirname "$0")"
date -u +%FT%TZ > times.txt
vmstat -t 5 > vmstat.txt &
V=$!
java -jar benchmarks.jar noise --for 90m --seed 104 > noise.txt 2>&1 &
N=$!
java -jar benchmarks.jar gate --head benchmarks.jar --profile ci-secured -p stack=cxf,metro,axis2 \
  --inject-slowdown 5% --inject-where encoding=fi --confidence 99.9% --threshold 2% --seed 8019 --out gate > console.txt 2>&1
echo "rc=$?" >> times.txt
kill $N $V
date -u +%FT%TZ >> times.txt
