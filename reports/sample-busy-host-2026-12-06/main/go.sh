#!/bin/bash
cd "$(dirname "$0")"
echo "start $(date -u +%FT%TZ)" > times.txt
vmstat -t 10 > vmstat.txt &
VM=$!
java -jar benchmarks.jar --profile quick > console.txt 2>&1
echo "exit $? end $(date -u +%FT%TZ)" >> times.txt
kill $VM
