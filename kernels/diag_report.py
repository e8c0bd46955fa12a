#!/usr/bin/env python3
"""diag_report.py TRACE.bin DIAG.bin — attempt 20: summary of an MK_TRACE=1 MK_DIAG=1 build's page-loop record.

DIAG.bin has the trace's layout (MAX_SM_INSTRS*8+8 u64 per SM); per instruction 8 u64, written by consumer thread 0:
  [0] landed (8 bits: pages of the first min(np, NPAGES) landed at input-ready) | nprobe << 8 | ready << 16 (pages that
      had landed when thread 0 reached them) | pairs << 32 (MK_PAIR groups formed by warp 0) | np << 48
  [1] stall: cycles in blocking waits for pages not landed when reached
  [2] rlat: cycles in waits for pages that had landed (the wait's own latency, with two clock reads)
  [3] pre: MK_PRELAND cycles of the wait for all pages before the pages phase
  [4..7] u32 pairs: clock of thread 0's wait return for pages 0..7, relative to the start of the pages phase
The trace gives op, layer, np and the clock rate (globaltimer pairs). Means over layers 1..L-1, as trace_report.py.
Pure Python (no numpy).
"""
import sys
from array import array

MAXI = 160
PER = MAXI * 8 + 8
OPS = {1: "qkv", 2: "attn", 3: "oproj", 4: "gateup", 5: "down", 6: "lmhead", 7: "argmax"}
mean = lambda xs: sum(xs) / len(xs) if xs else float("nan")


def words(path):
    a = array("Q")
    with open(path, "rb") as f:
        a.frombytes(f.read())
    return a


def main(tpath, dpath):
    t, d = words(tpath), words(dpath)
    nsm = len(t) // PER
    rows = {}
    for sm in range(nsm):
        base = sm * PER
        g0, c0, n, g1, c1 = t[base + MAXI * 8: base + MAXI * 8 + 5]
        f = (c1 - c0) / max(1, g1 - g0)  # cycles per ns
        for k in range(n):
            info = t[base + 8 * k]
            op, layer, npg = info & 0xFF, (info >> 8) & 0xFF, (info >> 16) & 0xFFFF
            pages_ns = (t[base + 8 * k + 4] - t[base + 8 * k + 3]) / f if t[base + 8 * k + 4] else float("nan")
            w = d[base + 8 * k: base + 8 * k + 8]
            landed, nprobe, ready = w[0] & 0xFF, (w[0] >> 8) & 0xFF, (w[0] >> 16) & 0xFFFF
            pairs, np_ = (w[0] >> 32) & 0xFFFF, (w[0] >> 48) & 0xFFFF
            st = [(w[4 + j // 2] >> (32 * (j % 2))) & 0xFFFFFFFF for j in range(8)]
            rows.setdefault(op, {}).setdefault(layer, []).append(
                dict(np=npg, landed=landed, nprobe=nprobe, ready=ready, pairs=pairs, stall=w[1] / f, rlat=w[2],
                     rlatns=w[2] / f, pre=w[3] / f, st=[x / f for x in st], pages=pages_ns, f=f))
    print(f"== {tpath} + {dpath}: {nsm} SMs, clock {mean([r['f'] for o in rows.values() for v in o.values() for r in v]):.3f} GHz")
    print("per op, mean over layers 1..L-1 and SMs with pages (thread 0's view): np | landed at input-ready / probed, "
          "all-landed share | ready when reached / np | stall us per instr | wait latency on a landed page (cycles) | "
          "pre-wait us | pairs | pages us, per page | wait-return stamps (us, pages 0..7)")
    for op in sorted(rows):
        if op in (2, 7):
            continue
        layers = sorted(rows[op])
        use = [l for l in layers if l >= 1] if len(layers) > 2 else layers
        v = [r for l in use for r in rows[op][l] if r["np"] > 0]
        if not v:
            continue
        npm = mean([r["np"] for r in v])
        lnd = mean([r["landed"] for r in v]); prb = mean([r["nprobe"] for r in v])
        alll = mean([1.0 if r["landed"] == r["nprobe"] else 0.0 for r in v])
        rdy = mean([r["ready"] / r["np"] for r in v])
        stall = mean([r["stall"] for r in v]) / 1e3
        rl = mean([r["rlat"] / max(1, r["ready"]) for r in v if r["ready"]])
        pre = mean([r["pre"] for r in v]) / 1e3
        pairs = mean([r["pairs"] for r in v])
        pg = mean([r["pages"] for r in v]) / 1e3
        pp = mean([r["pages"] / r["np"] for r in v]) / 1e3
        kmax = min(8, int(min(r["np"] for r in v)))
        stamps = [mean([r["st"][j] for r in v]) / 1e3 for j in range(kmax)]
        steps = [b - a for a, b in zip(stamps, stamps[1:])]
        print(f"  {OPS.get(op, '?'):7s} np {npm:6.2f} | landed {lnd:5.2f}/{prb:5.2f} all {alll:4.2f} | ready {rdy:5.3f} |"
              f" stall {stall:6.3f} | wlat {rl:6.1f} | pre {pre:5.2f} | pairs {pairs:5.2f} | pages {pg:6.2f} /page {pp:6.3f}")
        print(f"          stamps " + " ".join(f"{x:5.3f}" for x in stamps) + "  | steps " + " ".join(f"{x:5.3f}" for x in steps))
    # QKV per layer: does residency vary?
    if 1 in rows:
        print("qkv per layer: landed/probed, ready share, stall us, pages us/page")
        for l in sorted(rows[1]):
            v = [r for r in rows[1][l] if r["np"] > 0]
            print(f"  L{l:2d} landed {mean([r['landed'] for r in v]):4.2f}/{mean([r['nprobe'] for r in v]):4.2f}"
                  f" ready {mean([r['ready'] / r['np'] for r in v]):5.3f} stall {mean([r['stall'] for r in v]) / 1e3:6.3f}"
                  f" /page {mean([r['pages'] / r['np'] for r in v]) / 1e3:6.3f}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
