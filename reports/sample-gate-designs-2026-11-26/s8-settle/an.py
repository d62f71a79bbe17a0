import re,glob,json,statistics as st,collections
rows=collections.defaultdict(list)
for f in sorted(glob.glob('*-[12].log')):
    name=f[:-4]; t=open(f,encoding='utf-8',errors='replace').read().splitlines()
    ts=[float(l.split()[0]) for l in t if l[:10].isdigit()]
    m=re.search(r'steady after ([\d.]+) s',"\n".join(t))
    start=[float(l.split()[0]) for l in t if 'Warmup Iteration   1' in l]
    try:
        j=json.load(open(name+'.json'))[0]; cpu=st.median(j['secondaryMetrics']['·cpu.thread']['rawData'][0])
    except Exception as e: cpu=float('nan')
    cfg,rep=name.rsplit('-',1)
    rows[cfg].append((float(m[1]) if m else float('nan'), round(start[0]-ts[0],1) if start else None, round(ts[-1]-ts[0],1), round(cpu,1)))
for k,v in rows.items(): print(k, v)
