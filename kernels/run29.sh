#!/bin/bash
# run29.sh — attempt 29 (NOTES.md): the per-op baseline (perop.cu) the issue asks for — the project's own kernels,
# one per op, as one CUDA graph per token with programmatic dependent launch — in the same call as the megakernel
# and the PyTorch baselines. Checks it against the float32 reference (P = 512), sanitizes it (2 layers), times it
# (PDL on/off, L2 prefetch 0 / 64 KiB / 256 KiB per block, GEMV grid 132 / 264) interleaved with the megakernel's
# default, then runs baselines.py.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r29; rm -rf $W; mkdir -p $W
S=$O/summary29.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
note "$(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,driver_version --format=csv,noheader 2>&1)"
make -j4 BUILD=build > $W/build.log 2>&1
[ -x build/mk_run ] || { note "BUILD FAILED"; grep -E "error" $W/build.log | head -20 | tee -a "$S"; exit 1; }
note "perop registers: $(grep -A3 'perop' $W/build.log | grep -E 'registers' | sed 's/.*Used/Used/' | tr '\n' ';')"
note "built in ${SECONDS}s"
ck() {  # $1 = label, rest = mk_run options
  local n=$1; shift
  rm -rf /tmp/d_$n && mkdir -p /tmp/d_$n
  timeout 90 build/mk_run check --kv 512 --steps 32 --dump /tmp/d_$n "$@" > $W/c_$n.log 2>&1
  note "$n check P=512: rc=$? $(grep -E 'per-op|tokens:|finite|mismatches|rror' $W/c_$n.log | tr '\n' ' ')"
  timeout 150 python3 -u reference.py /tmp/d_$n > $W/r_$n.log 2>&1
  note "$n reference P=512: $(grep -E 'teacher-forced|free-running|RESULT' $W/r_$n.log | tr '\n' ' ') (${SECONDS}s)"
  cat $W/c_$n.log $W/r_$n.log > $O/check29_$n.log
}
ck perop --impl perop
ck mega
for tool in memcheck racecheck synccheck; do
  timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run check --impl perop --layers 2 --vocab 4224 \
    --kv 200 --steps 2 > $W/s.tmp 2>&1
  note "perop sanitizer $tool (2 layers): rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/s.tmp | tail -1) (${SECONDS}s)"
  echo "=== perop $tool" >> $O/sanitize29.log; head -c 20000 $W/s.tmp >> $O/sanitize29.log
done
tm() {  # $1 = label, $2 = kv list, rest = options
  local n=$1 kv=$2; shift 2
  timeout 60 build/mk_run time --kv $kv --iters 200 --warmup 30 "$@" 2>&1 \
    | grep -E '^[0-9]|rror|invalid|unspecified' | sed "s/^/$n: /" | tee -a "$S"
}
V="mega po_pf64k po_pf0 po_pf256k po_nopdl po_g264"
opts() { case $1 in mega) echo "";; po_pf64k) echo "--impl perop --pf 65536";; po_pf0) echo "--impl perop --pf 0";;
  po_pf256k) echo "--impl perop --pf 262144";; po_nopdl) echo "--impl perop --pdl 0 --pf 0";; po_g264) echo "--impl perop --pf 65536 --ogrid 264";; esac; }
for r in 1 2 3; do for n in $V; do tm $n 512 $(opts $n); done; done
for n in $V; do tm $n 128,2048 $(opts $n); done
mean() { grep -E "^$1: $2 " "$S" | awk '{s+=$4; n++} END{printf "%.5f", s/n}'; }
for kv in 512 128 2048; do note "KV $kv mean of medians: $(for n in $V; do echo -n "$n $(mean $n $kv)  "; done)"; done
note "timed at ${SECONDS}s"
timeout 240 python3 -u baselines.py --kv 128,512,2048 --compile reduce-overhead --compile-kv 512 > $O/baselines29.log 2>&1
note "baselines: rc=$? $(grep -A20 'baseline summary' $O/baselines29.log | tr '\n' ';')"
note "done in ${SECONDS}s"
