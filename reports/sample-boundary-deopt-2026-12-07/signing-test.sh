#!/bin/bash
# BenchmarksJarIT's signing run, the jars of 108664a (old.jar) and f5fb2e8 (new.jar) alternately
for n in 1 2; do for j in old new; do
  java -jar $j.jar --design same-moment --settle 90s -wi 6 -w 500ms -i 6 -r 1s -p stack=cxf,metro -p security=sign -p encoding=xml -p transport=pipe \
    -rf json -rff signing-test-$n-$j.json SeismicQuery.small > $n-$j.log 2>&1
done; done
