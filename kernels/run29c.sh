#!/bin/bash
# run29c.sh — attempt 29, third call: the attention's partials merged once per KV head by the last chunk block
# (fence + atomic counter) instead of by every O-proj block (at KV 2048 each of them read 135 KB of partials), and
# GEMV grids of 264..1056 blocks (run 29b: early-resident blocks of the next kernel made a 132-block GEMV slower,
# presumably through uneven placement; more, smaller blocks let the block scheduler balance). Checked, sanitized,
# timed interleaved with the megakernel.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r29c; rm -rf $W; mkdir -p $W
S=$O/summary29c.txt
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
  cat $W/c_$n.log $W/r_$n.log > $O/check29c_$n.log
}
ck perop mk_run --impl perop
ck perop4 mk_run_pb4 --impl perop --ogrid 264
for b in mk_run mk_run_pb4; do for tool in memcheck racecheck synccheck; do
  timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 build/$b check --impl perop --layers 2 --vocab 4224 \
    --kv 200 --steps 2 > $W/s.tmp 2>&1
  note "$b perop sanitizer $tool (2 layers): rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/s.tmp | tail -1) (${SECONDS}s)"
  echo "=== $b perop $tool" >> $O/sanitize29c.log; head -c 20000 $W/s.tmp >> $O/sanitize29c.log
done; done
tm() {  # $1 = label, $2 = kv list
  local n=$1 kv=$2
  timeout 60 build/$(bin $n) time --kv $kv --iters 200 --warmup 30 $(opts $n) 2>&1 \
    | grep -E '^[0-9]|rror|invalid|unspecified' | sed "s/^/$n: /" | tee -a "$S"
}
bin() { case $1 in q*) echo mk_run_pb4;; *) echo mk_run;; esac; }
opts() { case $1 in mega) echo "";; p264) echo "--impl perop --pf 65536 --ogrid 264";; p264a) echo "--impl perop --pf 32768 --ogrid 264";;
  p396) echo "--impl perop --pf 32768 --ogrid 396";; p528) echo "--impl perop --pf 32768 --ogrid 528";;
  p1056) echo "--impl perop --pf 16384 --ogrid 1056";; q528) echo "--impl perop --pf 32768 --ogrid 528";;
  q1056) echo "--impl perop --pf 16384 --ogrid 1056";; p264n) echo "--impl perop --pdl 0 --pf 0 --ogrid 264";;
  p1056n) echo "--impl perop --pdl 0 --pf 0 --ogrid 1056";; esac; }
V="mega p264 p264a p396 p528 p1056 q528 q1056 p264n p1056n"
for r in 1 2 3; do for n in $V; do tm $n 512; done; done
for n in $V; do tm $n 128,2048; done
mean() { grep -E "^$1: $2 " "$S" | awk '{s+=$4; n++} END{printf "%.5f", s/n}'; }
for kv in 512 128 2048; do note "KV $kv mean of medians: $(for n in $V; do echo -n "$n $(mean $n $kv)  "; done)"; done
note "done in ${SECONDS}s"
