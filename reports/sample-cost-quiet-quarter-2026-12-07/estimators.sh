#!/bin/bash
# The estimators per duet (estimators.txt: the first run named is the reference), on same-CPU gate rounds
# (gate-estimators.txt), and the two readings' difference per ratio (bias.txt). Run from this directory.
R=..
python3 quietest.py $R/sample-cost-duets-quiet-and-noisy-2026-12-05/quiet $R/sample-cost-duets-quiet-and-noisy-2026-12-05/{morning,quiet,noisy} \
  $R/sample-busy-host-2026-12-06/cost-{quiet,noisy} \
  $R/sample-cost-designs-busy-host-2026-12-06/{metro,noisy-same-cpu,designs/signencr-same-cpu,designs/fi-same-cpu-1,designs/fi-same-cpu-2} \
  $R/sample-cost-duets-iterations-2026-12-04 $R/sample-secured-gate-fi-2026-11-29/cost-small axis2-spring-ws cxf-large metro-large \
  > estimators.txt 2>/dev/null
for d in $R/sample-secured-gate-four-rounds-2026-12-05/{xml,fi,quiet-xml,quiet-fi} $R/sample-secured-gate-beside-noise-2026-12-04/fi \
    $R/sample-secured-gate-out-of-sample-2026-11-29/{fi,xml}; do
  python3 quietest_gate.py $d
done > gate-estimators.txt
python3 bias.py $R/sample-cost-duets-quiet-and-noisy-2026-12-05/{quiet,morning,noisy} $R/sample-busy-host-2026-12-06/cost-{quiet,noisy} \
  $R/sample-cost-designs-busy-host-2026-12-06/metro axis2-spring-ws cxf-large metro-large > bias.txt
