#!/bin/bash
# run29b.sh — attempt 29, second call: the per-op baseline with an attention kernel that loads every K/V row of its
# chunk up front (run29's walked V position by position: 8-16 dependent L2 round trips), and GEMV kernels sized for
# 4 blocks per SM (PEROP_MINB=4, PEROP_CH=4: 64 registers) so that with 2 blocks per SM the next kernel's blocks are
# resident and prefetching (PDL). Checked (P = 512 against the reference) and sanitized (2 layers) for both builds,
# then timed interleaved with the megakernel: grid 132 / 264 / 396, L2 prefetch 32 / 64 / 128 KiB, PDL off.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r29b; rm -rf $W; mkdir -p $W
S=$O/summary29b.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
note "$(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,driver_version --format=csv,noheader 2>&1)"
make -j4 BUILD=build > $W/build.log 2>&1 &
make variant BUILD=build NAME=pb4 DEFS="-DPEROP_MINB=4 -DPEROP_CH=4" > $W/build4.log 2>&1 &
wait
[ -x build/mk_run ] && [ -x build/mk_run_pb4 ] || { note "BUILD FAILED"; grep -E "error" $W/build*.log | head -20 | tee -a "$S"; exit 1; }
note "built in ${SECONDS}s"
ck() {  # $1 = label, $2 = binary, rest = mk_run options
  local n=$1 b=$2; shift 2
  rm -rf /tmp/d_$n && mkdir -p /tmp/d_$n
  timeout 90 build/$b check --kv 512 --steps 32 --dump /tmp/d_$n "$@" > $W/c_$n.log 2>&1
  note "$n check P=512: rc=$? $(grep -E 'per-op|tokens:|finite|mismatches|rror' $W/c_$n.log | tr '\n' ' ')"
  timeout 150 python3 -u reference.py /tmp/d_$n > $W/r_$n.log 2>&1
  note "$n reference P=512: $(grep -E 'teacher-forced|free-running|RESULT' $W/r_$n.log | tr '\n' ' ') (${SECONDS}s)"
  cat $W/c_$n.log $W/r_$n.log > $O/check29b_$n.log
}
ck perop mk_run --impl perop
ck perop4 mk_run_pb4 --impl perop --ogrid 264
for b in mk_run mk_run_pb4; do for tool in memcheck racecheck synccheck; do
  timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 build/$b check --impl perop --layers 2 --vocab 4224 \
    --kv 200 --steps 2 > $W/s.tmp 2>&1
  note "$b perop sanitizer $tool (2 layers): rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/s.tmp | tail -1) (${SECONDS}s)"
  echo "=== $b perop $tool" >> $O/sanitize29b.log; head -c 20000 $W/s.tmp >> $O/sanitize29b.log
done; done
tm() {  # $1 = label, $2 = kv list
  local n=$1 kv=$2
  timeout 60 build/$(bin $n) time --kv $kv --iters 200 --warmup 30 $(opts $n) 2>&1 \
    | grep -E '^[0-9]|rror|invalid|unspecified' | sed "s/^/$n: /" | tee -a "$S"
}
bin() { case $1 in q*) echo mk_run_pb4;; *) echo mk_run;; esac; }
opts() { case $1 in mega) echo "";; p132) echo "--impl perop --pf 65536";; p264) echo "--impl perop --pf 65536 --ogrid 264";;
  q264) echo "--impl perop --pf 65536 --ogrid 264";; q264a) echo "--impl perop --pf 32768 --ogrid 264";;
  q264b) echo "--impl perop --pf 131072 --ogrid 264";; q396) echo "--impl perop --pf 65536 --ogrid 396";;
  q132) echo "--impl perop --pf 65536 --ogrid 132";; q264n) echo "--impl perop --pdl 0 --pf 0 --ogrid 264";; esac; }
V="mega p132 p264 q264 q264a q264b q396 q132 q264n"
for r in 1 2 3; do for n in $V; do tm $n 512; done; done
for n in $V; do tm $n 128,2048; done
mean() { grep -E "^$1: $2 " "$S" | awk '{s+=$4; n++} END{printf "%.5f", s/n}'; }
for kv in 512 128 2048; do note "KV $kv mean of medians: $(for n in $V; do echo -n "$n $(mean $n $kv)  "; done)"; done
note "done in ${SECONDS}s"
