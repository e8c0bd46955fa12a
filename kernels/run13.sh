#!/bin/bash
# run13.sh — attempt 13 (MK_ATTN2: per-warp online-softmax decode attention) in one device call:
# builds base / a2 / fa2 (+ MK_TRACE builds of base and a2), times base and a2 interleaved at KV
# 128/512/2048 (512 twice) and modes 1/2, fa2 (fused + ATTN2) at 128/256/512, checks a2 against the
# reference at P = 512 (chunks of 64) and P = 2048 (chunks of 128), sanitizes a2 (memcheck,
# synccheck, racecheck: 1 layer, vocab 4224, KV 200), and traces base and a2 at KV 512 (one launch).
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
S=$O/summary13.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
declare -A D=([base]="" [a2]="-DMK_ATTN2=1" [fa2]="-DMK_FUSED_AO=1 -DMK_ATTN2=1" [trb]="-DMK_TRACE=1"
              [tra2]="-DMK_TRACE=1 -DMK_ATTN2=1")
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv,noheader > "$O/build13.log" 2>&1
for n in base a2 fa2 trb tra2; do
  make variant BUILD=build NAME=$n NVFLAGS="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v" \
    DEFS="${D[$n]}" > "$O/b_$n.log" 2>&1 &
done
wait
for n in base a2 fa2 trb tra2; do
  echo "== $n ${D[$n]}" >> "$O/build13.log"; grep -E "error|registers|stack" "$O/b_$n.log" >> "$O/build13.log"; rm -f "$O/b_$n.log"
  [ -x build/mk_run_$n ] || note "BUILD FAILED $n"
done
note "built in ${SECONDS}s; $(grep -A2 '== a2' "$O/build13.log" | tr '\n' ' ')"
tm() { timeout 60 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 ${3:-} 2>&1 | grep -E '^[0-9]|rror|watchdog' \
         | sed "s/^/$1 ${3:-}: /" | tee -a "$S"; }
tm base 128,512,2048; tm a2 128,512,2048; tm base 512; tm a2 512
tm base 512 "--mode 1"; tm a2 512 "--mode 1"; tm a2 512 "--mode 2"
tm fa2 128,256,512
note "timed at ${SECONDS}s"
: > "$O/check13.log"
for P in 512 2048; do
  rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
  timeout 120 build/mk_run_a2 check --kv $P --steps 32 --dump /tmp/mkdump > "$O/c.tmp" 2>&1
  note "a2 check P=$P: rc=$? $(grep -E 'nchunks|finite|mismatches' "$O/c.tmp" | sed 's/tokens:.*//' | tr '\n' ' ')"
  timeout 200 python3 -u reference.py /tmp/mkdump > "$O/r.tmp" 2>&1
  note "a2 reference P=$P: $(grep -E 'teacher-forced|free-running|RESULT' "$O/r.tmp" | tr '\n' ' ') (${SECONDS}s)"
  cat "$O/c.tmp" "$O/r.tmp" >> "$O/check13.log"; rm -f "$O/c.tmp" "$O/r.tmp"
done
: > "$O/sanitize13.log"
for tool in memcheck synccheck racecheck; do
  timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run_a2 check --layers 1 --vocab 4224 \
    --kv 200 --steps 1 > "$O/s.tmp" 2>&1
  note "a2 sanitizer $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$O/s.tmp" | tail -1) (${SECONDS}s)"
  cat "$O/s.tmp" >> "$O/sanitize13.log"; rm -f "$O/s.tmp"
done
for n in trb tra2; do
  mkdir -p /tmp/tr_$n
  MK_TRACE_DIR=/tmp/tr_$n timeout 60 build/mk_run_$n time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $n: /" | tee -a "$S"
  python3 trace_report.py /tmp/tr_$n/trace_kv512_m0.bin > "$O/trace13_$n.txt" 2>&1
  grep -E "^  (qkv|attn|oproj) " "$O/trace13_$n.txt" | sed "s/^/trace $n: /" | tee -a "$S"
done
note "done in ${SECONDS}s"
