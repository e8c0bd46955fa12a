#!/bin/bash
# run26.sh — attempt 26 (one call): get back the +2.2 us that the wrap-safe wait (MK_WAITCMP=1) cost through ptxas's
# rescheduling of the input / attention / O-proj code. From one source: w0 (the old unsafe `counter < target`,
# timing baseline), w1 (attempt 25's default, ctr_below in C), w4 (the wait loop in a __noinline__ function), w5 (the
# whole loop in one asm with a poll count for the watchdog), w6 (the asm loop without a poll count), w7
# ((counter - base) < count unsigned, base = target - count: a local cubin diff showed HEAD's schedule kept, only the
# wait's own instructions differ). SASS of each against w0's; 7 interleaved rounds at KV 512, 2 at 128/2048; w7 (and
# the fastest wrap-safe one, if another) checked (P = 512, 2048), wrap-probed (--epoch0 32537630, 4294967294) and
# sanitized (memcheck / synccheck / racecheck, memcheck across the wrap); 2 more rounds of w0 w1 w7 at the end.
set -u
cd "$(dirname "$0")"; K=$PWD
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r26; rm -rf $W; mkdir -p $W/sass
S=$O/summary26.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
note "$(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,driver_version --format=csv,noheader 2>&1)"
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
A="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I."
V="w0 w1 w4 w5 w6 w7"
for n in $V; do
  make variant BUILD=build NAME=$n NVFLAGS="$NV" DEFS="-DMK_WAITCMP=${n#w}" > $W/b_$n.log 2>&1 &
  nvcc $A -DMK_WAITCMP=${n#w} -cubin megakernel.cu -o $W/$n.cubin > $W/cb_$n.log 2>&1 &
done
wait
cnt() { echo "lines $(grep -c '^        /\*[0-9a-f]*\*/' $1)"; }
nz() { sed -E 's@/\*[0-9a-f]{4,}\*/@@; s@ */\* 0x[0-9a-f]+ \*/@@; s/\.L_x_[0-9]+/L/g; s/0x[0-9a-f]+/X/g' $1 | grep -E '^\s+[A-Z@]' ; }
for n in $V; do
  [ -x build/mk_run_$n ] || { note "BUILD FAILED $n"; grep error $W/b_$n.log | head -8 | tee -a "$S"; }
  cuobjdump -sass $W/$n.cubin > $W/sass/$n.sass 2>>$W/cmp.log
  diff <(nz $W/sass/w0.sass) <(nz $W/sass/$n.sass) > $W/sass/diff_$n.txt
  note "== $n: $(grep -E 'registers' $W/b_$n.log | head -1 | sed 's/.*Used/Used/'); $(grep -E 'stack frame' $W/b_$n.log | head -2 | tr -s ' ' | tr '\n' ';'); SASS $(cnt $W/sass/$n.sass); vs w0: $(grep -c '^<' $W/sass/diff_$n.txt) out / $(grep -c '^>' $W/sass/diff_$n.txt) in"
done
note "w7's wait vs w0's (SASS diff):"; head -60 $W/sass/diff_w7.txt | tee -a "$S"
note "built in ${SECONDS}s"
tm() { timeout 20 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 2>&1 \
         | grep -E '^[0-9]|rror|watchdog|invalid' | sed "s/^/$1: /" | tee -a "$S"; }
for r in 1 2 3 4 5 6 7; do for n in $V; do tm $n 512; done; done
for r in 1 2; do for n in $V; do tm $n 128,2048; done; done
mean() { grep -E "^$1: $2 " "$S" | awk '{s+=$4; n++} END{printf "%.5f", s/n}'; }
for kv in 512 128 2048; do note "KV $kv mean of medians: $(for n in $V; do echo -n "$n $(mean $n $kv)  "; done)"; done
F=$(for n in w1 w4 w5 w6 w7; do echo "$(mean $n 512) $n"; done | sort -n | head -1 | awk '{print $2}')
note "fastest wrap-safe at KV 512: $F"
note "timed at ${SECONDS}s"
probe() {  # build tag epoch0
  timeout 60 build/mk_run_$1 check --kv 512 --steps 8 --epoch0 $3 --logits-out $W/lg_$2.bin > $W/p_$2.txt 2>&1
  note "probe $2 ($1, epoch0 $3): rc=$? $(grep -E 'epochs|tokens:|finite|mismatches|watchdog|rror' $W/p_$2.txt | tr '\n' ' ')"
}
cmpl() {  # base others...
python3 - $W "$@" <<'EOF' 2>&1 | tee -a "$S"
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
}
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
C="w7"; [ "$F" != w7 ] && C="w7 $F"
for n in $C; do
  probe $n ${n}_e1 1; probe $n ${n}_e1b 1; probe $n ${n}_w132 32537630; probe $n ${n}_w32 4294967294
  cmpl ${n}_e1 ${n}_e1b ${n}_w132 ${n}_w32
done
chk w7 "512 2048"; san w7 "memcheck synccheck racecheck"
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 build/mk_run_w7 check --layers 2 --vocab 4224 \
  --kv 200 --steps 4 --epoch0 32537631 > $W/s.tmp 2>&1
note "w7 sanitizer memcheck (2 layers, epoch0 32537631): rc=$? $(grep -E 'ERROR SUMMARY' $W/s.tmp | tail -1) (${SECONDS}s)"
echo "=== w7 memcheck epoch0" >> $W/sanitize.log; head -c 20000 $W/s.tmp >> $W/sanitize.log
if [ "$F" != w7 ]; then chk $F "512"; san $F "memcheck synccheck racecheck"; fi
for r in 1 2; do tm w0 512; tm w1 512; tm w7 512; done
note "KV 512 mean of all medians: w0 $(mean w0 512)  w1 $(mean w1 512)  w7 $(mean w7 512)"
for f in $W/p_*.txt; do echo "=== $f"; cat $f; done > $W/probe26.log
for n in $V; do echo "=== $n"; cat $W/b_$n.log; done > $W/build26.log
tar czf $O/logs26.tar.gz -C $W check.log sanitize.log probe26.log build26.log
tar czf $O/sass26.tar.gz -C $W/sass .
note "done in ${SECONDS}s"
