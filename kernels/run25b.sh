#!/bin/bash
# run25b.sh — attempt 25, second call. Call 1 (run25.sh): the wrap-safe wait in C ((int)(counter - target) < 0) was
# correct but +2.2 us per token slower than HEAD's kernel in every round, with the whole first ~2500 SASS lines
# rescheduled (same line count). Here, from one source: w0 (MK_WAITCMP=0: the old unsafe `counter < target`; must be
# SASS-identical to HEAD's), w1 (C form, call 1's), w2 (ld.acquire + sub in one asm), w3 (ld.acquire + mul + sub in
# one asm); SASS diff of each against HEAD's; 5 interleaved rounds at KV 512, 2 at 128/2048; the fastest wrap-safe
# one (w1..w3, mean at KV 512) is checked (P = 512, 2048), sanitized and wrap-probed; SASS files come back.
set -u
cd "$(dirname "$0")"; K=$PWD
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r25b; rm -rf $W; mkdir -p $W/sass
S=$O/summary25b.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
note "$(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,driver_version --format=csv,noheader 2>&1)"
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
A="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I."
V="w0 w1 w2 w3"
for n in $V; do
  make variant BUILD=build NAME=$n NVFLAGS="$NV" DEFS="-DMK_WAITCMP=${n#w}" > $W/b_$n.log 2>&1 &
  nvcc $A -DMK_WAITCMP=${n#w} -cubin megakernel.cu -o $W/$n.cubin > $W/cb_$n.log 2>&1 &
done
nvcc $A -cubin build/old/megakernel.cu -o $W/old.cubin > $W/cb_old.log 2>&1 &
wait
cnt() { echo "lines $(grep -c '^        /\*[0-9a-f]*\*/' $1)"; }
nz() { sed -E 's@/\*[0-9a-f]{4,}\*/@@; s@ */\* 0x[0-9a-f]+ \*/@@; s/\.L_x_[0-9]+/L/g; s/0x[0-9a-f]+/X/g' $1 | grep -E '^\s+[A-Z@]' ; }
cuobjdump -sass $W/old.cubin > $W/sass/old.sass 2>>$W/cmp.log
for n in $V; do
  [ -x build/mk_run_$n ] || { note "BUILD FAILED $n"; grep error $W/b_$n.log | head -8 | tee -a "$S"; }
  cuobjdump -sass $W/$n.cubin > $W/sass/$n.sass 2>>$W/cmp.log
  diff <(nz $W/sass/old.sass) <(nz $W/sass/$n.sass) > $W/sass/diff_$n.txt
  note "== $n: $(grep -E 'registers' $W/b_$n.log | head -1 | sed 's/.*Used/Used/'); SASS $(cnt $W/sass/$n.sass); vs HEAD's: $(cmp -s $W/sass/old.sass $W/sass/$n.sass && echo identical || echo "$(grep -c '^<' $W/sass/diff_$n.txt) out / $(grep -c '^>' $W/sass/diff_$n.txt) in")"
done
note "built in ${SECONDS}s"
tm() { timeout 20 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 2>&1 \
         | grep -E '^[0-9]|rror|watchdog|invalid' | sed "s/^/$1: /" | tee -a "$S"; }
for r in 1 2 3 4 5; do for n in $V; do tm $n 512; done; done
for r in 1 2; do for n in $V; do tm $n 128,2048; done; done
mean() { grep -E "^$1: $2 " "$S" | awk '{s+=$4; n++} END{printf "%.5f", s/n}'; }
for kv in 512 128 2048; do note "KV $kv mean of medians: $(for n in $V; do echo -n "$n $(mean $n $kv)  "; done)"; done
P=$(for n in w1 w2 w3; do echo "$(mean $n 512) $n"; done | sort -n | head -1 | awk '{print $2}')
note "fastest wrap-safe at KV 512: $P"
note "timed at ${SECONDS}s"
probe() {  # tag epoch0
  timeout 60 build/mk_run_$P check --kv 512 --steps 8 --epoch0 $2 --logits-out $W/lg_$1.bin > $W/p_$1.txt 2>&1
  note "probe $1 ($P, epoch0 $2): rc=$? $(grep -E 'epochs|tokens:|finite|mismatches|watchdog|rror' $W/p_$1.txt | tr '\n' ' ')"
}
probe e1 1; probe e1b 1; probe w132 32537630; probe w32 4294967294
python3 - $W e1 e1b w132 w32 <<'EOF' 2>&1 | tee -a "$S"
import sys, numpy as np
W, base, others = sys.argv[1], sys.argv[2], sys.argv[3:]
V = 128256
ref = np.fromfile(f"{W}/lg_{base}.bin", dtype=np.float32).reshape(-1, V)
for o in others:
    try:
        x = np.fromfile(f"{W}/lg_{o}.bin", dtype=np.float32).reshape(-1, V)
    except Exception as e:
        print(f"probe {o}: no logits ({e})"); continue
    rel = [float(np.linalg.norm(x[k].astype(np.float64) - ref[k]) / np.linalg.norm(ref[k].astype(np.float64))) for k in range(len(ref))]
    am = ["=" if x[k].argmax() == ref[k].argmax() else "X" for k in range(len(ref))]
    ok = max(rel) < 1e-3 and all(a == "=" for a in am)
    print(f"probe {o} vs {base}: per-step rel L2 " + " ".join(f"{r:.1e}" for r in rel) + f"  argmax {''.join(am)}  -> {'MATCH' if ok else 'DIVERGES'}")
EOF
chk() {
  for P2 in $2; do
    rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
    timeout 60 build/mk_run_$1 check --kv $P2 --steps 32 --dump /tmp/mkdump > $W/c.tmp 2>&1
    note "$1 check P=$P2: rc=$? $(grep -E 'nchunks|finite|mismatches|watchdog|rror' $W/c.tmp | sed 's/tokens:.*//' | tr '\n' ' ')"
    timeout 90 python3 -u reference.py /tmp/mkdump > $W/r.tmp 2>&1
    note "$1 reference P=$P2: $(grep -E 'teacher-forced|free-running|RESULT' $W/r.tmp | tr '\n' ' ') (${SECONDS}s)"
    echo "=== $1 P=$P2" >> $W/check.log; cat $W/c.tmp $W/r.tmp >> $W/check.log
  done
}
san() {
  for tool in $2; do
    timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run_$1 check --layers 2 --vocab 4224 \
      --kv 200 --steps 1 > $W/s.tmp 2>&1
    note "$1 sanitizer $tool (2 layers): rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/s.tmp | tail -1) (${SECONDS}s)"
    echo "=== $1 $tool" >> $W/sanitize.log; head -c 20000 $W/s.tmp >> $W/sanitize.log
  done
}
chk $P "512 2048"; san $P "memcheck synccheck racecheck"
for r in 1 2; do tm w0 512; tm $P 512; done
note "KV 512 mean of all medians: w0 $(mean w0 512)  $P $(mean $P 512)"
for f in $W/p_*.txt; do echo "=== $f"; cat $f; done > $W/probe25b.log
tar czf $O/logs25b.tar.gz -C $W check.log sanitize.log probe25b.log
tar czf $O/sass25b.tar.gz -C $W/sass .
note "done in ${SECONDS}s"
