#!/usr/bin/env bash
# The gate judged again on each three of its four rounds:
#   bash three_rounds.sh path/to/benchmarks.jar > three-rounds.txt; python3 three_rounds.py three-rounds.txt
J=$1; D=$(cd "$(dirname "$0")" && pwd); T=$(mktemp -d)
for drop in 3 2 1 0; do
  keep=$(for i in 0 1 2 3; do [ $i != $drop ] && printf '%s ' $i; done)
  python3 "$D/../sample-secured-gate-four-rounds-2026-12-05/rounds_kept.py" "$D/xml" "$T/d$drop" $keep
  echo "== xml without round $drop"
  java -jar "$J" compare "$T/d$drop/base.json" "$T/d$drop/head.json" --paired --metric cpu --confidence 99.9% --threshold 2%
done
rm -rf "$T"
