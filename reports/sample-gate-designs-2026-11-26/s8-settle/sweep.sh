#!/bin/bash
# settle time and steady speed, default JIT thresholds against scaled ones, alternating
for rep in 1 2; do
 for c in "cxf fi username" "metro fi plain" "axis2 xml plain"; do
  set -- $c
  for v in def s05; do
    extra=""; [ $v = s05 ] && extra="-XX:CompileThresholdScaling=0.5"
    ./run1.sh "-p encoding=$2 -p security=$3 -p stack=$1 -p transport=pipe" $1-$3-$2-$v-$rep $extra
  done
 done
done
