#!/bin/bash
# run13c.sh — attempt 13c: page-loop codegen on top of the MK_ATTN2 default. def (the new default),
# ps (MK_PSTORE=1: predicated st.shared slot stores), psl (+ MK_LDSPAGE=1: page reads as ld.shared),
# l (MK_LDSPAGE=1 alone) timed interleaved at KV 512 (twice), then at 128/2048 and mode 1; ps and psl
# checked (P = 512, 2048) and sanitized; MK_TRACE builds of def and ps at KV 512.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
S=$O/summary13c.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
declare -A D=([def]="" [ps]="-DMK_PSTORE=1" [psl]="-DMK_PSTORE=1 -DMK_LDSPAGE=1" [l]="-DMK_LDSPAGE=1"
              [tdef]="-DMK_TRACE=1" [tps]="-DMK_TRACE=1 -DMK_PSTORE=1")
V="def ps psl l tdef tps"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader > "$O/build13c.log" 2>&1
for n in $V; do
  make variant BUILD=build NAME=$n NVFLAGS="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v" \
    DEFS="${D[$n]}" > "$O/b_$n.log" 2>&1 &
done
wait
for n in $V; do
  echo "== $n ${D[$n]}" >> "$O/build13c.log"; grep -E "error|registers|stack" "$O/b_$n.log" >> "$O/build13c.log"; rm -f "$O/b_$n.log"
  [ -x build/mk_run_$n ] || note "BUILD FAILED $n"
done
note "built in ${SECONDS}s"
tm() { timeout 60 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 ${3:-} 2>&1 | grep -E '^[0-9]|rror|watchdog' \
         | sed "s/^/$1 ${3:-}: /" | tee -a "$S"; }
for r in 1 2; do tm def 512; tm ps 512; tm psl 512; tm l 512; done
for n in def ps psl l; do tm $n 128,2048; done
for n in def ps psl l; do tm $n 512 "--mode 1"; done
note "timed at ${SECONDS}s"
for n in tdef tps; do
  mkdir -p /tmp/tr_$n
  MK_TRACE_DIR=/tmp/tr_$n timeout 60 build/mk_run_$n time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $n: /" | tee -a "$S"
  python3 trace_report.py /tmp/tr_$n/trace_kv512_m0.bin > "/tmp/tr_$n.txt" 2>&1
  grep -E "^  (qkv|attn|oproj|gateup|down|lmhead) " "/tmp/tr_$n.txt" | sed "s/^/trace $n: /" | tee -a "$S"
done
: > "$O/check13c.log"; : > "$O/sanitize13c.log"
for n in ps psl; do
  for P in 512 2048; do
    rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
    timeout 120 build/mk_run_$n check --kv $P --steps 32 --dump /tmp/mkdump > "$O/c.tmp" 2>&1
    note "$n check P=$P: rc=$? $(grep -E 'nchunks|finite|mismatches' "$O/c.tmp" | sed 's/tokens:.*//' | tr '\n' ' ')"
    timeout 200 python3 -u reference.py /tmp/mkdump > "$O/r.tmp" 2>&1
    note "$n reference P=$P: $(grep -E 'teacher-forced|free-running|RESULT' "$O/r.tmp" | tr '\n' ' ') (${SECONDS}s)"
    cat "$O/c.tmp" "$O/r.tmp" >> "$O/check13c.log"; rm -f "$O/c.tmp" "$O/r.tmp"
  done
  for tool in memcheck synccheck racecheck; do
    timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run_$n check --layers 1 --vocab 4224 \
      --kv 200 --steps 1 > "$O/s.tmp" 2>&1
    note "$n sanitizer $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$O/s.tmp" | tail -1) (${SECONDS}s)"
    cat "$O/s.tmp" >> "$O/sanitize13c.log"; rm -f "$O/s.tmp"
  done
done
cat /tmp/tr_tdef.txt /tmp/tr_tps.txt > "$O/trace13c.txt"
note "done in ${SECONDS}s"
