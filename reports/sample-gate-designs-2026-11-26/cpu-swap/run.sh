#!/usr/bin/env bash
# A/A duets beside the neighbour: each fork pinned to one CPU all along (fixed), or both forks' CPUs swapped every 100 ms (swap).
# Same jar, same flags both sides; modes alternate duet by duet.
J=/work/jars/sb-fc39492.jar; cd /work/runs/swap
GATE="-XX:ActiveProcessorCount=1 -XX:ParallelGCThreads=1 -XX:ConcGCThreads=1 -XX:CICompilerCount=2 -XX:-BackgroundCompilation"
fork() { # cpu mode side stack security encoding idx
  taskset -c $1 java -Djmh.ignoreLock=true -jar $J run --settle 90s -wi 6 -w 500ms -i 8 -r 500ms -jvmArgsAppend -XX:+UseG1GC \
    -f 1 -foe true -bm avgt -rf json -rff $PWD/$2-$3-$4-$5-$6-$7.json -p stack=$4 -p security=$5 -p encoding=$6 -p transport=pipe \
    -jvmArgsAppend "$GATE" '^\Qorg.soapbench.bench.SeismicQuery.small\E$' > $2-$3-$4-$5-$6-$7.log 2>&1
}
swapper() { # swaps the two forked JVMs' CPUs every 100 ms until told to stop
  k=0
  while [ ! -f stop ]; do
    pids=($(pgrep -f 'jmh.runner.ForkedMain' | sort -n))
    if [ ${#pids[@]} = 2 ]; then
      taskset -a -p -c $k ${pids[0]} > /dev/null 2>&1; taskset -a -p -c $((1-k)) ${pids[1]} > /dev/null 2>&1; k=$((1-k))
    fi
    sleep 0.1
  done
}
for i in 1 2 3 4; do
  for cfg in "metro plain fi" "cxf plain xml"; do
    for mode in fixed swap; do
      rm -f stop
      [ $mode = swap ] && { swapper & sw=$!; }
      fork 0 $mode x $cfg $i & p1=$!; fork 1 $mode y $cfg $i & p2=$!; wait $p1 $p2
      touch stop; [ $mode = swap ] && wait $sw
      echo "$(date -u +%T) $mode $cfg $i done"
    done
  done
done
