#!/usr/bin/env python3
"""sass_loops.py — attempt 23: list the loops (backward branches) of a SASS listing (cuobjdump -sass, the
'/* 0x... */' encodings and blank lines removed) with their size and what they hold: YIELD, TRYWAIT, 128-bit loads,
CALL, BSSY, mbarrier arrivals and the memory / sync operations. Usage: sass_loops.py listing.s"""
import re,sys
lines=open(sys.argv[1]).read().split('\n')
ins=[]
for l in lines:
    m=re.match(r'\s*/\*([0-9a-f]+)\*/\s+(.*?)\s*;?\s*$',l)
    if m: ins.append((int(m.group(1),16),m.group(2)))
addr={a:i for i,(a,_) in enumerate(ins)}
for i,(a,t) in enumerate(ins):
    m=re.search(r'BRA(?:\.\S+)?\s+(?:\S+,\s*)?0x([0-9a-f]+)',t)
    if m and 'BRA.DIV' not in t:
        tg=int(m.group(1),16)
        if tg<=a and tg in addr:
            j=addr[tg]; body=[x[1] for x in ins[j:i+1]]
            y=sum('YIELD' in b for b in body); ld=sum('LD.E.128' in b for b in body); tw=sum('TRYWAIT' in b for b in body)
            calls=sum('CALL' in b for b in body); bs=sum('BSSY' in b for b in body); sy=sum(('SYNCS.ARRIVE' in b) for b in body)
            print(f"{tg:6x}-{a:6x} n={i-j+1:4d} YIELD={y} TRYWAIT={tw} LD128={ld} CALL={calls} BSSY={bs} ARRIVE={sy} ops:{' '.join(sorted(set(b.split()[0] if not b.startswith('@') else b.split()[1] for b in body if any(k in b for k in ['LDG','LD.','SHFL','BAR','SYNCS','ATOM','RED','NANOSLEEP','LDS','STS','MEMBAR','CCTL','ERRBAR']))))[:150]}")
