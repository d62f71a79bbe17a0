#!/usr/bin/env bash
# One configuration (axis2 sign/xml large), the main job's settings in JMH's own order (unpinned), three ways:
# unrecorded, JMH's jfr profiler (recording from the first measured iteration), JFR from JVM start; twice, ABCABC.
J=/work/jars/sb-final2.jar
cd /work/runs/jfr-start
common="--settle 60s -f 1 -wi 6 -w 500ms -i 5 -r 1s -rf json -p stack=axis2 -p security=sign -p encoding=xml -p transport=pipe SeismicQuery.large"
for round in 1 2; do
  java -jar $J $common -rff none-$round.json > none-$round.log 2>&1
  java -jar $J $common -prof "jfr:dir=jfr-$round;stackDepth=2048" -rff prof-$round.json > prof-$round.log 2>&1
  java -jar $J $common -jvmArgsAppend "-XX:FlightRecorderOptions:stackdepth=2048 -XX:StartFlightRecording:settings=profile,filename=start-$round.jfr" -rff start-$round.json > start-$round.log 2>&1
done
