#!/bin/bash
# The main job's secured small duets (four stacks, sign and signencr, xml and fi) with the jar before the stretch
# (OLD, 795c370), then the jar after it (NEW), each preceded by the speed probe: ./go.sh OLD.jar NEW.jar
OLD=$(realpath "$1") NEW=$(realpath "$2")
PROBE=$(realpath "$(dirname "$0")/../../sample-secured-gate-four-stacks-2026-12-07/probe.sh")
for j in old new; do
  jar=$OLD; [ $j = new ] && jar=$NEW
  mkdir -p $j && (cd $j && bash "$PROBE" "$jar" > probe-before.txt 2>&1
    date -u +%T > times.txt
    java -jar "$jar" --profile quick -p security=sign,signencr SeismicQuery.small > console.txt 2>&1
    date -u +%T >> times.txt)
done
bash "$PROBE" "$NEW" > probe-after.txt 2>&1
