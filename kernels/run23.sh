#!/bin/bash
# run23.sh — attempt 23, one device call: the page loops' loop-top stall (MK_UWAIT: warp-uniform wait, 1 inline, 2 with
# an out-of-line retry loop), QKV's deferred butterfly in a block of its own (MK_DEFER=6), incremental slot / parity /
# page pointer (MK_PADDR, with MK_LOOPUNR=2), and combinations, side by side with the default (MK_DEFER=2). Builds, SASS
# counts (YIELD / BSSY / BRA.DIV, the page loops' heads) and dumps, 5 interleaved rounds at KV 512, KV 128/2048 once,
# traces (tdef, ta1), the fastest two candidates checked (P = 512, 2048) and sanitized, re-timed against def twice;
# ncu source-level sampling of the fastest candidate if time is left. Also yield_probe.cu (a small stand-alone page
# loop with five wait forms) compiled and counted, to see which forms get a YIELD / BSSY.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r23; rm -rf $W; mkdir -p $W/sass
S=$O/summary23.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
note "$(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,driver_version --format=csv,noheader 2>&1)"
declare -A D=([def]="" [u1]="-DMK_UWAIT=1" [u2]="-DMK_UWAIT=2" [pa]="-DMK_PADDR=1" [q6]="-DMK_DEFER=6"
  [u1pa]="-DMK_UWAIT=1 -DMK_PADDR=1" [u1q6]="-DMK_UWAIT=1 -DMK_DEFER=6" [a1]="-DMK_UWAIT=1 -DMK_PADDR=1 -DMK_DEFER=6"
  [a2]="-DMK_UWAIT=2 -DMK_PADDR=1 -DMK_DEFER=6" [a1r2]="-DMK_UWAIT=1 -DMK_PADDR=1 -DMK_DEFER=6 -DMK_LOOPUNR=2"
  [tdef]="-DMK_TRACE=1" [ta1]="-DMK_TRACE=1 -DMK_UWAIT=1 -DMK_PADDR=1 -DMK_DEFER=6")
C="def u1 u2 pa q6 u1pa u1q6 a1 a2 a1r2"
V="$C tdef ta1"
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
A="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I."
for n in $V; do make variant BUILD=build NAME=$n NVFLAGS="$NV" DEFS="${D[$n]}" > $W/b_$n.log 2>&1 & done
for n in $C; do nvcc $A ${D[$n]} -cubin megakernel.cu -o $W/$n.cubin > $W/cb_$n.log 2>&1 & done
nvcc $A -cubin build/old/megakernel.cu -o $W/old.cubin > $W/cb_old.log 2>&1 &
for v in 0 1 2 3 4; do nvcc $A -DV=$v -cubin yield_probe.cu -o $W/yp$v.cubin > $W/yp$v.log 2>&1 & done
wait
for n in $V; do
  echo "== $n ${D[$n]}" >> $W/build.log; grep -E "error|registers|stack|spill" $W/b_$n.log | grep -v "^ptxas info    : Compiling\|Function properties" | head -6 >> $W/build.log
  [ -x build/mk_run_$n ] || { note "BUILD FAILED $n"; grep -E "error" $W/b_$n.log | head -8 | tee -a "$S"; }
done
cat $W/build.log >> "$S"
cnt() { echo "lines $(grep -c '^        /\*[0-9a-f]*\*/' $1) YIELD $(grep -c YIELD $1) BSSY $(grep -c BSSY $1) BRA.DIV $(grep -c 'BRA.DIV' $1) VOTE $(grep -c 'VOTE' $1) CALL $(grep -c 'CALL' $1) TRYWAIT $(grep -c 'TRYWAIT' $1)"; }
for c in old $C; do cuobjdump -sass $W/$c.cubin > $W/sass/$c.sass 2>>$W/cmp.log; note "SASS $c: $(cnt $W/sass/$c.sass)"; done
note "default SASS vs HEAD source: $(cmp -s $W/sass/old.sass $W/sass/def.sass && echo identical || echo DIFFERENT)"
for v in 0 1 2 3 4; do cuobjdump -sass $W/yp$v.cubin > $W/sass/yp$v.sass 2>>$W/cmp.log; note "yield_probe V=$v: $(cnt $W/sass/yp$v.sass)"; done
# the page loops' heads: 24 lines before each TRYWAIT (grep -B), for every build
for c in $C; do grep -B 24 -A 3 TRYWAIT $W/sass/$c.sass | sed 's@/\* 0x[0-9a-f]* \*/@@' > $W/sass/$c.heads.txt; done
tar czf $O/sass23.tar.gz -C $W sass
note "built in ${SECONDS}s"
CC=""; for n in $C; do [ -x build/mk_run_$n ] && CC="$CC $n"; done
tm() { timeout 20 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 ${3:-} 2>&1 \
         | grep -E '^[0-9]|rror|watchdog|invalid' | sed "s/^/$1 ${3:-}: /" | tee -a "$S"; }
for r in 1 2 3 4 5; do for c in $CC; do tm $c 512; done; done
for c in $CC; do tm $c 128,2048; done
note "timed at ${SECONDS}s"
for t in tdef ta1; do
  [ -x build/mk_run_$t ] || continue
  mkdir -p $W/tr_$t
  MK_TRACE_DIR=$W/tr_$t timeout 20 build/mk_run_$t time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $t: /" | tee -a "$S"
  python3 trace_report.py $W/tr_$t/trace_kv512_m0.bin > $W/trace_$t.txt 2>&1
  grep -E "^  (qkv|attn|oproj|gateup|down|lmhead) |clock|GHz" $W/trace_$t.txt | sed "s/^/trace $t: /" | tee -a "$S"
done
cat $W/trace_*.txt > $O/traces23.txt 2>/dev/null
note "traced at ${SECONDS}s"
mean() { grep -E "^$1 : 512" "$S" | awk '{s+=$5; n++} END{if (n >= 5) printf "%.5f\n", s/n; else print 99}'; }
: > $W/rank.txt
for c in $CC; do t=$(mean $c); note "KV 512 mean of 5 medians: $c $t"; [ $c = def ] || echo "$t $c" >> $W/rank.txt; done
sort -n $W/rank.txt > $W/rank_s.txt
b1=$(awk 'NR==1{print $2}' $W/rank_s.txt); b2=$(awk 'NR==2{print $2}' $W/rank_s.txt)
note "fastest candidates at KV 512: $b1, $b2 (def $(mean def))"
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
for b in $b1 $b2; do chk $b "512 2048"; san $b "memcheck synccheck racecheck"; done
for r in 1 2; do tm $b1 128,512,2048; tm $b2 128,512,2048; tm def 128,512,2048; done
note "re-timed at ${SECONDS}s"
cp $W/check.log $W/sanitize.log $O/ 2>/dev/null
if [ $SECONDS -lt 330 ]; then
  timeout 150 ncu --clock-control none --replay-mode kernel -k regex:megakernel --launch-skip 3 --launch-count 1 \
    --section SourceCounters --section WarpStateStats --import-source no \
    --warp-sampling-interval 2 --warp-sampling-buffer-size 536870912 --warp-sampling-max-passes 20 \
    -f -o $W/prof build/mk_run_$b1 time --kv 512 --iters 3 --warmup 2 > $W/ncu_run.log 2>&1
  note "ncu $b1 rc=$? at ${SECONDS}s"
  if [ -f $W/prof.ncu-rep ]; then
    ncu -i $W/prof.ncu-rep --page source --csv --print-source sass > $W/ncu_src.csv 2>$W/ncu_src_err.txt
    python3 ncu_src_report.py $W/ncu_src.csv 60 0.9 > $O/ncu23_$b1.txt 2>&1
    head -5 $O/ncu23_$b1.txt | tee -a "$S"
  fi
fi
tar czf $O/run23.tar.gz -C $W --exclude='*.cubin' --exclude='sass' --exclude='tr_*' --exclude='*.ncu-rep' --exclude='*.csv' . 2>/dev/null
note "done in ${SECONDS}s"
