#!/bin/bash
# CompileThresholdScaling=0.3 (head) beside the default (base), same jar, base and head sharing one CPU.
# Usage: bash run.sh path/to/benchmarks.jar (under the CPU lock, nothing else running); ~75 minutes here.
J=$1
bash "$(dirname "$0")/../sample-secured-gate-four-stacks-2026-12-07/probe.sh" "$J"
# 1. the secured gate's own settings: settling on its rule, 16 x 0.5 s measured (gate/)
java -jar "$J" gate --profile ci-secured --head-jvm-args "-XX:CompileThresholdScaling=0.3" --rounds 2 --seed 24 \
  --out gate > gate/console.txt 2>&1
bash "$(dirname "$0")/../sample-secured-gate-four-stacks-2026-12-07/probe.sh" "$J"
# 2. the two configurations it judged faster whose base forks met the rule: no settling, 500 x 0.5 s (plateau/)
java -jar "$J" gate --profile ci-secured --head-jvm-args "-XX:CompileThresholdScaling=0.3" --rounds 2 --seed 25 \
  --out plateau --settle off -wi 0 -i 500 -r 500ms -p stack=axis2,spring-ws -p security=signencr -p encoding=xml \
  SeismicQuery.small > plateau/console.txt 2>&1
python3 gate.py gate > gate.txt
python3 plateau.py plateau > plateau.txt
