#!/usr/bin/env bash
# The secured gate with the four default stacks, XML injected 5%, FI A/A, no neighbour started (the host was busy). Run under the CPU lock.
cd "$(dirname "$0")"
date -u +%FT%TZ > times.txt
vmstat -t 5 > vmstat.txt &
V=$!
java -jar benchmarks.jar gate --head benchmarks.jar --profile ci-secured \
  --inject-slowdown 5% --inject-where encoding=xml --confidence 99.9% --threshold 2% --seed 8020 --out gate > console.txt 2>&1
echo "rc=$?" >> times.txt
kill $V
date -u +%FT%TZ >> times.txt
