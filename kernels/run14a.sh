#!/bin/bash
# run14a.sh — attempt 14, first call: diagnosis + two cheap variants.
#   membar_probe: cost of fence / red.release / L2 loads with and without bulk copies in flight;
#   def (default), lse (MK_LSE2=1: online LSE merge in the O-proj input), pp (MK_POLL2=300: two polls in
#   flight) timed interleaved at KV 512 (twice; + def/lse with --chunk 32), then at 128/2048;
#   MK_TRACE builds of def and lse (with the new release stamp); lse checked (P=512, 2048) and
#   sanitized if it beat def at KV 512; SASS of def; ncu source-level stall sampling of one def launch.
# Output: $OUT/summary14a.txt and $OUT/run14a.tar.gz (everything else).
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r14a; rm -rf $W; mkdir -p $W
S=$O/summary14a.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
declare -A D=([def]="" [lse]="-DMK_LSE2=1" [pp]="-DMK_POLL2=300" [tdef]="-DMK_TRACE=1" [tlse]="-DMK_TRACE=1 -DMK_LSE2=1")
V="def lse pp tdef tlse"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv,noheader > $W/build.log 2>&1
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
for n in $V; do
  make variant BUILD=build NAME=$n NVFLAGS="$NV" DEFS="${D[$n]}" > $W/b_$n.log 2>&1 &
done
nvcc -O3 -gencode=arch=compute_90a,code=sm_90a membar_probe.cu -o build/membar_probe > $W/b_probe.log 2>&1 &
wait
for n in $V; do
  echo "== $n ${D[$n]}" >> $W/build.log; grep -E "error|registers|stack" $W/b_$n.log >> $W/build.log
  [ -x build/mk_run_$n ] || note "BUILD FAILED $n"
done
cat $W/build.log >> "$S"
note "built in ${SECONDS}s"
timeout 60 build/membar_probe 2>&1 | tee -a "$S"
note "probe done at ${SECONDS}s"
tm() { timeout 60 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 ${3:-} 2>&1 | grep -E '^[0-9]|rror|watchdog' \
         | sed "s/^/$1 ${3:-}: /" | tee -a "$S"; }
for r in 1 2; do tm def 512; tm lse 512; tm pp 512; tm def 512 "--chunk 32"; tm lse 512 "--chunk 32"; done
for n in def lse pp; do tm $n 128,2048; done
note "timed at ${SECONDS}s"
for n in tdef tlse; do
  mkdir -p $W/tr_$n
  MK_TRACE_DIR=$W/tr_$n timeout 60 build/mk_run_$n time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $n: /" | tee -a "$S"
  python3 trace_report.py $W/tr_$n/trace_kv512_m0.bin > $W/trace_$n.txt 2>&1
  grep -E "^  (qkv|attn|oproj|gateup|down|lmhead|argmax) " $W/trace_$n.txt | sed "s/^/trace $n: /" | tee -a "$S"
done
# lse: correctness and sanitizers only if it beat def (both KV 512 rounds, medians summed)
dsum=$(grep -E '^def : 512' "$S" | awk '{s+=$5} END{print s}'); lsum=$(grep -E '^lse : 512' "$S" | awk '{s+=$5} END{print s}')
note "KV 512 medians summed: def $dsum lse $lsum"
if awk "BEGIN{exit !($lsum < $dsum)}"; then
  for P in 512 2048; do
    rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
    timeout 120 build/mk_run_lse check --kv $P --steps 32 --dump /tmp/mkdump > $W/c.tmp 2>&1
    note "lse check P=$P: rc=$? $(grep -E 'nchunks|finite|mismatches' $W/c.tmp | sed 's/tokens:.*//' | tr '\n' ' ')"
    timeout 200 python3 -u reference.py /tmp/mkdump > $W/r.tmp 2>&1
    note "lse reference P=$P: $(grep -E 'teacher-forced|free-running|RESULT' $W/r.tmp | tr '\n' ' ') (${SECONDS}s)"
    cat $W/c.tmp $W/r.tmp >> $W/check.log
  done
  for tool in memcheck synccheck racecheck; do
    timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run_lse check --layers 1 --vocab 4224 \
      --kv 200 --steps 1 > $W/s.tmp 2>&1
    note "lse sanitizer $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/s.tmp | tail -1) (${SECONDS}s)"
    cat $W/s.tmp >> $W/sanitize.log
  done
fi
timeout 60 cuobjdump -sass build/mk_run_def > $W/sass_def.txt 2>&1
timeout 60 cuobjdump -sass build/mk_run_lse > $W/sass_lse.txt 2>&1
note "sass: $(grep -c '^        /\*[0-9a-f]*\*/' $W/sass_def.txt) instructions (def) at ${SECONDS}s"
tar czf $O/run14a.tar.gz -C $W . 2>/dev/null
[ $SECONDS -gt 330 ] && { note "no time left for ncu"; exit 0; }
# ncu: warp-state sampling per SASS instruction of one launch (the 6th) at KV 512 (default build)
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
note "ncu: $NCU $($NCU --version 2>&1 | tail -1)"
timeout 180 $NCU --clock-control none --replay-mode kernel --launch-skip 5 --launch-count 1 \
  --section SourceCounters --section WarpStateStats --section SpeedOfLight --import-source yes \
  --sampling-interval 2 --sampling-buffer-size 536870912 --sampling-max-passes 20 \
  -f -o $W/prof build/mk_run_def time --kv 512 --iters 3 --warmup 3 > $W/ncu_run.log 2>&1
note "ncu rc=$? at ${SECONDS}s: $(grep -E '==PROF==|==ERROR==|==WARNING==' $W/ncu_run.log | head -5 | tr '\n' ' ')"
if [ -f $W/prof.ncu-rep ]; then
  $NCU -i $W/prof.ncu-rep --page details > $W/ncu_details.txt 2>&1
  $NCU -i $W/prof.ncu-rep --page source --csv --print-source sass > $W/ncu_src_sass.csv 2>$W/ncu_src_err.txt
  $NCU -i $W/prof.ncu-rep --page source --csv --print-source cuda > $W/ncu_src_cuda.csv 2>>$W/ncu_src_err.txt
  note "ncu exports: $(wc -c $W/ncu_*.csv $W/ncu_details.txt | tr '\n' ' ')"
  grep -iE "stall|warp cycles|issued|eligible" $W/ncu_details.txt | head -40 >> "$S"
fi
tar czf $O/run14a.tar.gz --exclude=prof.ncu-rep -C $W . 2>/dev/null
[ -f $W/prof.ncu-rep ] && gzip -c $W/prof.ncu-rep > $O/prof14a.ncu-rep.gz
ls -la $O
note "done in ${SECONDS}s"
