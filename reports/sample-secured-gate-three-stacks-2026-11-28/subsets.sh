#!/usr/bin/env bash
# The gate's rounds judged again on subsets of its stacks: one stack (4 pairs, each on its own), two
# (8 pairs, pooled) and all three (12). Usage, from this directory: bash subsets.sh run
set -euo pipefail
d=$1; jar=../../toolkit/target/benchmarks.jar; tmp=$(mktemp -d)
for stacks in cxf metro axis2 cxf,metro cxf,axis2 metro,axis2 cxf,metro,axis2; do
  for side in base head; do
    python3 -c "import json, sys; keep = sys.argv[1].split(','); \
json.dump([r for r in json.load(open(sys.argv[2])) if r['params']['stack'] in keep], open(sys.argv[3], 'w'))" \
      "$stacks" "$d/$side.json" "$tmp/$side.json"
  done
  printf '%-16s ' "$stacks"
  java -jar "$jar" compare --paired --confidence 99.9% --threshold 2% "$tmp/base.json" "$tmp/head.json" \
    | grep -oE 'median interval half-width [0-9.]+% paired|suite: .*'  | paste -sd ';' -
done
rm -r "$tmp"
