#!/usr/bin/env bash
# The secured gate (four rounds), quiet: no neighbour. XML injected (FI A/A), then FI injected (XML A/A),
# one sitting, under one CPU lock held by the caller, nothing else running.
cd "$(dirname "$0")"
cp ../fi-noisy/benchmarks.jar .
for half in xml:8020 fi:8021; do
  enc=${half%%:*}; seed=${half##*:}
  mkdir -p $enc && cd $enc
  date -u +%FT%TZ > times.txt
  vmstat -t 5 > vmstat.txt &
  V=$!
  java -jar ../benchmarks.jar gate --head ../benchmarks.jar --profile ci-secured -p stack=cxf,metro,axis2 \
    --inject-slowdown 5% --inject-where encoding=$enc --confidence 99.9% --threshold 2% --seed $seed --out gate > console.txt 2>&1
  echo "rc=$?" >> times.txt
  kill $V
  date -u +%FT%TZ >> times.txt
  cd ..
done
