#!/bin/bash
# run21.sh — attempt 21: the resident-page GEMV step on the tensor cores (MK_TC; mma.sync m16n8k16 bf16 -> f32 per page
# and warp instead of bf16 unpack + FFMA + 6-shuffle butterfly). Builds: def (default source), tc3 (QKV + O-proj, x in
# bf16: MK_TC_LO=0), tc3l (QKV + O-proj, x = hi + lo bf16), tc7l (also gate/up and the LM head, hi + lo); traced tdef,
# ttc3l. Timed interleaved at KV 512 (3 rounds), KV 128/2048 once; the fastest tc build checked (P = 512, 2048, 32
# steps) and sanitized (2 layers), the other tc builds checked for their error; fastest / def re-timed twice. Also: the
# default source's SASS against HEAD's (carried as build/old/megakernel.cu), HMMA counts.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r21; rm -rf $W; mkdir -p $W
S=$O/summary21.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
declare -A D=([def]="" [tc3]="-DMK_TC=3 -DMK_TC_LO=0" [tc3l]="-DMK_TC=3 -DMK_TC_LO=1" [tc7l]="-DMK_TC=7 -DMK_TC_LO=1"
  [tdef]="-DMK_TRACE=1" [ttc3l]="-DMK_TRACE=1 -DMK_TC=3 -DMK_TC_LO=1")
V="def tc3 tc3l tc7l tdef ttc3l"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv,noheader > $W/build.log 2>&1
compute-sanitizer --version 2>&1 | tail -1 >> $W/build.log
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
for n in $V; do make variant BUILD=build NAME=$n NVFLAGS="$NV" DEFS="${D[$n]}" > $W/b_$n.log 2>&1 & done
( A="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I."
  nvcc $A -cubin build/old/megakernel.cu -o $W/old.cubin > $W/cmp.log 2>&1
  nvcc $A -cubin megakernel.cu -o $W/new.cubin >> $W/cmp.log 2>&1
  nvcc $A -DMK_TC=3 -DMK_TC_LO=1 -cubin megakernel.cu -o $W/tc3l.cubin >> $W/cmp.log 2>&1
  cuobjdump -sass $W/old.cubin > $W/old.sass 2>>$W/cmp.log; cuobjdump -sass $W/new.cubin > $W/new.sass 2>>$W/cmp.log
  cuobjdump -sass $W/tc3l.cubin > $W/tc3l.sass 2>>$W/cmp.log ) &
wait
for n in $V; do
  echo "== $n ${D[$n]}" >> $W/build.log; grep -E "error|registers|stack|spill" $W/b_$n.log | grep -v "^ptxas info    : Compiling\|Function properties" | head -4 >> $W/build.log
  [ -x build/mk_run_$n ] || { note "BUILD FAILED $n"; grep -E "error" $W/b_$n.log | head -8 | tee -a "$S"; }
done
cat $W/build.log >> "$S"
note "default SASS vs HEAD source: $(cmp -s $W/old.sass $W/new.sass && echo identical || echo DIFFERENT) ($(wc -l < $W/new.sass) lines; $(grep -c error $W/cmp.log) errors); HMMA in def / tc3l: $(grep -c HMMA $W/new.sass) / $(grep -c HMMA $W/tc3l.sass); SASS lines tc3l $(wc -l < $W/tc3l.sass)"
note "built in ${SECONDS}s"
C=""; for n in def tc3 tc3l tc7l; do [ -x build/mk_run_$n ] && C="$C $n"; done
tm() { timeout 20 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 ${3:-} 2>&1 \
         | grep -E '^[0-9]|rror|watchdog|invalid' | sed "s/^/$1 ${3:-}: /" | tee -a "$S"; }
for r in 1 2 3; do for c in $C; do tm $c 512; done; done
for c in $C; do tm $c 128,2048; done
note "timed at ${SECONDS}s"
for t in tdef ttc3l; do
  [ -x build/mk_run_$t ] || continue
  mkdir -p $W/tr_$t
  MK_TRACE_DIR=$W/tr_$t timeout 20 build/mk_run_$t time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $t: /" | tee -a "$S"
  python3 trace_report.py $W/tr_$t/trace_kv512_m0.bin > $W/trace_$t.txt 2>&1
  grep -E "^  (qkv|attn|oproj|gateup|down|lmhead) " $W/trace_$t.txt | sed "s/^/trace $t: /" | tee -a "$S"
done
cat $W/trace_*.txt > $O/traces21.txt 2>/dev/null
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
if [ -n "$best" ]; then chk $best "512 2048"; san $best "memcheck synccheck racecheck"; fi
for c in tc3l tc3 tc7l; do [ "$c" != "$best" ] && [ -x build/mk_run_$c ] && [ $SECONDS -lt 150 ] && chk $c "512 2048"; done
for r in 1 2; do [ -n "$best" ] && tm $best 128,512,2048; tm def 128,512,2048; done
note "re-timed at ${SECONDS}s"
cp $W/check.log $W/sanitize.log $O/ 2>/dev/null
tar czf $O/run21.tar.gz -C $W --exclude='*.cubin' --exclude='*.sass' --exclude='tr_*' . 2>/dev/null
note "done in ${SECONDS}s"
