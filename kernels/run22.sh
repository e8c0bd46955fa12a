#!/bin/bash
# run22.sh — attempt 22: the resident-page step alone (page_step_bench.cu). Builds the benchmark, dumps its SASS
# (page-load kinds and loop sizes per configuration), runs every configuration twice (5 launches each, median), then
# ncu source-level warp-stall sampling (SourceCounters + WarpStateStats) of a few configurations, summarized by
# ncu_src_report.py. Logs to $OUT (summary22.txt, bench22.txt, ncu22.txt, run22.tar.gz).
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r22; rm -rf $W; mkdir -p $W
S=$O/summary22.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
note "$(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,power.draw,driver_version --format=csv,noheader 2>&1)"
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
nvcc $NV page_step_bench.cu -o $W/psb > $W/build.log 2>&1 || { note "BUILD FAILED"; grep error $W/build.log | head | tee -a "$S"; exit 1; }
note "built in ${SECONDS}s"
cuobjdump -sass $W/psb > $W/psb.sass 2>&1
# per kernel: SASS lines, generic / shared 128-bit loads, HMMA, SHFL, YIELD
awk '/Function : /{f=$3} /^        \/\*[0-9a-f]+\*\//{n[f]++} /LD\.E\.128/{g[f]++} /LDS(\.U)?\.128/{s[f]++} /HMMA/{h[f]++}
     /SHFL/{sh[f]++} /YIELD/{y[f]++}
     END{for (k in n) printf "sass %s lines %d LD.E.128 %d LDS.128 %d HMMA %d SHFL %d YIELD %d\n", k, n[k], g[k], s[k], h[k], sh[k], y[k]}' \
  $W/psb.sass | sort | tee -a "$S"
for r in 1 2; do
  timeout 120 $W/psb --iters 2000 --reps 5 > $W/bench_$r.txt 2>&1
  note "bench round $r rc=$? at ${SECONDS}s"
  cat $W/bench_$r.txt | tee -a "$S"
done
cat $W/bench_1.txt $W/bench_2.txt > $O/bench22.txt
# ncu: warp-state sampling per SASS line, one launch (the first timed one) of each configuration
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
note "ncu: $NCU $($NCU --version 2>&1 | tail -1)"
: > $O/ncu22.txt
for c in def/none/8 def/none/1 def/ring/8 def/ringcp/8 pair/none/8 tc/none/8 lds/none/8 def/none/16; do
  [ $SECONDS -gt 420 ] && { note "no time left for ncu $c"; break; }
  n=$(echo $c | tr / _)
  timeout 120 $NCU --clock-control none --replay-mode kernel -k regex:kbench --launch-skip 1 --launch-count 1 \
    --section SourceCounters --section WarpStateStats --section SchedulerStats --import-source no \
    --warp-sampling-interval 2 --warp-sampling-buffer-size 536870912 --warp-sampling-max-passes 20 \
    -f -o $W/prof_$n $W/psb --iters 300 --reps 1 --only $c > $W/ncu_run_$n.log 2>&1
  note "ncu $c rc=$? at ${SECONDS}s: $(grep -E '==ERROR==' $W/ncu_run_$n.log | head -3 | tr '\n' ' ')"
  [ -f $W/prof_$n.ncu-rep ] || continue
  $NCU -i $W/prof_$n.ncu-rep --page source --csv --print-source sass > $W/src_$n.csv 2>$W/src_err_$n.txt
  $NCU -i $W/prof_$n.ncu-rep --page details > $W/details_$n.txt 2>&1
  { echo "=================== $c"; grep -E "^  [a-z]|^    [A-Z]" $W/ncu_run_$n.log | head -0
    grep -iE "Warp Cycles Per Issued|Warp Cycles Per Executed|Active Warps Per Scheduler|Eligible Warps|Issued Warp Per Scheduler|No Eligible|One or More Eligible|Avg. Active Threads" $W/details_$n.txt
    python3 ncu_src_report.py $W/src_$n.csv 25 0.9; } >> $O/ncu22.txt 2>&1
done
grep -E "^===|whole kernel|page loop|^   [a-z_]+ [0-9.]+%|Warp Cycles Per Issued|Eligible Warps" $O/ncu22.txt | tee -a "$S"
tar czf $O/run22.tar.gz --exclude='*.ncu-rep' --exclude=psb -C $W . 2>/dev/null
note "done in ${SECONDS}s"
