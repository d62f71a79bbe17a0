#!/bin/bash
# one pinned fork of the gate's settings, 40 measured iterations, the 3% spin only in every other iteration
cfg="$1"; name="$2"; shift 2
taskset -c 1 java -Djmh.ignoreLock=true -jar /work/jars/sb-alt2.jar run --settle 90s -wi 6 -w 500ms -i 20 -r 500ms -jvmArgsAppend "-XX:+UseG1GC -Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages -XX:ActiveProcessorCount=1 -XX:ParallelGCThreads=1 -XX:ConcGCThreads=1 -XX:CICompilerCount=2 -XX:-BackgroundCompilation -Dsoapbench.slowdown=0.03 -Dsoapbench.slowdown.windows=true $*" -f 1 -foe true -bm avgt -rf json -rff $name.json $cfg '^\Qorg.soapbench.bench.SeismicQuery.small\E$' > $name.log 2>&1
