#!/usr/bin/env python3
"""ncu_src_report.py — summarize an `ncu --page source --csv --print-source sass` export (attempt 22).

Prints the warp-stall breakdown (sampling) over the whole kernel and over its hot loop (the SASS lines executed at
least HOT x the most-executed line's count), the loop's warp-cycles per iteration estimated as
samples / (selected samples per instruction), and the hottest SASS lines with their top stall reasons.
Usage: ncu_src_report.py export.csv [top_lines] [hot_fraction]
"""
import csv
import sys
from collections import Counter


def num(x):
    try:
        return int(float(x))
    except (TypeError, ValueError):
        return 0


def main():
    path = sys.argv[1]
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    hot = float(sys.argv[3]) if len(sys.argv) > 3 else 0.5
    hdr, rows = None, []
    with open(path, newline="") as f:
        for r in csv.reader(f):
            if len(r) > 10 and ("Address" in r) and ("Source" in r):
                hdr = r
                continue
            if hdr and len(r) == len(hdr):
                rows.append(r)
    if not hdr:
        print("no SASS table found in", path)
        return
    i_addr = hdr.index("Address")
    i_src = i_addr + 1
    i_s = hdr.index("Warp Stall Sampling (All Samples)")
    i_ex = hdr.index("Instructions Executed")
    st = [(k, h[6:]) for k, h in enumerate(hdr) if h.startswith("stall_") and "Not Issued" not in h]
    sass = {}
    for r in rows:
        a = r[i_addr]
        if a.startswith("0x"):
            sass[int(a, 16)] = r
    addrs = sorted(sass)
    maxex = max(num(sass[a][i_ex]) for a in addrs)
    ld128 = [num(sass[a][i_ex]) for a in addrs if ".128" in sass[a][i_src] and "LD" in sass[a][i_src]]
    if ld128:  # the page loop: lines executed as often as its 16-byte page loads (not a spin loop elsewhere)
        maxex = max(ld128)

    def breakdown(sel, label):
        c, tot = Counter(), 0
        for a in sel:
            r = sass[a]
            tot += num(r[i_s])
            for k, h in st:
                c[h] += num(r[k])
        n = len(sel)
        cyc = tot / (c["selected"] / n) if c["selected"] else float("nan")
        print(f"{label}: {n} SASS lines, {tot} samples; warp-cycles per pass ~ samples / (selected / lines) = {cyc:.0f}")
        print("   " + "; ".join(f"{h} {100 * v / max(tot, 1):.1f}%" for h, v in c.most_common(10) if v))
        return tot

    print(f"{path}: {len(addrs)} SASS lines, page-load lines executed {maxex}")
    tot_all = breakdown(addrs, "whole kernel")
    loop = [a for a in addrs if hot * maxex <= num(sass[a][i_ex]) <= 1.05 * maxex]
    breakdown(loop, f"page loop (lines executed {hot}..1.05 x the page loads)")
    # the hot loop's lines in address order with their samples
    print("hot lines in address order: samples (% of kernel), executed, top reasons")
    for a in loop:
        r = sass[a]
        ss = sorted(((num(r[k]), h) for k, h in st if num(r[k]) > 0), reverse=True)[:3]
        print(f"  {a & 0xfffff:05x} {r[i_src].strip()[:60]:60s} {num(r[i_s]):8d} {100 * num(r[i_s]) / max(tot_all, 1):5.1f}% "
              f"{num(r[i_ex]):9d}  " + " ".join(f"{h}:{v}" for v, h in ss))
    print(f"top {top} lines by samples:")
    for a in sorted(addrs, key=lambda a: -num(sass[a][i_s]))[:top]:
        r = sass[a]
        ss = sorted(((num(r[k]), h) for k, h in st if num(r[k]) > 0), reverse=True)[:3]
        print(f"  {a & 0xfffff:05x} {r[i_src].strip()[:60]:60s} {num(r[i_s]):8d} {100 * num(r[i_s]) / max(tot_all, 1):5.1f}% "
              + " ".join(f"{h}:{v}" for v, h in ss))


if __name__ == "__main__":
    main()
