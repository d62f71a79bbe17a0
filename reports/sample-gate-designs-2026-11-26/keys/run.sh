#!/usr/bin/env bash
# Fork start-up before and after the keys cut: one short fork pinned to one CPU, as a same-moment side, ABAB x3.
cd /work/runs/keys
for i in 1 2 3; do
  for jar in /work/jars/sb-77e5cd4.jar /work/jars/sb-next.jar; do
    for cfg in "metro username" "axis2 plain" "cxf sign"; do
      set -- $cfg
      s=$(date +%s.%N)
      taskset -c 1 java -jar $jar SeismicQuery.small -f 1 -wi 0 -i 1 -r 100ms -p stack=$1 -p security=$2 -p encoding=xml -p transport=pipe \
        -jvmArgsAppend "-XX:ActiveProcessorCount=1 -XX:ParallelGCThreads=1 -XX:ConcGCThreads=1" > /dev/null 2>&1
      e=$(date +%s.%N)
      echo "$(basename $jar) $1 $2 $(echo "$e - $s" | bc)"
    done
  done
done
