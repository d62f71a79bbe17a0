#!/bin/bash
# one pinned fork with the gate's settings plus extra JVM args; time-stamped lines
cfg="$1"; name="$2"; shift 2
taskset -c 1 java -Djmh.ignoreLock=true -jar /work/jars/sb-s8.jar run --settle 90s -wi 6 -w 500ms -i 8 -r 500ms -jvmArgsAppend "-XX:+UseG1GC -Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages -XX:ActiveProcessorCount=1 -XX:ParallelGCThreads=1 -XX:ConcGCThreads=1 -XX:CICompilerCount=2 -XX:-BackgroundCompilation $*" -f 1 -foe true -bm avgt -rf json -rff $name.json $cfg '^\Qorg.soapbench.bench.SeismicQuery.small\E$' 2>&1 | while IFS= read -r l; do printf '%s %s\n' "$(date +%s.%N | cut -c1-14)" "$l"; done > $name.log
