#!/usr/bin/env bash
# Fork-to-fork spread of CPU time per call, the gate's flags (A) against + guest huge pages, a fixed pre-touched heap (B):
# A and B at the same moment, one pinned JVM each, CPUs swapped every duet, beside the neighbour.
J=/work/jars/sb-fc39492.jar; cd /work/runs/thp
GATE="-XX:ActiveProcessorCount=1 -XX:ParallelGCThreads=1 -XX:ConcGCThreads=1 -XX:CICompilerCount=2 -XX:-BackgroundCompilation"
THP="-XX:+UseTransparentHugePages -XX:+AlwaysPreTouch -Xms1g -Xmx1g"
fork() { # cpu variant cfg idx
  local extra=""; [ "$2" = B ] && extra="$THP"
  set -- $1 $2 $3 $4 $5 $6
  taskset -c $1 java -Djmh.ignoreLock=true -jar $J run --settle 90s -wi 6 -w 500ms -i 8 -r 500ms -jvmArgsAppend -XX:+UseG1GC \
    -f 1 -foe true -bm avgt -rf json -rff $PWD/$2-$3-$4-$5-$6.json -p stack=$3 -p security=$4 -p encoding=$5 -p transport=pipe \
    -jvmArgsAppend "$GATE $extra" '^\Qorg.soapbench.bench.SeismicQuery.small\E$' > $2-$3-$4-$5-$6.log 2>&1
}
for cfg in "metro plain fi" "cxf plain xml"; do
  for i in 1 2 3 4 5 6; do
    if [ $((i % 2)) = 1 ]; then a=0; b=1; else a=1; b=0; fi
    fork $a A $cfg $i & fork $b B $cfg $i & wait
    echo "$(date -u +%T) $cfg $i done"
  done
done
