#!/bin/bash
# run17.sh — attempt 17: h_mid zeroing off the chain (MK_HZERO=1: gate/up(l-1) zeroes h_mid[l] before its pages) and
# tagged q / new K/V for the attention (MK_QTAG=1 with MK_HZERO=1: layers >= 1, the ATTN instruction polls its head's
# tagged words instead of waiting on the QKV counter and then loading q from L2). def / hz / qt timed interleaved at
# KV 512 (3 rounds), qt with chunk 32/128, mode 2, KV 128/2048; qt checked and sanitized (2 layers: qtag is used from
# layer 1 on), hz too if it is the fastest; the fastest / def re-timed at all KV; def and qt traced.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r17; rm -rf $W; mkdir -p $W
S=$O/summary17.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
declare -A D=([def]="" [hz]="-DMK_HZERO=1" [qt]="-DMK_HZERO=1 -DMK_QTAG=1"
              [tdef]="-DMK_TRACE=1" [tqt]="-DMK_TRACE=1 -DMK_HZERO=1 -DMK_QTAG=1")
V="def hz qt tdef tqt"
T="def hz qt"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv,noheader > $W/build.log 2>&1
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
for n in $V; do
  make variant BUILD=build NAME=$n NVFLAGS="$NV" DEFS="${D[$n]}" > $W/b_$n.log 2>&1 &
done
wait
for n in $V; do
  echo "== $n ${D[$n]}" >> $W/build.log; grep -E "error|registers|stack" $W/b_$n.log | head -2 >> $W/build.log
  [ -x build/mk_run_$n ] || note "BUILD FAILED $n"
done
cat $W/build.log >> "$S"
note "built in ${SECONDS}s"
tm() { timeout 60 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 ${3:-} 2>&1 | grep -E '^[0-9]|rror|watchdog' \
         | sed "s/^/$1 ${3:-}: /" | tee -a "$S"; }
for r in 1 2 3; do for n in $T; do tm $n 512; done; done
for r in 1 2; do tm qt 512 "--chunk 32"; tm qt 512 "--chunk 128"; done
for n in def qt; do tm $n 512 "--mode 2"; done
for n in $T; do tm $n 128,2048; done
note "timed at ${SECONDS}s"
sum() { grep -E "^$1 : 512" "$S" | awk '{s+=$5} END{print s}'; }
best=def; bt=$(sum def)
for n in hz qt; do t=$(sum $n); note "KV 512 sum of 3 medians: $n $t (def $(sum def))"; awk "BEGIN{exit !($t < $bt)}" && { best=$n; bt=$t; }; done
note "fastest at KV 512: $best"
CK="qt"; [ $best = hz ] && CK="qt hz"
for c in $CK; do
  for P in 512 2048; do
    rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
    timeout 120 build/mk_run_$c check --kv $P --steps 32 --dump /tmp/mkdump > $W/c.tmp 2>&1
    note "$c check P=$P: rc=$? $(grep -E 'nchunks|finite|mismatches|watchdog|rror' $W/c.tmp | sed 's/tokens:.*//' | tr '\n' ' ')"
    timeout 200 python3 -u reference.py /tmp/mkdump > $W/r.tmp 2>&1
    note "$c reference P=$P: $(grep -E 'teacher-forced|free-running|RESULT' $W/r.tmp | tr '\n' ' ') (${SECONDS}s)"
    cat $W/c.tmp $W/r.tmp >> $W/check.log
  done
  for tool in memcheck synccheck racecheck; do
    timeout 150 compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run_$c check --layers 2 --vocab 4224 \
      --kv 200 --steps 1 > $W/s.tmp 2>&1
    note "$c sanitizer $tool (2 layers): rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/s.tmp | tail -1) (${SECONDS}s)"
    cat $W/s.tmp >> $W/sanitize.log
  done
done
for r in 1 2; do [ $best = def ] || tm $best 128,512,2048; [ $best = qt ] || tm qt 128,512,2048; tm def 128,512,2048; done
for n in tdef tqt; do
  mkdir -p $W/tr_$n
  MK_TRACE_DIR=$W/tr_$n timeout 60 build/mk_run_$n time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $n: /" | tee -a "$S"
  python3 trace_report.py $W/tr_$n/trace_kv512_m0.bin > $W/trace_$n.txt 2>&1
  grep -E "^  (qkv|attn|oproj|gateup|down|lmhead|argmax) " $W/trace_$n.txt | sed "s/^/trace $n: /" | tee -a "$S"
done
cp $W/trace_*.txt $W/check.log $W/sanitize.log $O/ 2>/dev/null
tar czf $O/run17.tar.gz -C $W --exclude='tr_*' . 2>/dev/null
note "done in ${SECONDS}s"
