#!/usr/bin/env bash
# Issue 27: Axis2's outliers beside CXF and Metro, recorded from each fork's JVM start (FlightRecordingProfiler), one sitting.
B=$1; D=/work/runs/i27b; cd $D
P="org.soapbench.bench.FlightRecordingProfiler:dir=$D/jfr"
java -jar $B --profile quick --profile gc --design jmh -prof "$P" -r 2s \
  -p stack=cxf,metro,axis2 -p security=plain,username,sign,signencr -p encoding=xml -rff $D/large-xml.json 'SeismicQuery\.large'
java -jar $B --profile quick --profile gc --design jmh -prof "$P" -r 2s \
  -p stack=cxf,metro,axis2 -p security=plain,username -p encoding=xml -rff $D/small-xml.json 'SeismicQuery\.small'
java -jar $B --profile quick --profile gc --design jmh -prof "$P" -r 2s \
  -p stack=axis2 -p security=sign,signencr -p encoding=fi -rff $D/large-fi.json 'SeismicQuery\.large'
