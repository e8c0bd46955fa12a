#!/bin/bash
# run22b.sh — attempt 22, second call: (1) page_step_bench.cu again with the deferred-butterfly steps (defer, odefer);
# (2) the megakernel with MK_DEFER (one transposed butterfly per QKV / split O-proj instruction instead of one per page):
# builds def (default source), dq (MK_DEFER=1: QKV), do (=2: O-proj), dqo (=3); traced tdef, tdqo. Timed interleaved at
# KV 512 (3 rounds), KV 128/2048 once; traces at KV 512; the fastest defer build checked (P = 512, 2048, 32 steps) and
# sanitized (2 layers); fastest / def re-timed twice. Also: the default source's SASS against HEAD's (carried as
# build/old/megakernel.cu), YIELD / BSSY / SHFL counts; if time is left, ncu source-level sampling of one def launch.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r22b; rm -rf $W; mkdir -p $W
S=$O/summary22b.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
note "$(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,driver_version --format=csv,noheader 2>&1)"
declare -A D=([def]="" [dq]="-DMK_DEFER=1" [do]="-DMK_DEFER=2" [dqo]="-DMK_DEFER=3" [tdef]="-DMK_TRACE=1" [tdqo]="-DMK_TRACE=1 -DMK_DEFER=3")
V="def dq do dqo tdef tdqo"
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
for n in $V; do make variant BUILD=build NAME=$n NVFLAGS="$NV" DEFS="${D[$n]}" > $W/b_$n.log 2>&1 & done
nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo page_step_bench.cu -o $W/psb > $W/b_psb.log 2>&1 &
( A="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I."
  nvcc $A -cubin build/old/megakernel.cu -o $W/old.cubin > $W/cmp.log 2>&1
  nvcc $A -cubin megakernel.cu -o $W/new.cubin >> $W/cmp.log 2>&1
  nvcc $A -DMK_DEFER=3 -cubin megakernel.cu -o $W/dqo.cubin >> $W/cmp.log 2>&1
  for c in old new dqo; do cuobjdump -sass $W/$c.cubin > $W/$c.sass 2>>$W/cmp.log; done ) &
wait
for n in $V; do
  echo "== $n ${D[$n]}" >> $W/build.log; grep -E "error|registers|stack|spill" $W/b_$n.log | grep -v "^ptxas info    : Compiling\|Function properties" | head -4 >> $W/build.log
  [ -x build/mk_run_$n ] || { note "BUILD FAILED $n"; grep -E "error" $W/b_$n.log | head -8 | tee -a "$S"; }
done
cat $W/build.log >> "$S"
cnt() { echo "lines $(grep -c '^        /\*[0-9a-f]*\*/' $1) YIELD $(grep -c YIELD $1) BSSY $(grep -c BSSY $1) SHFL $(grep -c SHFL $1) BRA.DIV $(grep -c 'BRA.DIV' $1)"; }
note "default SASS vs HEAD source: $(cmp -s $W/old.sass $W/new.sass && echo identical || echo DIFFERENT) ($(grep -c error $W/cmp.log) errors); def: $(cnt $W/new.sass); dqo: $(cnt $W/dqo.sass)"
note "built in ${SECONDS}s"
[ -x $W/psb ] && { timeout 60 $W/psb --iters 2000 --reps 5 > $W/bench.txt 2>&1; note "bench rc=$? at ${SECONDS}s"; cat $W/bench.txt | tee -a "$S"; }
C=""; for n in def dq do dqo; do [ -x build/mk_run_$n ] && C="$C $n"; done
tm() { timeout 20 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 ${3:-} 2>&1 \
         | grep -E '^[0-9]|rror|watchdog|invalid' | sed "s/^/$1 ${3:-}: /" | tee -a "$S"; }
for r in 1 2 3; do for c in $C; do tm $c 512; done; done
for c in $C; do tm $c 128,2048; done
note "timed at ${SECONDS}s"
for t in tdef tdqo; do
  [ -x build/mk_run_$t ] || continue
  mkdir -p $W/tr_$t
  MK_TRACE_DIR=$W/tr_$t timeout 20 build/mk_run_$t time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $t: /" | tee -a "$S"
  python3 trace_report.py $W/tr_$t/trace_kv512_m0.bin > $W/trace_$t.txt 2>&1
  grep -E "^  (qkv|attn|oproj|gateup|down|lmhead) |clock|GHz" $W/trace_$t.txt | sed "s/^/trace $t: /" | tee -a "$S"
done
cat $W/trace_*.txt > $O/traces22b.txt 2>/dev/null
note "traced at ${SECONDS}s"
sum() { grep -E "^$1 : 512" "$S" | awk '{s+=$5; n++} END{if (n == 3) print s; else print 99}'; }
best=""; bt=99
for c in $C; do t=$(sum $c); note "KV 512 sum of 3 medians: $c $t"; [ $c = def ] && continue
  awk "BEGIN{exit !($t < $bt)}" && { best=$c; bt=$t; }; done
note "fastest candidate at KV 512: $best ($bt; def $(sum def))"
san() {  # $1 build, $2 tools
  for tool in $2; do
    timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run_$1 check --layers 2 --vocab 4224 \
      --kv 200 --steps 1 > $W/s.tmp 2>&1
    note "$1 sanitizer $tool (2 layers): rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/s.tmp | tail -1) (${SECONDS}s)"
    echo "=== $1 $tool" >> $W/sanitize.log; head -c 20000 $W/s.tmp >> $W/sanitize.log
  done
}
chk() {  # $1 build, $2 kv list
  for P in $2; do
    rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
    timeout 60 build/mk_run_$1 check --kv $P --steps 32 --dump /tmp/mkdump > $W/c.tmp 2>&1
    note "$1 check P=$P: rc=$? $(grep -E 'nchunks|finite|mismatches|watchdog|rror' $W/c.tmp | sed 's/tokens:.*//' | tr '\n' ' ')"
    timeout 90 python3 -u reference.py /tmp/mkdump > $W/r.tmp 2>&1
    note "$1 reference P=$P: $(grep -E 'teacher-forced|free-running|RESULT' $W/r.tmp | tr '\n' ' ') (${SECONDS}s)"
    echo "=== $1 P=$P" >> $W/check.log; cat $W/c.tmp $W/r.tmp >> $W/check.log
  done
}
[ -z "$best" ] && best=dqo
chk $best "512 2048"; san $best "memcheck synccheck racecheck"
for r in 1 2; do tm $best 128,512,2048; tm def 128,512,2048; done
note "re-timed at ${SECONDS}s"
cp $W/check.log $W/sanitize.log $O/ 2>/dev/null
if [ $SECONDS -lt 300 ]; then
  timeout 150 ncu --clock-control none --replay-mode kernel -k regex:megakernel --launch-skip 3 --launch-count 1 \
    --section SourceCounters --section WarpStateStats --import-source no \
    --warp-sampling-interval 2 --warp-sampling-buffer-size 536870912 --warp-sampling-max-passes 20 \
    -f -o $W/prof build/mk_run_def time --kv 512 --iters 3 --warmup 2 > $W/ncu_run.log 2>&1
  note "ncu def rc=$? at ${SECONDS}s"
  if [ -f $W/prof.ncu-rep ]; then
    ncu -i $W/prof.ncu-rep --page source --csv --print-source sass > $W/ncu_src_def.csv 2>$W/ncu_src_err.txt
    python3 ncu_src_report.py $W/ncu_src_def.csv 30 0.9 > $O/ncu22b_def.txt 2>&1
    head -5 $O/ncu22b_def.txt | tee -a "$S"
    gzip -c $W/ncu_src_def.csv > $O/ncu22b_src_def.csv.gz
  fi
fi
tar czf $O/run22b.tar.gz -C $W --exclude='*.cubin' --exclude='old.sass' --exclude='tr_*' --exclude='*.ncu-rep' --exclude='*.csv' --exclude=psb . 2>/dev/null
note "done in ${SECONDS}s"
