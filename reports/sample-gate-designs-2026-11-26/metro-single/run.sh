#!/usr/bin/env bash
# run.sh JAR N CONFIG...: N rounds of one fork per configuration (stack:security:encoding), each pinned to CPU 0
# with the gate's JVM settings and recorded by JFR from its JVM's start; the noise runs beside (started by measure.sh).
J=$1; N=$2; shift 2; cd "$(dirname "$0")"
for i in $(seq 1 $N); do
  for cfg in "$@"; do
    IFS=: read st sec enc <<< "$cfg"
    tag=$st-$sec-$enc-$i
    taskset -c 0 java -Djmh.ignoreLock=true -jar $J run --settle 90s -wi 6 -w 500ms -i 8 -r 500ms -f 1 -foe true -bm avgt \
      -jvmArgsAppend "-XX:ActiveProcessorCount=1 -XX:ParallelGCThreads=1 -XX:ConcGCThreads=1 -XX:CICompilerCount=2 -XX:-BackgroundCompilation -XX:+UseG1GC" \
      -rf json -rff $PWD/$tag.json -p encoding=$enc -p security=$sec -p stack=$st -p transport=pipe \
      -prof "org.soapbench.bench.FlightRecordingProfiler:dir=$PWD/jfr-$tag" '^\Qorg.soapbench.bench.SeismicQuery.small\E$' > $tag.log 2>&1
    python3 - $tag.json <<'PY'
import json,sys
d=json.load(open(sys.argv[1]))[0]; sm=d['secondaryMetrics']
c=sm['·cpu.thread']['rawData'][0]; print(sys.argv[1], 'cpu.thread', [round(x) for x in c], 'alloc', [round(x) for x in sm['·alloc.bytes']['rawData'][0]], 'settled', round(sm['·steady.warmup']['score'],1), flush=True)
PY
  done
done
