#!/bin/bash
# run14d.sh — attempt 14, fourth call: MK_INFLIGHT=1, 2, 3 against the default (same layout as run14c.sh; no ncu).
# waits for fewer of them). def / if3 / if4 / if6 / if8 timed interleaved at KV 512 (three rounds) and in
# mode 2 (loader alone), then at 128/2048; MK_TRACE builds of def and if4; the fastest (if faster than def)
# checked (P=512, 2048) and sanitized; ncu warp-state sampling of one megakernel launch (default build).
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r14d; rm -rf $W; mkdir -p $W
S=$O/summary14d.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
declare -A D=([def]="" [if1]="-DMK_INFLIGHT=1" [if2]="-DMK_INFLIGHT=2" [if3]="-DMK_INFLIGHT=3" [tif3]="-DMK_TRACE=1 -DMK_INFLIGHT=3"
              [tif2]="-DMK_TRACE=1 -DMK_INFLIGHT=2")
V="def if1 if2 if3 tif3 tif2"
T="def if1 if2 if3"
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
for n in tif3 tif2; do
  mkdir -p $W/tr_$n
  MK_TRACE_DIR=$W/tr_$n timeout 60 build/mk_run_$n time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $n: /" | tee -a "$S"
  python3 trace_report.py $W/tr_$n/trace_kv512_m0.bin > $W/trace_$n.txt 2>&1
  grep -E "^  (qkv|attn|oproj|gateup|down|lmhead|argmax) " $W/trace_$n.txt | sed "s/^/trace $n: /" | tee -a "$S"
done
sum() { grep -E "^$1 : 512" "$S" | awk '{s+=$5} END{print s}'; }
best=def; bt=$(sum def)
for n in if1 if2 if3; do t=$(sum $n); note "KV 512 sum of 3 medians: $n $t (def $(sum def))"; awk "BEGIN{exit !($t < $bt)}" && { best=$n; bt=$t; }; done
note "fastest at KV 512: $best"
if [ $best != def ]; then
  for P in 512 2048; do
    rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
    timeout 120 build/mk_run_$best check --kv $P --steps 32 --dump /tmp/mkdump > $W/c.tmp 2>&1
    note "$best check P=$P: rc=$? $(grep -E 'nchunks|finite|mismatches' $W/c.tmp | sed 's/tokens:.*//' | tr '\n' ' ')"
    timeout 200 python3 -u reference.py /tmp/mkdump > $W/r.tmp 2>&1
    note "$best reference P=$P: $(grep -E 'teacher-forced|free-running|RESULT' $W/r.tmp | tr '\n' ' ') (${SECONDS}s)"
    cat $W/c.tmp $W/r.tmp >> $W/check.log
  done
  for tool in memcheck synccheck racecheck; do
    timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run_$best check --layers 1 --vocab 4224 \
      --kv 200 --steps 1 > $W/s.tmp 2>&1
    note "$best sanitizer $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/s.tmp | tail -1) (${SECONDS}s)"
    cat $W/s.tmp >> $W/sanitize.log
  done
  tm $best 128,512,2048; tm def 128,512,2048
fi
tar czf $O/run14d.tar.gz -C $W . 2>/dev/null
exit 0
timeout 150 ncu --clock-control none --replay-mode kernel -k regex:megakernel --launch-skip 3 --launch-count 1 \
  --section SourceCounters --section WarpStateStats --import-source yes \
  --warp-sampling-interval 2 --warp-sampling-buffer-size 536870912 --warp-sampling-max-passes 20 \
  -f -o $W/prof build/mk_run_def time --kv 512 --iters 3 --warmup 2 > $W/ncu_run.log 2>&1
note "ncu rc=$? at ${SECONDS}s: $(grep -E '==PROF==|==ERROR==' $W/ncu_run.log | head -4 | tr '\n' ' ')"
if [ -f $W/prof.ncu-rep ]; then
  ncu -i $W/prof.ncu-rep --page details > $W/ncu_details.txt 2>&1
  ncu -i $W/prof.ncu-rep --page source --csv --print-source sass > $W/ncu_src_sass.csv 2>$W/ncu_src_err.txt
  ncu -i $W/prof.ncu-rep --page source --csv --print-source cuda > $W/ncu_src_cuda.csv 2>>$W/ncu_src_err.txt
  note "ncu exports: $(wc -c $W/ncu_*.csv $W/ncu_details.txt | tr '\n' ' ')"
fi
tar czf $O/run14d.tar.gz --exclude=prof.ncu-rep -C $W . 2>/dev/null
note "done in ${SECONDS}s"
