# Fixed work units of ~50 µs, timed one by one: a vCPU the host throttles shows gaps (units that took far longer).
import time,sys,statistics as st
dur=float(sys.argv[1]) if len(sys.argv)>1 else 3
d=[];end=time.perf_counter()+dur
while True:
    t=time.perf_counter()
    x=0
    for i in range(1000): x+=i
    u=time.perf_counter()
    d.append(u-t)
    if u>end: break
d.sort(); med=d[len(d)//2]
gaps=[x for x in d if x>20*med]
print('units',len(d),'median %.1f us'%(med*1e6),'p99 %.1f us'%(d[int(len(d)*.99)]*1e6),'gaps>20x',len(gaps),'gap time %.0f ms of %.0f'%(sum(gaps)*1e3,sum(d)*1e3),'max gap %.1f ms'%(d[-1]*1e3))
