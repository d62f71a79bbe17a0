#!/bin/bash
# Every CXF cost run on small in reports/, read by this commit's report (the jar beside this file), then host_shift.py.
cd "$(dirname "$0")"
R=..
out=$(mktemp -d)
set --
for run in "quiet host 12-05 morning=$R/sample-cost-duets-quiet-and-noisy-2026-12-05/morning" \
  "quiet host 12-05=$R/sample-cost-duets-quiet-and-noisy-2026-12-05/quiet" \
  "quiet host 12-05, beside noise=$R/sample-cost-duets-quiet-and-noisy-2026-12-05/noisy" \
  "busy host 12-06=$R/sample-busy-host-2026-12-06/cost-quiet" \
  "busy host 12-06, beside noise=$R/sample-busy-host-2026-12-06/cost-noisy" \
  "very busy host 12-07, four rounds=cxf-small-f7"; do
  label=${run%%=*}; dir=${run#*=}; n=$(echo "$label" | tr -c 'a-z0-9' _)
  java -jar benchmarks.jar report --out $out/$n $dir/jmh.json > /dev/null
  set -- "$@" "$label=$out/$n/summary.md"
done
python3 host_shift.py "$@"
