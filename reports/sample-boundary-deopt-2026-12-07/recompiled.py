"""For each level-4 method made not entrant 55-100 s into a fork (python3 recompiled.py FORK.log ...; the logs of
run.sh): when it ran at C1 again and when C2 compiled it again (ms since the JVM started)."""
import re,sys
for f in sys.argv[1:]:
    ev=[]
    for l in open(f):
        m=re.search(r'(\d{3,7})\s+(\d+)\s+([%sbn! ]{0,6}?)\s*([0-4])\s+(\S+::\S+)\s*(\(.*?\))?(.*)$',l)
        if m: ev.append((int(m.group(1)),int(m.group(4)),m.group(5),'%' in m.group(3),'made not entrant' in m.group(7)))
    settle=None
    txt=open(f).read()
    # boundary burst: not-entrant level-4 of JDK methods between first W It 2 and It 1
    ne=[(t,n) for t,l,n,o,x in ev if x and l==4 and not o]
    print(f)
    for t,n in ne:
        if not (55000<t<100000): continue
        re4=[t2 for t2,l,n2,o,x in ev if n2==n and l==4 and not x and not o and t2>t]
        re3=[t2 for t2,l,n2,o,x in ev if n2==n and l in(2,3) and not x and t2>t]
        print('  %6d %-70s c1 again %s  c2 again %s'%(t,n[:70], re3[0] if re3 else '-', re4[0] if re4 else 'never'))
