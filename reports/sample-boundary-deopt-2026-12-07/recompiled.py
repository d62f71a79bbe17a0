"""For each level-4 method made not entrant 55-100 s into a fork (python3 recompiled.py FORK.log ...; the logs of
run.sh): when it ran at C1 again and when C2 compiled it again (ms since the JVM started)."""
import sys
from an import event
for f in sys.argv[1:]:
    ev=[e for e in map(event, open(f)) if e]
    print(f)
    for t,n in [(t,n) for t,l,n,o,x in ev if x and l==4 and not o]:
        if not (55000<t<100000): continue
        re4=[t2 for t2,l,n2,o,x in ev if n2==n and l==4 and not x and not o and t2>t]
        re3=[t2 for t2,l,n2,o,x in ev if n2==n and l in(2,3) and not x and t2>t]
        print('  %6d %-70s c1 again %s  c2 again %s'%(t,n[:70], re3[0] if re3 else '-', re4[0] if re4 else 'never'))
