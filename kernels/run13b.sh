#!/bin/bash
# run13b.sh — attempt 13, second call: where the MK_ATTN2 instruction's 1.9 us go (MK_TRACE builds with
# MK_ATTN2_STAMP=1/2/3: the "input" stamp moved to q arrived / + pages acquired / + chunk math done),
# MK_ATTN2=2 (the attention not inlined), timed interleaved with base and a2; a2 and a2ni checked
# (P = 512, 2048) and sanitized.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
S=$O/summary13b.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
declare -A D=([base]="" [a2]="-DMK_ATTN2=1" [a2ni]="-DMK_ATTN2=2" [ts1]="-DMK_TRACE=1 -DMK_ATTN2=1 -DMK_ATTN2_STAMP=1"
              [ts2]="-DMK_TRACE=1 -DMK_ATTN2=1 -DMK_ATTN2_STAMP=2" [ts3]="-DMK_TRACE=1 -DMK_ATTN2=1 -DMK_ATTN2_STAMP=3")
V="base a2 a2ni ts1 ts2 ts3"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader > "$O/build13b.log" 2>&1
for n in $V; do
  make variant BUILD=build NAME=$n NVFLAGS="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v" \
    DEFS="${D[$n]}" > "$O/b_$n.log" 2>&1 &
done
wait
for n in $V; do
  echo "== $n ${D[$n]}" >> "$O/build13b.log"; grep -E "error|registers|stack" "$O/b_$n.log" >> "$O/build13b.log"; rm -f "$O/b_$n.log"
  [ -x build/mk_run_$n ] || note "BUILD FAILED $n"
done
note "built in ${SECONDS}s"
tm() { timeout 60 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 ${3:-} 2>&1 | grep -E '^[0-9]|rror|watchdog' \
         | sed "s/^/$1 ${3:-}: /" | tee -a "$S"; }
for r in 1 2; do tm base 512; tm a2 512; tm a2ni 512; done
tm base 128,2048; tm a2 128,2048; tm a2ni 128,2048
for n in base a2 a2ni; do tm $n 512 "--mode 1"; done
note "timed at ${SECONDS}s"
for n in ts1 ts2 ts3; do
  mkdir -p /tmp/tr_$n
  MK_TRACE_DIR=/tmp/tr_$n timeout 60 build/mk_run_$n time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $n: /" | tee -a "$S"
  python3 trace_report.py /tmp/tr_$n/trace_kv512_m0.bin > "/tmp/tr_$n.txt" 2>&1
  grep -E "^  (attn) |L( 1| 8) attn" "/tmp/tr_$n.txt" | sed "s/^/trace $n: /" | tee -a "$S"
done
: > "$O/check13b.log"; : > "$O/sanitize13b.log"
for n in a2 a2ni; do
  for P in 512 2048; do
    rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
    timeout 120 build/mk_run_$n check --kv $P --steps 32 --dump /tmp/mkdump > "$O/c.tmp" 2>&1
    note "$n check P=$P: rc=$? $(grep -E 'nchunks|finite|mismatches' "$O/c.tmp" | sed 's/tokens:.*//' | tr '\n' ' ')"
    timeout 200 python3 -u reference.py /tmp/mkdump > "$O/r.tmp" 2>&1
    note "$n reference P=$P: $(grep -E 'teacher-forced|free-running|RESULT' "$O/r.tmp" | tr '\n' ' ') (${SECONDS}s)"
    cat "$O/c.tmp" "$O/r.tmp" >> "$O/check13b.log"; rm -f "$O/c.tmp" "$O/r.tmp"
  done
  for tool in memcheck synccheck racecheck; do
    timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run_$n check --layers 1 --vocab 4224 \
      --kv 200 --steps 1 > "$O/s.tmp" 2>&1
    note "$n sanitizer $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$O/s.tmp" | tail -1) (${SECONDS}s)"
    cat "$O/s.tmp" >> "$O/sanitize13b.log"; rm -f "$O/s.tmp"
  done
done
cat /tmp/tr_ts1.txt /tmp/tr_ts2.txt /tmp/tr_ts3.txt > "$O/trace13b.txt"
note "done in ${SECONDS}s"
