"""Per fork (python3 an.py [-v], beside the N-STACK-old/new .log and .json of run.sh): when settling ended (s since the JVM started); deopts (level-4 'made not entrant', not OSR) and C2 compiles after settling, in JMH's warm-up and in
the first 11 measured iterations; the JIT share and CPU time of the measured iterations."""
import json,re,sys,glob,statistics as st
EV=re.compile(r'(\d{3,7})\s+(\d+)\s+([%sbn! ]{0,6}?)\s*([0-4])\s+(\S+::\S+)\s*(\(.*?\))?(.*)$')
def event(line):
    """A -XX:+PrintCompilation line as (ms since the JVM started, level, method, OSR, made not entrant), or None."""
    m=EV.search(line)
    return m and (int(m.group(1)),int(m.group(4)),m.group(5),'%' in m.group(3),'made not entrant' in m.group(7))
def fork(log):
    t=0; settle=None; meas=None; last=None; ev=[]
    for l in open(log):
        e=event(l)
        if e:
            t=e[0]; ev.append(e)
        if ('steady after' in l) and settle is None: settle=t
        if re.search(r'\bIteration\s+1:',l) and 'Warmup' not in l: meas=meas or t
        if re.search(r'Iteration\s+12:',l) and 'Warmup' not in l: last=t
    def count(a,b):
        ne=[n for (x,lv,n,o,d) in ev if a<=x<b and d and lv==4 and not o]
        c2=[n for (x,lv,n,o,d) in ev if a<=x<b and not d and lv==4 and not o]
        return ne,c2
    return settle,meas,last,count(settle,meas),count(meas,last)
if __name__ == '__main__':
    for log in sorted(glob.glob('*-*.log')):
        j=log[:-4]+'.json'
        try: r=json.load(open(j))[0]
        except Exception: continue
        sm=r['secondaryMetrics']; cpu=sm['·cpu.thread']['rawData'][0]; jit=sm['·jit.share']['rawData'][0]
        settle,meas,last,(wne,wc2),(mne,mc2)=fork(log)
        jdk=lambda L:sum(1 for n in L if n.startswith(('java.','jdk.','sun.')))
        print('%-20s settling ended %5.1f s in;  warm-up: %2d deopts (%2d JDK) %3d C2 | measured: %2d deopts (%2d JDK) %3d C2, JIT %.1f%% | cpu med %6.0f first %6.0f' % (
            log[:-4], settle/1000 if settle else -1, len(wne), jdk(wne), len(wc2), len(mne), jdk(mne), len(mc2), st.mean(jit), st.median(cpu), cpu[0]))
        if '-v' in sys.argv:
            print('     warm-up deopts:', ', '.join(sorted(set(wne)))[:600])
            print('     measured deopts:', ', '.join(sorted(set(mne)))[:600])
