#!/bin/bash
# run15c.sh — attempt 15, third call: the new default (MK_RELGATE=1, D = 0, MK_INFLIGHT=4) against the old default
# (no gate, K = 3) and against K = 5, 6, 8, 0 (no limit) and MK_INFLIGHT2=8 with the gate. Timed interleaved at KV
# 512 (three rounds), mode 2, 128/2048; the new default checked (P=512, 2048) and sanitized, and the fastest too if
# it is another; fastest / default / old re-timed at all KV (two rounds); the fastest traced if it is not def.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r15c; rm -rf $W; mkdir -p $W
S=$O/summary15c.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
declare -A D=([old]="-DMK_RELGATE=0 -DMK_INFLIGHT=3" [def]="" [k5]="-DMK_INFLIGHT=5" [k6]="-DMK_INFLIGHT=6"
              [k8]="-DMK_INFLIGHT=8" [k0]="-DMK_INFLIGHT=0" [i8]="-DMK_INFLIGHT2=8")
V="old def k5 k6 k8 k0 i8"
T="old def k5 k6 k8 k0 i8"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv,noheader > $W/build.log 2>&1
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
for n in $V; do
  make variant BUILD=build NAME=$n NVFLAGS="$NV" DEFS="${D[$n]}" > $W/b_$n.log 2>&1 &
done
wait
for n in $V; do
  echo "== $n ${D[$n]}" >> $W/build.log; grep -E "error|registers|stack" $W/b_$n.log >> $W/build.log
  [ -x build/mk_run_$n ] || note "BUILD FAILED $n"
done
cat $W/build.log >> "$S"
note "built in ${SECONDS}s"
tm() { timeout 60 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 ${3:-} 2>&1 | grep -E '^[0-9]|rror|watchdog' \
         | sed "s/^/$1 ${3:-}: /" | tee -a "$S"; }
for r in 1 2 3; do for n in $T; do tm $n 512; done; done
for n in $T; do tm $n 512 "--mode 2"; done
for n in $T; do tm $n 128,2048; done
note "timed at ${SECONDS}s"
sum() { grep -E "^$1 : 512" "$S" | awk '{s+=$5} END{print s}'; }
best=def; bt=$(sum def)
for n in old k5 k6 k8 k0 i8; do t=$(sum $n); note "KV 512 sum of 3 medians: $n $t (def $(sum def))"; awk "BEGIN{exit !($t < $bt)}" && { best=$n; bt=$t; }; done
note "fastest at KV 512: $best"
TR=""
CK="def"; [ $best != def ] && CK="def $best"
if [ $best != def ]; then
  make variant BUILD=build NAME=tbest NVFLAGS="$NV" DEFS="-DMK_TRACE=1 ${D[$best]}" > $W/b_tbest.log 2>&1 && TR="tbest"
  grep -E "error|registers|stack" $W/b_tbest.log | sed "s/^/tbest ($best): /" >> "$S"
fi
for c in $CK; do
  for P in 512 2048; do
    rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
    timeout 120 build/mk_run_$c check --kv $P --steps 32 --dump /tmp/mkdump > $W/c.tmp 2>&1
    note "$c check P=$P: rc=$? $(grep -E 'nchunks|finite|mismatches' $W/c.tmp | sed 's/tokens:.*//' | tr '\n' ' ')"
    timeout 200 python3 -u reference.py /tmp/mkdump > $W/r.tmp 2>&1
    note "$c reference P=$P: $(grep -E 'teacher-forced|free-running|RESULT' $W/r.tmp | tr '\n' ' ') (${SECONDS}s)"
    cat $W/c.tmp $W/r.tmp >> $W/check.log
  done
  for tool in memcheck synccheck racecheck; do
    timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run_$c check --layers 1 --vocab 4224 \
      --kv 200 --steps 1 > $W/s.tmp 2>&1
    note "$c sanitizer $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/s.tmp | tail -1) (${SECONDS}s)"
    cat $W/s.tmp >> $W/sanitize.log
  done
done
for r in 1 2; do [ $best = def ] || tm $best 128,512,2048; tm def 128,512,2048; tm old 128,512,2048; done
for n in $TR; do
  mkdir -p $W/tr_$n
  MK_TRACE_DIR=$W/tr_$n timeout 60 build/mk_run_$n time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $n: /" | tee -a "$S"
  python3 trace_report.py $W/tr_$n/trace_kv512_m0.bin > $W/trace_$n.txt 2>&1
  grep -E "^  (qkv|attn|oproj|gateup|down|lmhead|argmax) " $W/trace_$n.txt | sed "s/^/trace $n: /" | tee -a "$S"
done
tar czf $O/run15c.tar.gz -C $W . 2>/dev/null
note "done in ${SECONDS}s"
