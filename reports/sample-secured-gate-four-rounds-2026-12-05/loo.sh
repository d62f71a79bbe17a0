#!/usr/bin/env bash
# Every same-CPU three-stack ci-secured run of five rounds, judged again on each four of its rounds:
# bash loo.sh path/to/benchmarks.jar > loo.txt; python3 loo_summary.py loo.txt > loo-summary.txt
J=$1; R=$(cd "$(dirname "$0")/.." && pwd); T=$(mktemp -d)
for run in sample-secured-gate-beside-noise-2026-12-04/fi sample-secured-gate-out-of-sample-2026-11-29/fi \
    sample-secured-gate-out-of-sample-2026-11-29/xml sample-secured-gate-fi-2026-11-29 sample-settle-together-2026-11-28; do
  for drop in 4 3 2 1 0; do
    keep=$(for i in 0 1 2 3 4; do [ $i != $drop ] && printf '%s ' $i; done)
    out=$T/$(echo $run | tr / _)-without-$drop
    python3 "$R/sample-secured-gate-four-rounds-2026-12-05/rounds_kept.py" "$R/$run" "$out" $keep
    echo "== $run without round $drop"
    java -jar "$J" compare "$out/base.json" "$out/head.json" --paired --metric cpu --confidence 99.9% --threshold 2%
  done
done
rm -rf "$T"
