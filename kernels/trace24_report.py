#!/usr/bin/env python3
"""trace24_report.py SCHEDULE.txt TRACE.bin... — attempt 24: which SMs end the chain QKV -> attention -> O-proj last.

Reads MK_TRACE=1 traces (format: trace_report.py; header word 5 = %smid since attempt 24) of the same schedule (the
runner's `schedule --kv L --out FILE`), puts every SM on one time axis and reports, per layer 1..L-1 and over all
traces: the QKV signal time of every SM (end stamp + release cycles) relative to the first, what the last ones have in
common (SM, pages, unit kind q/k/v, attention SM or not, loader position at input-ready, components of the delay),
the attention SMs' wait exit against the last QKV signal, and the O-proj of each KV head against its head's last
attention signal. Also: a per-SM QKV share list (`--qkv-units`) for the SMs that end QKV last most persistently,
with the counterfactual chain saving (trace arithmetic only: every other stamp kept).

Alignment: globaltimer (start/end of each SM) first, then refined by the wait exits: at each grid-wide boundary
(qkv, attn, gateup, down, lmhead; not the per-head O-proj) the SMs that spun leave within one poll of the same
instant, so each SM's offset is the median over boundaries of (its exit - the boundary's median exit).
Pure Python.
"""
import sys
from array import array

MAXI = 160
PER = MAXI * 8 + 8
OPS = {1: "qkv", 2: "attn", 3: "oproj", 4: "gateup", 5: "down", 6: "lmhead", 7: "argmax"}
ALIGN_OPS = (1, 2, 4, 5, 6)


def med(xs):
    xs = sorted(xs)
    n = len(xs)
    if not n:
        return float("nan")
    return xs[n // 2] if n % 2 else 0.5 * (xs[n // 2 - 1] + xs[n // 2])


def mean(xs):
    xs = list(xs)
    return sum(xs) / len(xs) if xs else float("nan")


def parse_schedule(path):
    """per SM: list of (op, layer, start, count) in list order"""
    sms, cur = [], None
    for line in open(path):
        t = line.split()
        if not t:
            continue
        if t[0] == "sm" and len(t) > 2 and t[2] == "instrs":
            cur = []
            sms.append(cur)
        elif cur is not None and line.startswith("  ") and len(t) >= 7 and t[1] == "layer":
            op = {v: k for k, v in OPS.items()}.get(t[0], 0)
            cur.append((op, int(t[2]), int(t[4]), int(t[6])))
    return sms


def load(path):
    a = array("Q")
    with open(path, "rb") as f:
        a.frombytes(f.read())
    nsm = len(a) // PER
    G = min(a[sm * PER + MAXI * 8] for sm in range(nsm))
    out = []
    for sm in range(nsm):
        base = sm * PER
        g0, c0, n, g1, c1, smid = a[base + MAXI * 8: base + MAXI * 8 + 6]
        g0 -= G
        g1 -= G
        f = (c1 - c0) / max(1, g1 - g0)  # cycles per ns
        rows = []
        for k in range(n):
            r = a[base + 8 * k: base + 8 * k + 8]
            info = r[0]
            op, layer, npg = info & 0xFF, (info >> 8) & 0xFF, (info >> 16) & 0xFFFF
            rel = (info >> 40) / f
            t = [g0 + (x - c0) / f if x else float("nan") for x in r[1:]]
            rows.append(dict(op=op, layer=layer, np=npg, rel=rel, b=t[0], w=t[1], i=t[2], pg=t[3], e=t[4],
                             lf=t[5], ll=t[6], k=k))
        out.append(dict(rows=rows, f=f, smid=smid))
    return out


def align(d):
    """refine per-SM offsets from the wait exits; returns the offsets applied (ns)"""
    groups = {}
    for sm, s in enumerate(d):
        for r in s["rows"]:
            if r["op"] in ALIGN_OPS and r["w"] - r["b"] > 300:  # spun for > 0.3 us
                groups.setdefault((r["layer"], r["op"]), []).append((sm, r["w"]))
    groups = {k: v for k, v in groups.items() if len(v) >= 16}
    off = [0.0] * len(d)
    for _ in range(6):
        W = {k: med([w - off[sm] for sm, w in v]) for k, v in groups.items()}
        res = [[] for _ in d]
        for k, v in groups.items():
            for sm, w in v:
                res[sm].append(w - W[k])
        new = [med(x) if x else 0.0 for x in res]
        m = mean(new)
        off = [x - m for x in new]
    for sm, s in enumerate(d):
        for r in s["rows"]:
            for key in ("b", "w", "i", "pg", "e", "lf", "ll"):
                r[key] -= off[sm]
    # residual spread of the exits after alignment
    spread = []
    for k, v in groups.items():
        ws = sorted(w - off[sm] for sm, w in v)
        spread.append(ws[int(0.9 * (len(ws) - 1))] - ws[int(0.1 * (len(ws) - 1))])
    return off, med(spread)


def unit_kind(start, count):
    # QKV units of 8 rows: 0..255 q, 256..319 k, 320..383 v
    ks = set("q" if u < 256 else "k" if u < 320 else "v" for u in range(start, start + count))
    return "".join(sorted(ks))


def main(argv):
    sched = parse_schedule(argv[0])
    traces = argv[1:]
    nsm = len(sched)
    late_cnt = [0] * nsm          # times among the 12 latest QKV signals
    late_sum = [0.0] * nsm        # sum over layers of (signal - layer median)
    late_n = [0] * nsm
    comp_rows = []                # (lateness, components...) for every QKV instr
    chain = []                    # per (trace, layer) chain stamps
    cf_rows = []                  # per (trace, layer): list of (sm, sig, perpage, units) for the counterfactual
    feat = {}
    smid_maps = []
    per_trace = []                # (late_sum, late_n, cf_rows) of each trace alone
    for path in traces:
        t_sum, t_n, t_cf = [0.0] * nsm, [0] * nsm, []
        d = load(path)
        smid_maps.append(tuple(s["smid"] for s in d))
        off, resid = align(d)
        print(f"== {path}: {len(d)} SMs, clock {mean(s['f'] for s in d):.3f} GHz; wait-exit alignment: offsets"
              f" |mean| {mean(abs(x) for x in off):.0f} ns, max {max(abs(x) for x in off):.0f} ns; exit spread"
              f" p10..p90 after alignment {resid:.0f} ns (median over boundaries)")
        L = max(r["layer"] for s in d for r in s["rows"] if r["op"] <= 5) + 1
        byl = {}
        for sm, s in enumerate(d):
            rows = s["rows"]
            for k, r in enumerate(rows):
                r["sm"] = sm
                st = sched[sm][k] if k < len(sched[sm]) else (0, 0, 0, 0)
                if st[0] != r["op"] or st[1] != r["layer"]:
                    print(f"!! schedule/trace mismatch at sm {sm} instr {k}")
                r["start"], r["count"] = st[2], st[3]
                r["sig"] = r["e"] + r["rel"]
                # loader position at this instruction's input-ready: the last instruction whose first page the
                # loader had issued by then (k: still on this one; > k: already streaming a later op's pages)
                j = k
                while j + 1 < len(rows) and rows[j + 1]["lf"] == rows[j + 1]["lf"] and rows[j + 1]["lf"] <= r["i"]:
                    j += 1
                r["ldr_at_i"] = (j - k, OPS.get(rows[j]["op"], "?"))
                j = k
                while j + 1 < len(rows) and rows[j + 1]["lf"] == rows[j + 1]["lf"] and rows[j + 1]["lf"] <= r["pg"]:
                    j += 1
                r["ldr_at_pg"] = (j - k, OPS.get(rows[j]["op"], "?"))
                byl.setdefault((r["layer"], r["op"]), []).append(r)
        for l in range(1, L):
            q = byl.get((l, 1), [])
            a = byl.get((l, 2), [])
            o = byl.get((l, 3), [])
            gu = byl.get((l, 4), [])
            dn = byl.get((l - 1, 5), [])
            if not q:
                continue
            attn_sms = set(r["sm"] for r in a)
            dn_end = {r["sm"]: r["sig"] for r in dn}
            dn_sorted = sorted(dn_end, key=lambda s: dn_end[s])
            dn_rank = {s: i for i, s in enumerate(dn_sorted)}
            sig = sorted(r["sig"] for r in q)
            s0, smed, slast = sig[0], med(sig), sig[-1]
            six = [r for r in q if r["np"] == max(x["np"] for x in q)]
            mw, mi, mp, me, mr = (med([r["w"] for r in six]), med([r["i"] - r["w"] for r in six]),
                                  med([r["pg"] - r["i"] for r in six]), med([r["e"] - r["pg"] for r in six]),
                                  med([r["rel"] for r in six]))
            qs = sorted(q, key=lambda r: -r["sig"])
            for rank, r in enumerate(qs):
                sm = r["sm"]
                lat = r["sig"] - smed
                if r["np"] == six[0]["np"]:  # persistence among full-share instructions (the small shares rotate)
                    late_sum[sm] += lat
                    late_n[sm] += 1
                    t_sum[sm] += lat
                    t_n[sm] += 1
                if rank < 12:
                    late_cnt[sm] += 1
                comp_rows.append(dict(rank=rank, lat=lat, dw=r["w"] - mw, din=r["i"] - r["w"] - mi,
                                      dpg=r["pg"] - r["i"] - mp, depi=r["e"] - r["pg"] - me, drel=r["rel"] - mr,
                                      np=r["np"], attn=sm in attn_sms, kind=unit_kind(r["start"], r["count"]),
                                      dnr=dn_rank.get(sm, -1), ldr=r["ldr_at_i"], ldrpg=r["ldr_at_pg"],
                                      inflight_i=r["ll"] > r["i"], sm=sm))
            cf_rows.append([(r["sm"], r["sig"], (r["pg"] - r["i"]) / max(1, r["np"]), r["count"]) for r in q])
            t_cf.append(cf_rows[-1])
            # attention: its wait exit vs the last QKV signal; per head: last attention signal; O-proj of the head
            hop_a = [r["w"] - slast for r in a]
            a_sig = sorted(r["sig"] for r in a)
            # attention instruction start = head * nchunks + chunk; O-proj SM of head g: sm % 8 == g
            nch = max(1, len(a) // 8)
            head_last = {}
            for r in a:
                g = r["start"] // nch
                head_last[g] = max(head_last.get(g, -1e18), r["sig"])
            hop_o = [r["w"] - head_last.get(r["sm"] % 8, float("nan")) for r in o]
            o_sig = sorted(r["sig"] for r in o)
            gu_w = min(r["w"] for r in gu) if gu else float("nan")
            ch = dict(q_w0=min(r["w"] for r in q) - s0, q_first=0.0, q_med=smed - s0, q_last=slast - s0,
                      a_w0=min(r["w"] for r in a) - s0 if a else 0, a_wmed=med([r["w"] for r in a]) - s0 if a else 0,
                      a_last=a_sig[-1] - s0 if a else 0, a_med=med(a_sig) - s0 if a else 0,
                      o_wmed=med([r["w"] for r in o]) - s0, o_last=o_sig[-1] - s0, o_med=med(o_sig) - s0,
                      gu_w0=gu_w - s0, hop_a_min=min(hop_a) if hop_a else 0, hop_a_med=med(hop_a),
                      hop_o_min=min(hop_o) if hop_o else 0, hop_o_med=med(hop_o),
                      q_last_sm=qs[0]["sm"], a_last_sm=max(a, key=lambda r: r["sig"])["sm"] if a else -1,
                      o_last_sm=max(o, key=lambda r: r["sig"])["sm"])
            chain.append(ch)
            if path == traces[0] and l in (1, 8, 15):
                print(f"-- L{l} QKV signals rel. to the first (us): median {(smed - s0)/1e3:.2f}, last {(slast - s0)/1e3:.2f};"
                      f" 6-page medians: exit {0:.2f} input {mi/1e3:.2f} pages {mp/1e3:.2f} epi {me/1e3:.2f} rel {mr/1e3:.2f}")
                print("   latest 8: sm smid np kind attn dn-rank | late  d_exit d_input d_pages d_epi d_rel | loader@input loader@pages ll>i")
                for r in qs[:8]:
                    c = [x for x in comp_rows if x["sm"] == r["sm"]][-1]
                    print(f"   {r['sm']:3d} {d[r['sm']]['smid']:4d} {r['np']:2d} {c['kind']:>3s} {int(c['attn'])} {c['dnr']:4d} |"
                          f" {c['lat']/1e3:5.2f} {c['dw']/1e3:6.2f} {c['din']/1e3:6.2f} {c['dpg']/1e3:6.2f} {c['depi']/1e3:6.2f}"
                          f" {c['drel']/1e3:6.2f} | +{c['ldr'][0]} {c['ldr'][1]:6s} +{c['ldrpg'][0]} {c['ldrpg'][1]:6s} {int(c['inflight_i'])}")
        per_trace.append((t_sum, t_n, t_cf))
    print(f"blockIdx -> smid mapping identical over the {len(smid_maps)} traces: {len(set(smid_maps)) == 1}")
    smid = smid_maps[0]
    print("\n== chain per layer (us, relative to the first QKV signal; means over layers 1..L-1 and traces)")
    for k in ("q_w0", "q_med", "q_last", "hop_a_min", "hop_a_med", "a_w0", "a_wmed", "a_med", "a_last", "hop_o_min",
              "hop_o_med", "o_wmed", "o_med", "o_last", "gu_w0"):
        xs = [c[k] for c in chain]
        print(f"  {k:10s} {mean(xs)/1e3:7.2f}  (min {min(xs)/1e3:6.2f} max {max(xs)/1e3:6.2f})")
    print("  (q_*: QKV signals; hop_a: attention wait exit - last QKV signal; a_*: attention signals; hop_o: O-proj exit -"
          " its head's last attention signal; gu_w0: first gate/up exit)")
    # what the late ones have in common
    print("\n== QKV lateness (signal - layer median, us) by group: mean over instrs | share among the 5 latest per layer")
    def grp(name, key):
        vals = {}
        for c in comp_rows:
            vals.setdefault(key(c), []).append(c)
        for v, cs in sorted(vals.items(), key=lambda kv: str(kv[0])):
            top = [c for c in cs if c["rank"] < 5]
            print(f"  {name}={str(v):14s} n {len(cs):5d}  late {mean(c['lat'] for c in cs)/1e3:6.2f}  in top5 {len(top):4d}"
                  f" ({100.0 * len(top) / max(1, len(cs)):4.1f}% of group; random 3.8%)")
    grp("pages", lambda c: c["np"])
    grp("kind", lambda c: c["kind"])
    grp("attnSM", lambda c: c["attn"])
    grp("down_rank/33", lambda c: c["dnr"] // 33)
    grp("loader@input", lambda c: c["ldr"])
    grp("loader@pages", lambda c: c["ldrpg"])
    grp("ll>input", lambda c: c["inflight_i"])
    print("\n== components of the delay (us vs the layer's 6-page medians): mean over the 5 latest per layer / over all")
    for k in ("lat", "dw", "din", "dpg", "depi", "drel"):
        t = [c[k] for c in comp_rows if c["rank"] < 5]
        allc = [c[k] for c in comp_rows if c["np"] == max(x["np"] for x in comp_rows)]
        print(f"  {k:5s} top5 {mean(t)/1e3:6.2f}   all(6-page) {mean(allc)/1e3:6.2f}")
    # persistence
    nl = max(1, len(chain))
    print(f"\n== persistence: times among the 12 latest QKV signals over {nl} (trace, layer) pairs (random: {12*nl/nsm:.1f})")
    order = sorted(range(nsm), key=lambda s: -late_sum[s] / max(1, late_n[s]))
    for s in order[:20]:
        print(f"  sm {s:3d} smid {smid[s]:3d}: in latest-12 {late_cnt[s]:3d}, mean lateness {late_sum[s]/max(1,late_n[s])/1e3:6.2f} us")
    print("  ... earliest: " + ", ".join(f"{s}({late_sum[s]/max(1,late_n[s])/1e3:.2f})" for s in order[-6:]))
    # the list: the 12 persistently latest SMs get 2 QKV units (the natural 12 small shares)
    pick = order[:12]
    open("qkv_units.txt", "w").write(",".join(f"{s}=2" for s in pick) + "\n")
    def cf(pick, rows_list):
        # counterfactual: picked SMs lose one unit (2 pages), the SMs that had 2 units gain one
        gains = []
        for rows in rows_list:
            old = max(sig for _, sig, _, _ in rows)
            new = []
            for sm, sig, pp, cnt in rows:
                if sm in pick and cnt == 3:
                    new.append(sig - 2 * pp)
                elif sm not in pick and cnt == 2:
                    new.append(sig + 2 * pp)
                else:
                    new.append(sig)
            gains.append(old - max(new))
        return gains
    gains = cf(pick, cf_rows)
    print(f"  list (--qkv-units): {','.join(f'{s}=2' for s in pick)}")
    print(f"  counterfactual (in-sample): last QKV signal earlier by {mean(gains)/1e3:.3f} us per layer (min {min(gains)/1e3:.2f},"
          f" max {max(gains)/1e3:.2f}) -> x{nl/len(traces):.0f} layers = {mean(gains)*nl/len(traces)/1e3:.1f} us per token if the"
          f" attention followed one for one")
    if len(per_trace) >= 2:
        h = len(per_trace) // 2
        sA = [sum(p[0][s] for p in per_trace[:h]) / max(1, sum(p[1][s] for p in per_trace[:h])) for s in range(nsm)]
        pA = sorted(range(nsm), key=lambda s: -sA[s])[:12]
        gB = cf(pA, [r for p in per_trace[h:] for r in p[2]])
        print(f"  held out: list from traces 1..{h} {sorted(pA)}, counterfactual on traces {h+1}..{len(per_trace)}:"
              f" {mean(gB)/1e3:.3f} us per layer (min {min(gB)/1e3:.2f}, max {max(gB)/1e3:.2f});"
              f" overlap with the full list {len(set(pA) & set(pick))}/12")
        for k, p in enumerate(per_trace):
            sk = [p[0][s] / max(1, p[1][s]) for s in range(nsm)]
            print(f"  trace {k+1}: its 12 latest SMs (mean lateness) {sorted(sorted(range(nsm), key=lambda s: -sk[s])[:12])}")
    # is lateness predictable from the previous trace? rank correlation between traces of mean lateness per SM
    print(f"  latest QKV SM per (trace, layer): {[c['q_last_sm'] for c in chain]}")
    print(f"  latest attention SM: {[c['a_last_sm'] for c in chain]}")
    print(f"  latest O-proj SM: {[c['o_last_sm'] for c in chain]}")


if __name__ == "__main__":
    main(sys.argv[1:])
