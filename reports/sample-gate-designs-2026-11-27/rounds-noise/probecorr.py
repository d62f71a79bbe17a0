#!/usr/bin/env python3
"""Do a round's log ratio and the same forks' ratio of METRIC (·machine.probe, ·alloc.bytes) move
together? Each centred on its configuration's mean. Usage: probecorr.py METRIC RUN_DIR..."""
import json, math, os, statistics as st, sys
sys.path.insert(0, os.path.dirname(__file__)); from estimators import e_fasthalf, fh, key
metric = sys.argv[1]
for run in sys.argv[2:]:
    xs=[];ys=[]
    b=json.load(open(run+'/base.json')); h={key(r):r for r in json.load(open(run+'/head.json'))}
    for r in b:
        r2=h[key(r)]
        X=r['secondaryMetrics']['·cpu.thread']['rawData']; Y=r2['secondaryMetrics']['·cpu.thread']['rawData']
        PX=r['secondaryMetrics'][metric]['rawData']; PY=r2['secondaryMetrics'][metric]['rawData']
        lr=[100*e_fasthalf(x,y,None) for x,y in zip(X,Y)]
        pr=[100*math.log(fh(py)/fh(px)) for px,py in zip(PX,PY)]
        m=st.mean(lr); mp=st.mean(pr)
        for a,c in zip(lr,pr): ys.append(a-m); xs.append(c-mp)   # centred per configuration
    print(run.split('/')[-1], 'n', len(xs), 'corr %.2f'%st.correlation(xs,ys), 'slope %.3f'%st.linear_regression(xs,ys).slope, 'sd of its ratio %.2f'%st.stdev(xs))
