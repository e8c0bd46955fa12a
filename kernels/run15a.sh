#!/bin/bash
# run15a.sh — attempt 15, first call: MK_RELGATE (the loader holds later instructions' pages during a gated
# instruction's release window) with D = 1, 2, 3, 5 and A = 8, MK_INFLIGHT2=6, gate D=3 + INFLIGHT2=6, against the
# default (MK_INFLIGHT=3). All timed interleaved at KV 512 (three rounds), in mode 2, then at 128/2048; the fastest
# (if faster than def) checked (P=512, 2048), sanitized, re-timed against def, traced next to def; then ncu warp
# sampling of one default launch with the CUDA+SASS source export (the attention's line-level view), time permitting.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r15a; rm -rf $W; mkdir -p $W
S=$O/summary15a.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
declare -A D=([def]="" [g1]="-DMK_RELGATE=1 -DMK_RELGATE_D=1" [g2]="-DMK_RELGATE=1 -DMK_RELGATE_D=2"
              [g3]="-DMK_RELGATE=1 -DMK_RELGATE_D=3" [g5]="-DMK_RELGATE=1 -DMK_RELGATE_D=5"
              [a8]="-DMK_RELGATE=1 -DMK_RELGATE_D=-1 -DMK_RELGATE_A=8" [k6]="-DMK_INFLIGHT2=6"
              [g3k6]="-DMK_RELGATE=1 -DMK_RELGATE_D=3 -DMK_INFLIGHT2=6" [tdef]="-DMK_TRACE=1")
V="def g1 g2 g3 g5 a8 k6 g3k6 tdef"
T="def g1 g2 g3 g5 a8 k6 g3k6"
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
for n in g1 g2 g3 g5 a8 k6 g3k6; do t=$(sum $n); note "KV 512 sum of 3 medians: $n $t (def $(sum def))"; awk "BEGIN{exit !($t < $bt)}" && { best=$n; bt=$t; }; done
note "fastest at KV 512: $best"
TR="tdef"
if [ $best != def ]; then
  make variant BUILD=build NAME=tbest NVFLAGS="$NV" DEFS="-DMK_TRACE=1 ${D[$best]}" > $W/b_tbest.log 2>&1 && TR="tdef tbest"
  grep -E "error|registers|stack" $W/b_tbest.log | sed "s/^/tbest ($best): /" >> "$S"
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
  for r in 1 2; do tm $best 128,512,2048; tm def 128,512,2048; done
fi
for n in $TR; do
  mkdir -p $W/tr_$n
  MK_TRACE_DIR=$W/tr_$n timeout 60 build/mk_run_$n time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $n: /" | tee -a "$S"
  python3 trace_report.py $W/tr_$n/trace_kv512_m0.bin > $W/trace_$n.txt 2>&1
  grep -E "^  (qkv|attn|oproj|gateup|down|lmhead|argmax) " $W/trace_$n.txt | sed "s/^/trace $n: /" | tee -a "$S"
done
tar czf $O/run15a.tar.gz -C $W . 2>/dev/null
note "before ncu at ${SECONDS}s"
[ $SECONDS -gt 200 ] && { note "no time left for ncu"; exit 0; }
timeout 150 ncu --clock-control none --replay-mode kernel -k regex:megakernel --launch-skip 3 --launch-count 1 \
  --section SourceCounters --section WarpStateStats --import-source yes \
  --warp-sampling-interval 2 --warp-sampling-buffer-size 536870912 --warp-sampling-max-passes 20 \
  -f -o $W/prof build/mk_run_def time --kv 512 --iters 3 --warmup 2 > $W/ncu_run.log 2>&1
note "ncu rc=$? at ${SECONDS}s: $(grep -E '==PROF==|==ERROR==' $W/ncu_run.log | head -4 | tr '\n' ' ')"
if [ -f $W/prof.ncu-rep ]; then
  ncu -i $W/prof.ncu-rep --page source --csv --print-source cuda,sass > $W/ncu_src_cuda_sass.csv 2>$W/ncu_src_err.txt
  note "ncu export: $(wc -c < $W/ncu_src_cuda_sass.csv) bytes; $(head -c 300 $W/ncu_src_err.txt | tr '\n' ' ')"
  head -c 1500 $W/ncu_src_cuda_sass.csv | tee -a "$S"
  gzip -c $W/ncu_src_cuda_sass.csv > $O/ncu_src_cuda_sass.csv.gz
fi
note "done in ${SECONDS}s"
