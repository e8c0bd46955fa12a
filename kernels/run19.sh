#!/bin/bash
# run19.sh — attempt 19: resident pages grouped 2 or 4 at a time with one transposed butterfly (MK_PAIR, MK_PAIR_MAX;
# MK_PAIR_FORCE for the checks). Interleaved at KV 512 (3 rounds), KV 128/2048; the fastest grouped build checked
# (P = 512, 2048) and sanitized (2 layers), the forced build checked (P = 512) and sanitized; fastest / def re-timed;
# traces of def, p2, p4. Also: the default (MK_PAIR=0) SASS against HEAD's source (carried as build/old/megakernel.cu).
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r19; rm -rf $W; mkdir -p $W
S=$O/summary19.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
declare -A D=([def]="" [p2]="-DMK_PAIR=7 -DMK_PAIR_MAX=2" [p4]="-DMK_PAIR=7 -DMK_PAIR_MAX=4"
  [p2c]="-DMK_PAIR=10 -DMK_PAIR_MAX=2" [p4c]="-DMK_PAIR=10 -DMK_PAIR_MAX=4"
  [pf4]="-DMK_PAIR=7 -DMK_PAIR_MAX=4 -DMK_PAIR_FORCE=1"
  [tdef]="-DMK_TRACE=1" [tp2]="-DMK_TRACE=1 -DMK_PAIR=7 -DMK_PAIR_MAX=2" [tp4]="-DMK_TRACE=1 -DMK_PAIR=7 -DMK_PAIR_MAX=4")
V="def p2 p4 p2c p4c pf4 tdef tp2 tp4"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv,noheader > $W/build.log 2>&1
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
for n in $V; do make variant BUILD=build NAME=$n NVFLAGS="$NV" DEFS="${D[$n]}" > $W/b_$n.log 2>&1 & done
# the default source (MK_PAIR=0) against HEAD's (e677ab0 kernel): same SASS?
( A="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I."
  nvcc $A -cubin build/old/megakernel.cu -o $W/old.cubin > $W/cmp.log 2>&1
  nvcc $A -cubin megakernel.cu -o $W/new.cubin >> $W/cmp.log 2>&1
  cuobjdump -sass $W/old.cubin > $W/old.sass 2>>$W/cmp.log; cuobjdump -sass $W/new.cubin > $W/new.sass 2>>$W/cmp.log ) &
wait
for n in $V; do
  echo "== $n ${D[$n]}" >> $W/build.log; grep -E "error|registers|stack|spill" $W/b_$n.log | grep -v "^ptxas info    : Compiling\|Function properties" | head -4 >> $W/build.log
  [ -x build/mk_run_$n ] || { note "BUILD FAILED $n"; grep -E "error" $W/b_$n.log | head -5 | tee -a "$S"; }
done
cat $W/build.log >> "$S"
note "default SASS vs HEAD source: $(cmp -s $W/old.sass $W/new.sass && echo identical || echo DIFFERENT) ($(wc -l < $W/new.sass) lines; $(grep -c error $W/cmp.log) errors)"
note "built in ${SECONDS}s"
C=""; for n in def p2 p4 p2c p4c pf4; do [ -x build/mk_run_$n ] && C="$C $n"; done
tm() { timeout 30 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 ${3:-} 2>&1 \
         | grep -E '^[0-9]|rror|watchdog|invalid' | sed "s/^/$1 ${3:-}: /" | tee -a "$S"; }
for r in 1 2 3; do for c in $C; do tm $c 512; done; done
for c in $C; do [ $c = pf4 ] || tm $c 128,2048; done
note "timed at ${SECONDS}s"
sum() { grep -E "^$1 : 512" "$S" | awk '{s+=$5; n++} END{if (n == 3) print s; else print 99}'; }
best=""; bt=99
for c in $C; do t=$(sum $c); note "KV 512 sum of 3 medians: $c $t"; [ $c = def ] || [ $c = pf4 ] && continue
  awk "BEGIN{exit !($t < $bt)}" && { best=$c; bt=$t; }; done
note "fastest grouped build at KV 512: $best ($bt; def $(sum def))"
CK=""; [ -n "$best" ] && CK="$best"; [ -x build/mk_run_pf4 ] && CK="$CK pf4"
for c in $CK; do
  PS="512 2048"; [ $c = pf4 ] && PS=512
  for P in $PS; do
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
for r in 1 2; do [ -n "$best" ] && tm $best 128,512,2048; tm def 128,512,2048; done
for t in tdef tp2 tp4; do
  [ -x build/mk_run_$t ] || continue
  mkdir -p $W/tr_$t
  MK_TRACE_DIR=$W/tr_$t timeout 30 build/mk_run_$t time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $t: /" | tee -a "$S"
  python3 trace_report.py $W/tr_$t/trace_kv512_m0.bin > $W/trace_$t.txt 2>&1
  grep -E "^  (qkv|attn|oproj|gateup|down|lmhead|argmax) " $W/trace_$t.txt | sed "s/^/trace $t: /" | tee -a "$S"
done
cp $W/trace_*.txt $W/check.log $W/sanitize.log $O/ 2>/dev/null
tar czf $O/run19.tar.gz -C $W --exclude='tr_*' --exclude='*.cubin' . 2>/dev/null
note "done in ${SECONDS}s"
