#!/usr/bin/env bash
# run.sh JAR TAG stack:security:encoding [JVM options]: one fork pinned to CPU 0 with the gate's JVM settings
# of commit 9860724, its settling traced window by window. JAR is benchmarks.jar built with trace.diff applied
# (git apply trace.diff; ./mvnw -B -q -DskipTests install); each "# trace" line is one half-second window:
# the thread's CPU time per call, compiler threads' CPU, allocation per call, GCs, and the thread's user and
# system time and minor page faults (from /proc/thread-self/stat).
J=$1; TAG=$2; IFS=: read st sec enc <<< "$3"; EXTRA=$4
taskset -c 0 java -Djmh.ignoreLock=true -jar $J run --settle 90s -wi 6 -w 500ms -i 8 -r 500ms -f 1 -foe true -bm avgt \
  -jvmArgsAppend "-XX:ActiveProcessorCount=1 -XX:ParallelGCThreads=1 -XX:ConcGCThreads=1 -XX:CICompilerCount=2 -XX:-BackgroundCompilation -XX:+UseG1GC -Dsoapbench.settle.trace=1 $EXTRA" \
  -rf json -rff $PWD/$TAG.json -p encoding=$enc -p security=$sec -p stack=$st -p transport=pipe \
  -prof org.soapbench.bench.CpuTimeProfiler '^\Qorg.soapbench.bench.SeismicQuery.small\E$' > $TAG.log 2>&1
# default-heap.log:   ./run.sh JAR default-heap metro:username:xml
# fixed-heap-thp.log: ./run.sh JAR fixed-heap-thp metro:username:xml "-Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages"
# fixed-heap-4k.log:  ./run.sh JAR fixed-heap-4k metro:username:xml "-Xms1g -Xmx1g -XX:+AlwaysPreTouch"
