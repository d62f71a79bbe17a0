#!/bin/bash
# The four-round run judged again on every one, two and three of its rounds (duet_rounds_kept.py), by this commit's
# report (the jar beside this file): each judgement's duet stray and cost-table half-widths (halfwidths.py of
# the quiet-quarter sample), then each single round's cost ratios.
cd "$(dirname "$0")"
out=$(mktemp -d)
for s in 1 2 3 4 1,2 1,3 1,4 2,3 2,4 3,4 1,2,3 1,2,4 1,3,4 2,3,4 1,2,3,4; do
  n=r$(echo $s | tr -d ,)
  python3 duet_rounds_kept.py cxf-small-f7/jmh.json $out/$n.json $s
  java -jar benchmarks.jar report --out $out/$n $out/$n.json > /dev/null
  printf 'rounds %-8s %-42s %s\n' $s "$(grep -o 'strays by[^)]*' $out/$n/summary.md)" \
    "$(python3 ../sample-cost-quiet-quarter-2026-12-07/halfwidths.py $out/$n/summary.md | cut -c64-)"
done
for s in 1 2 3 4 1234; do
  echo "== rounds $s: sign and signencr over plain (xml, fi); FI over XML (plain, username, sign, signencr)"
  grep -A4 '× plain)' $out/r$s/summary.md | tail -2; grep -A6 'FI / XML' $out/r$s/summary.md | tail -4
done
