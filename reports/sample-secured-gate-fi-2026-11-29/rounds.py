"""Per configuration of a gate run (base.json, head.json): each round's log ratio head/base of thread CPU time
per call, by four statistics, its mean and sd over rounds, and the sd pooled over configurations.
fh: each fork's faster half of iterations; qp, qpm: mean, median of the aligned iterations' log ratios;
qfh: faster halves of those iterations; qp, qpm and qfh keep only iterations whose JIT share on both
sides is at most T (argv 1; 101 keeps all). Usage: python3 rounds.py T DIR..."""
import json, math, statistics as st, sys
def load(p): return {tuple(sorted(r['params'].items())): r for r in json.load(open(p))}
def fh(x): s=sorted(x); return st.mean(s[:(len(s)+1)//2])
T=float(sys.argv[1])
for d in sys.argv[2:]:
    b,h=load(d+'/base.json'),load(d+'/head.json')
    res={'fh':[], 'qp':[], 'qpm':[], 'qfh':[]}
    print(d)
    for k in b:
        if k not in h: continue
        sb,sh=b[k]['secondaryMetrics'],h[k]['secondaryMetrics']
        bt,ht=sb['·cpu.thread']['rawData'],sh['·cpu.thread']['rawData']
        bj,hj=sb['·jit.share']['rawData'],sh['·jit.share']['rawData']
        al=sb.get('·moment.aligned',{}).get('rawData')
        r={m:[] for m in res}
        for f in range(min(len(bt),len(ht))):
            r['fh'].append(math.log(fh(ht[f])/fh(bt[f])))
            q=[j for j in range(min(len(bt[f]),len(ht[f]))) if bj[f][j]<=T and hj[f][j]<=T]
            if len(q)<4: q=list(range(len(bt[f])))
            lr=[math.log(ht[f][j]/bt[f][j]) for j in q]
            r['qp'].append(st.mean(lr)); r['qpm'].append(st.median(lr))
            r['qfh'].append(math.log(fh([ht[f][j] for j in q])/fh([bt[f][j] for j in q])))
        p=dict(k)
        line='  %-6s %-8s %-3s'%(p['stack'],p['security'],p['encoding'])
        for m in res:
            mu=st.mean(r[m]); res[m]+= [v-mu for v in r[m]]
            line+='  %s %+5.1f sd %4.1f'%(m,100*mu,100*st.stdev(r[m]))
        print(line)
    n=len(res['fh']); k=len(b)
    print('  pooled: '+'  '.join('%s %.2f%%'%(m,100*math.sqrt(sum(v*v for v in res[m])/(n-k))) for m in res))
