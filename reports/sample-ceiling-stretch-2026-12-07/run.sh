#!/bin/bash
# One Axis2 sign/fi fork at a time on CPU 1, as the main job's forks run (its JVM settings, 60 s ceiling), with
# -XX:+PrintCompilation, alternating the jar before and after the stretch: ./run.sh OLD.jar NEW.jar
OLD=$1 NEW=$2
A="-XX:ActiveProcessorCount=1 -XX:ParallelGCThreads=1 -XX:ConcGCThreads=1 -XX:CICompilerCount=2 -XX:-BackgroundCompilation -XX:+UseG1GC -Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages -XX:+PrintCompilation"
n=0
for order in "old new" "new old" "old new"; do n=$((n+1))
  for j in $order; do
    jar=$OLD; [ $j = new ] && jar=$NEW
    date -u +"%T $n $j" >> times.txt
    taskset -c 1 java -jar $jar --design jmh --settle 60s -p stack=axis2 -p security=sign -p encoding=fi -p transport=pipe \
      -f 1 -wi 6 -w 500ms -i 12 -r 1s -rf json -rff $n-axis2-$j.json -jvmArgsAppend "$A" 'SeismicQuery.small$' > $n-axis2-$j.log 2>&1
  done
done
date -u +"%T end" >> times.txt
