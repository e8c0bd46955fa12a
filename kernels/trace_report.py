#!/usr/bin/env python3
"""trace_report.py TRACE.bin... — summary of an MK_TRACE=1 build's per-instruction stamps.

Per SM (MAX_SM_INSTRS*8+8 u64): per instruction [info, begin, waited, input, pages, end,
loader_first_issue, loader_last_issue] (clock64); header [gtimer0, clock0, n_ins, gtimer1, clock1].
info = op | layer<<8 | pages<<16 | flags<<32. Times are put on one axis (ns) with each SM's
(globaltimer, clock64) pairs at start and end (globaltimer is coarse: cross-SM alignment ~1 us).
Pure Python (no numpy).
"""
import sys
from array import array

MAXI = 160
PER = MAXI * 8 + 8
OPS = {1: "qkv", 2: "attn", 3: "oproj", 4: "gateup", 5: "down", 6: "lmhead", 7: "argmax"}
mean = lambda xs: sum(xs) / len(xs) if xs else float("nan")


def load(path):
    a = array("Q")
    with open(path, "rb") as f:
        a.frombytes(f.read())
    nsm = len(a) // PER
    sms = []
    G = min(a[sm * PER + MAXI * 8] for sm in range(nsm))  # integers first: 1.8e18 ns has a 256-ns double ulp
    for sm in range(nsm):
        base = sm * PER
        g0, c0, n, g1, c1 = a[base + MAXI * 8: base + MAXI * 8 + 5]
        g0 -= G
        g1 -= G
        f = (c1 - c0) / max(1, g1 - g0)
        rows = []
        for k in range(n):
            r = a[base + 8 * k: base + 8 * k + 8]
            rows.append((r[0], [g0 + (x - c0) / f if x else float("nan") for x in r[1:]]))
        sms.append((rows, f))
    t0 = min(t[0] for rows, _ in sms for _, t in rows[:1])
    return [([(i, [x - t0 for x in t]) for i, t in rows], f) for rows, f in sms]


def main(path):
    d = load(path)
    print(f"== {path}: {len(d)} SMs, clock {mean([f for _, f in d]):.3f} GHz")
    ph = {}
    for sm, (rows, f) in enumerate(d):
        for info, t in rows:
            op, layer, npg = info & 0xFF, (info >> 8) & 0xFF, (info >> 16) & 0xFFFF
            rel = (info >> 40) / f  # attempt 14: ns from the publish barrier to past the red.release (0: not stamped)
            b, w, i, pg, e, lf, ll = t
            ph.setdefault((layer, op), []).append(dict(np=npg, b=b, w=w, i=i, pg=pg, e=e, lf=lf, ll=ll, rel=rel))
    end_total = max(r["e"] for v in ph.values() for r in v)
    print(f"span first stamp -> last end: {end_total/1e3:.1f} us")
    print("phase      nSM  first/last past wait   first/last end (us) | mean us: wait input pages /page epi | lead | boundary")
    prev_emax = None
    agg = {}
    for key in sorted(ph):
        v = ph[key]
        layer, op = key
        wmin, wmax = min(r["w"] for r in v), max(r["w"] for r in v)
        emin, emax = min(r["e"] for r in v), max(r["e"] for r in v)
        wait = mean([r["w"] - r["b"] for r in v]); inp = mean([r["i"] - r["w"] for r in v])
        pages = mean([r["pg"] - r["i"] for r in v]); epi = mean([r["e"] - r["pg"] for r in v])
        npg = mean([r["np"] for r in v])
        perp = pages / npg if npg else 0.0
        lead = mean([r["i"] - r["lf"] for r in v if r["np"] > 0])  # > 0: first page issued before input ready
        boundary = wmin - prev_emax if prev_emax is not None else float("nan")
        prev_emax = emax
        rel = mean([r["rel"] for r in v]); relmax = max(r["rel"] for r in v)
        last = max(v, key=lambda r: r["e"])["rel"]  # the release of the SM that ended last (the chain's)
        agg.setdefault(op, []).append((boundary, emax - wmin, wait, inp, pages, perp, epi, emax - emin, lead, rel, relmax, last))
        if layer in (0, 1, 8) or op >= 6:
            print(f"L{layer:2d} {OPS.get(op,'?'):7s}{len(v):4d} {wmin/1e3:8.2f}/{wmax/1e3:8.2f} {emin/1e3:8.2f}/{emax/1e3:8.2f} |"
                  f" {wait/1e3:6.2f} {inp/1e3:5.2f} {pages/1e3:6.2f} {perp/1e3:6.3f} {epi/1e3:5.2f} | {lead/1e3:6.2f} | {boundary/1e3:5.2f}")
    print("per op, mean over layers 1..L-1 (us): boundary = first SM past the wait - last end of previous phase;"
          " span = last end - first past wait; spread = last end - first end; lead = input ready - loader issued first page")
    for op, a in sorted(agg.items()):
        a = a[1:] if len(a) > 2 else a
        m = [mean([x[j] for x in a if x[j] == x[j]]) / 1e3 for j in range(12)]
        print(f"  {OPS.get(op,'?'):7s} boundary {m[0]:5.2f} span {m[1]:6.2f} wait {m[2]:6.2f} input {m[3]:5.2f}"
              f" pages {m[4]:6.2f} /page {m[5]:6.3f} epi {m[6]:5.2f} spread {m[7]:5.2f} lead {m[8]:6.2f}"
              f" | rel mean {m[9]:5.2f} max {m[10]:5.2f} last-SM {m[11]:5.2f}")
    busy = mean([sum(t[3] - t[0] for _, t in rows) for rows, _ in d])
    waits = mean([sum(t[1] - t[0] for _, t in rows) for rows, _ in d])
    print(f"per SM: sum(waits) {waits/1e3:.1f} us, sum(begin -> pages done) {busy/1e3:.1f} us")


if __name__ == "__main__":
    for p in sys.argv[1:]:
        main(p)
