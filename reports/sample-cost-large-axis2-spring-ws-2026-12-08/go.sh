#!/bin/bash
cd "$(dirname "$0")"
P=../sample-secured-gate-four-stacks-2026-12-07/probe.sh
bash $P benchmarks.jar > probe-before.txt 2>&1
bash axis2-large/go.sh
bash $P benchmarks.jar > probe-middle.txt 2>&1
bash spring-ws-large/go.sh
bash $P benchmarks.jar > probe-after.txt 2>&1
