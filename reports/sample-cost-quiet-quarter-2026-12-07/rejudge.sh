#!/bin/bash
# Every cost run of reports/ judged twice by the report: median.jar (a jar of 4c2a412: every moment's ratio) and
# quarter.jar (this sample's commit: the quiet quarter); then each report's cost-table half-widths, and the
# quiet and noisy runs of 2026-12-05 set side by side. Run from this directory, with both jars beside it.
R=..
runs="$R/sample-cost-duets-quiet-and-noisy-2026-12-05/morning $R/sample-cost-duets-quiet-and-noisy-2026-12-05/quiet
  $R/sample-cost-duets-quiet-and-noisy-2026-12-05/noisy $R/sample-busy-host-2026-12-06/cost-quiet
  $R/sample-busy-host-2026-12-06/cost-noisy $R/sample-cost-designs-busy-host-2026-12-06/metro
  $R/sample-cost-duets-iterations-2026-12-04 $R/sample-secured-gate-fi-2026-11-29/cost-small axis2-spring-ws cxf-large metro-large"
out=$(mktemp -d)
for d in $runs; do
  n=$(echo $d | sed 's|^\.\./||; s|/|_|g')
  for j in median quarter; do java -jar $j.jar report --out $out/$n-$j $d/jmh.json > /dev/null; done
  python3 halfwidths.py $out/$n-median/summary.md $out/$n-quarter/summary.md 
done
for j in median quarter; do
  echo "== the 2026-12-05 quiet and noisy runs, $j"
  python3 $R/sample-cost-duets-quiet-and-noisy-2026-12-05/cost_agree.py $out/sample-cost-duets-quiet-and-noisy-2026-12-05_quiet-$j/summary.md \
    $out/sample-cost-duets-quiet-and-noisy-2026-12-05_noisy-$j/summary.md
done
