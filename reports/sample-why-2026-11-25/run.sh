#!/usr/bin/env bash
# Issue 27: where Axis2's time goes, beside CXF and Metro (plan by the reading helper), one sitting.
B=$1; cd /work/runs/i27
java -jar $B --profile quick --profile gc -prof 'jfr:dir=/work/runs/i27/jfr;stackDepth=2048' -r 2s \
  -p stack=cxf,metro,axis2 -p security=plain,username,sign,signencr -p encoding=xml -rff /work/runs/i27/large-xml.json 'SeismicQuery\.large'
java -jar $B --profile quick --profile gc -prof 'jfr:dir=/work/runs/i27/jfr;stackDepth=2048' -r 2s \
  -p stack=cxf,metro,axis2 -p security=plain,username -p encoding=xml -rff /work/runs/i27/small-xml.json 'SeismicQuery\.small'
java -jar $B --profile quick --profile gc -prof 'jfr:dir=/work/runs/i27/jfr;stackDepth=2048' -r 2s \
  -p stack=axis2 -p security=sign,signencr -p encoding=fi -rff /work/runs/i27/large-fi.json 'SeismicQuery\.large'
java -jar $B --profile quick --profile gc -prof 'jfr:dir=/work/runs/i27/jfr-sweep;stackDepth=2048' \
  -p stack=axis2 -p security=sign,signencr -p encoding=xml -p quakes=1000,10000 -rff /work/runs/i27/sweep.json SizeSweep
java -jar $B report /work/runs/i27/large-xml.json /work/runs/i27/small-xml.json /work/runs/i27/large-fi.json --jfr /work/runs/i27/jfr --out /work/runs/i27/report
java -jar $B hotspots --md /work/runs/i27/hotspots.md /work/runs/i27/jfr /work/runs/i27/jfr-sweep
