#!/bin/bash
# run18.sh — attempt 18: attention SMs with smaller QKV shares (runtime scheduler option --attn-qkv K, with the default
# build and with MK_QTAG) and the producer-published RMSNorm sum of squares (MK_SSQ=1). Interleaved at KV 512 (3 rounds),
# KV 128/2048; ssq and the fastest checked (P = 512, 2048) and sanitized (2 layers); fastest / def re-timed; traces.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r18; rm -rf $W; mkdir -p $W
S=$O/summary18.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
declare -A D=([def]="" [ssq]="-DMK_SSQ=1" [qt]="-DMK_QTAG=1" [tdef]="-DMK_TRACE=1" [tssq]="-DMK_TRACE=1 -DMK_SSQ=1")
V="def ssq qt tdef tssq"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv,noheader > $W/build.log 2>&1
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
for n in $V; do make variant BUILD=build NAME=$n NVFLAGS="$NV" DEFS="${D[$n]}" > $W/b_$n.log 2>&1 & done
wait
for n in $V; do
  echo "== $n ${D[$n]}" >> $W/build.log; grep -E "error|registers|stack" $W/b_$n.log | head -2 >> $W/build.log
  [ -x build/mk_run_$n ] || note "BUILD FAILED $n"
done
cat $W/build.log >> "$S"
note "built in ${SECONDS}s"
# candidate = "build:attn-qkv" (-1: old split)
C="def:-1 def:2 ssq:-1 qt:-1 qt:2 qt:0"
tm() { local b=${1%%:*} k=${1##*:}; timeout 60 build/mk_run_$b time --kv $2 --iters 200 --warmup 30 --attn-qkv $k ${3:-} 2>&1 \
         | grep -E '^[0-9]|rror|watchdog|invalid' | sed "s/^/$1 ${3:-}: /" | tee -a "$S"; }
for r in 1 2 3; do for c in $C; do tm $c 512; done; done
for c in def:-1 ssq:-1; do tm $c 512 "--mode 2"; done
for c in def:-1 def:2 ssq:-1 qt:2; do tm $c 128,2048; done
note "timed at ${SECONDS}s"
sum() { grep -E "^$1 : 512" "$S" | awk '{s+=$5} END{print s}'; }
best=def:-1; bt=$(sum def:-1)
for c in def:2 ssq:-1 qt:-1 qt:2 qt:0; do t=$(sum $c); note "KV 512 sum of 3 medians: $c $t (def $(sum def:-1))"; awk "BEGIN{exit !($t < $bt)}" && { best=$c; bt=$t; }; done
note "fastest at KV 512: $best"
CK="ssq:-1"; [ $best != def:-1 ] && [ $best != ssq:-1 ] && CK="$best ssq:-1"
for c in $CK; do
  b=${c%%:*} k=${c##*:}
  for P in 512 2048; do
    rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
    timeout 120 build/mk_run_$b check --kv $P --steps 32 --attn-qkv $k --dump /tmp/mkdump > $W/c.tmp 2>&1
    note "$c check P=$P: rc=$? $(grep -E 'nchunks|finite|mismatches|watchdog|rror' $W/c.tmp | sed 's/tokens:.*//' | tr '\n' ' ')"
    timeout 200 python3 -u reference.py /tmp/mkdump > $W/r.tmp 2>&1
    note "$c reference P=$P: $(grep -E 'teacher-forced|free-running|RESULT' $W/r.tmp | tr '\n' ' ') (${SECONDS}s)"
    cat $W/c.tmp $W/r.tmp >> $W/check.log
  done
  for tool in memcheck synccheck racecheck; do
    timeout 150 compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run_$b check --layers 2 --vocab 4224 \
      --kv 200 --steps 1 --attn-qkv $k > $W/s.tmp 2>&1
    note "$c sanitizer $tool (2 layers): rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/s.tmp | tail -1) (${SECONDS}s)"
    cat $W/s.tmp >> $W/sanitize.log
  done
done
for r in 1 2; do [ $best = def:-1 ] || tm $best 128,512,2048; [ $best = ssq:-1 ] || tm ssq:-1 128,512,2048; tm def:-1 128,512,2048; done
for t in tdef:-1 tssq:-1 tdef:2; do
  b=${t%%:*} k=${t##*:}; n=${b}_$k; n=${n/-/m}
  mkdir -p $W/tr_$n
  MK_TRACE_DIR=$W/tr_$n timeout 60 build/mk_run_$b time --kv 512 --iters 20 --warmup 10 --attn-qkv $k 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $t: /" | tee -a "$S"
  python3 trace_report.py $W/tr_$n/trace_kv512_m0.bin > $W/trace_$n.txt 2>&1
  grep -E "^  (qkv|attn|oproj|gateup|down|lmhead|argmax) " $W/trace_$n.txt | sed "s/^/trace $t: /" | tee -a "$S"
done
cp $W/trace_*.txt $W/check.log $W/sanitize.log $O/ 2>/dev/null
tar czf $O/run18.tar.gz -C $W --exclude='tr_*' . 2>/dev/null
note "done in ${SECONDS}s"
