#!/bin/bash
# CPU time of a fixed loop, alternately on each CPU: a vCPU the host takes away shows as a longer CPU time here
for i in $(seq 1 ${1:-8}); do
  for c in 0 1; do
    taskset -c $c python3 -c "
import time
t=time.process_time(); w=time.perf_counter(); x=0
for i in range(3000000): x+=i*i
print('cpu$c', 'cpu %.0f ms'%((time.process_time()-t)*1e3), 'wall %.0f ms'%((time.perf_counter()-w)*1e3))"
  done
done
