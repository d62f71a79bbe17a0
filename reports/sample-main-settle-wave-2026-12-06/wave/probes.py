"""CXF sign/xml small, first measured iteration against the rest, fork by fork: python3 probes.py *.json"""
import json, statistics as st, sys
for path in sys.argv[1:]:
    for r in json.load(open(path)):
        if r['params']['stack'] != 'cxf' or r['params']['security'] != 'sign' or not r['benchmark'].endswith('small'):
            continue
        sm = r['secondaryMetrics']
        for i, cpu in enumerate(sm['·cpu.thread']['rawData']):
            jit = sm['·jit.share']['rawData'][i]
            wall = r['primaryMetric']['rawData'][i]
            print('%-22s fork %d  settled %5.1f s  iteration 1: JIT %3.0f%% of its wall time, wall %6.0f us, CPU %.3f x the median of 2-6'
                  % (path, i + 1, sm['·steady.warmup']['rawData'][i][0], jit[0], wall[0], cpu[0] / st.median(cpu[1:])))
