#!/bin/bash
# One fork at a time on CPU 1, as the main job's forks run (its JVM settings, 60 s settling ceiling), with
# -XX:+PrintCompilation, alternating the jar before and after the change: ./run.sh OLD.jar NEW.jar
# Writes N-STACK-old|new.log and .json; python3 an.py -v reads them.
OLD=$1 NEW=$2
A="-XX:ActiveProcessorCount=1 -XX:ParallelGCThreads=1 -XX:ConcGCThreads=1 -XX:CICompilerCount=2 -XX:-BackgroundCompilation -XX:+UseG1GC -Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages -XX:+PrintCompilation"
n=0
for s in "axis2 sign fi" "cxf sign xml" "axis2 sign fi" "metro sign xml" "axis2 sign fi" "cxf sign xml"; do set -- $s; n=$((n+1))
  for j in old new; do
    jar=$OLD; [ $j = new ] && jar=$NEW
    taskset -c 1 java -jar $jar --design jmh --settle 60s -p stack=$1 -p security=$2 -p encoding=$3 -p transport=pipe \
      -f 1 -wi 6 -w 500ms -i 12 -r 1s -rf json -rff $n-$1-$j.json -jvmArgsAppend "$A" 'SeismicQuery.small$' > $n-$1-$j.log 2>&1
  done
done
