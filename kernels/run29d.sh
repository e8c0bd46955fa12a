#!/bin/bash
# run29d.sh — attempt 29, fourth call: the L2 prefetch size and the grid of the per-op GEMVs around run 29c's best
# (grid 264, 32 KB prefetch: 0.814 ms at KV 512), to pick the runner's defaults. Timing only (run 29c checked and
# sanitized this code), interleaved with the megakernel.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r29d; rm -rf $W; mkdir -p $W
S=$O/summary29d.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
note "$(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,driver_version --format=csv,noheader 2>&1)"
make -j4 BUILD=build > $W/build.log 2>&1 &
make variant BUILD=build NAME=pb4 DEFS="-DPEROP_MINB=4 -DPEROP_CH=4" > $W/build4.log 2>&1 &
wait
[ -x build/mk_run ] && [ -x build/mk_run_pb4 ] || { note "BUILD FAILED"; grep -E "error" $W/build*.log | head -20 | tee -a "$S"; exit 1; }
note "built in ${SECONDS}s"
tm() {  # $1 = label, $2 = kv list
  local n=$1 kv=$2
  timeout 60 build/$(bin $n) time --kv $kv --iters 200 --warmup 30 $(opts $n) 2>&1 \
    | grep -E '^[0-9]|rror|invalid|unspecified' | sed "s/^/$n: /" | tee -a "$S"
}
bin() { case $1 in q*) echo mk_run_pb4;; *) echo mk_run;; esac; }
opts() { case $1 in mega) echo "";;
  g264p0) echo "--impl perop --pf 0 --ogrid 264";; g264p8) echo "--impl perop --pf 8192 --ogrid 264";;
  g264p16) echo "--impl perop --pf 16384 --ogrid 264";; g264p24) echo "--impl perop --pf 24576 --ogrid 264";;
  g264p32) echo "--impl perop --pf 32768 --ogrid 264";; g198p32) echo "--impl perop --pf 32768 --ogrid 198";;
  g132p32) echo "--impl perop --pf 32768 --ogrid 132";; g132p16) echo "--impl perop --pf 16384 --ogrid 132";;
  q264p32) echo "--impl perop --pf 32768 --ogrid 264";; q264p16) echo "--impl perop --pf 16384 --ogrid 264";; esac; }
V="mega g264p0 g264p8 g264p16 g264p24 g264p32 g198p32 g132p32 g132p16 q264p32 q264p16"
for r in 1 2 3; do for n in $V; do tm $n 512; done; done
for n in $V; do tm $n 128,2048; done
mean() { grep -E "^$1: $2 " "$S" | awk '{s+=$4; n++} END{printf "%.5f", s/n}'; }
for kv in 512 128 2048; do note "KV $kv mean of medians: $(for n in $V; do echo -n "$n $(mean $n $kv)  "; done)"; done
note "done in ${SECONDS}s"
