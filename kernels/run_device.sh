#!/bin/bash
# run_device.sh — everything the H200 run needs, in one command (from the repo root):
#   kernels/run_device.sh [sections...]    sections: build stream check time variants trace candidates pick sanitize baselines
# Knobs (environment): VARIANTS="name:-DX=1,-DY=2 ..." VARIANT_MODES="0 2" TRACE_VARIANTS (same form,
# built with -DMK_TRACE=1; stamps of one launch at KV 512 -> $OUT/trace_*.bin + trace_report.py),
# TIME_KV, TIME_EXTRA, CHECK_KV, SAN_TOOLS, SAN_TIMEOUT, BASE_KV, BASE_TIMEOUT.
# Logs go to $OUT (or ./device-logs); a short summary is printed last.
set -u
cd "$(dirname "$0")"
OUTDIR=${OUT:-$PWD/device-logs}
mkdir -p "$OUTDIR"
SECTIONS=${*:-build stream check time sanitize baselines}
has() { [[ " $SECTIONS " == *" $1 "* ]]; }
SUMMARY=$OUTDIR/summary.txt
: > "$SUMMARY"
note() { echo "$*" | tee -a "$SUMMARY"; }

if has build; then
  nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > "$OUTDIR/build.log" 2>&1
  make -j8 BUILD=build 2>&1 | tee -a "$OUTDIR/build.log" | grep -E "error|registers|stack" 
  [ -x build/mk_run ] || { note "BUILD FAILED"; exit 1; }
fi
if has stream; then
  timeout 120 build/stream_read 2>&1 | tee "$OUTDIR/stream.log"
  note "stream: $(sort -k5 -n "$OUTDIR/stream.log" | tail -1)"
fi
if has check; then
  : > "$OUTDIR/check.log"
  for P in ${CHECK_KV:-512}; do
    rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
    timeout 120 build/mk_run check --kv $P --steps 32 --dump /tmp/mkdump 2>&1 | tee -a "$OUTDIR/check.log"
    note "check P=$P: rc=$? $(grep -E 'finite|mismatches' "$OUTDIR/check.log" | tail -2 | tr '\n' ' ')"
    timeout 300 python3 -u reference.py /tmp/mkdump 2>&1 | tee -a "$OUTDIR/check.log" | tail -6
    note "reference P=$P: $(grep -E 'teacher-forced|free-running|RESULT' "$OUTDIR/check.log" | tail -3 | tr '\n' ' ')"
  done
fi
if has time; then
  : > "$OUTDIR/time.log"
  timeout 120 build/mk_run time --kv ${TIME_KV:-128,512,2048} --iters 200 --warmup 30 2>&1 | tee -a "$OUTDIR/time.log"
  for extra in ${TIME_EXTRA:-}; do  # e.g. "--chunk,64"
    timeout 60 build/mk_run time --kv 512 --iters 200 --warmup 30 ${extra//,/ } 2>&1 | grep -E '^[0-9]' | sed "s/$/  (${extra//,/ })/" | tee -a "$OUTDIR/time.log"
  done
  for mode in 1 2; do
    timeout 60 build/mk_run time --kv 512 --iters 200 --warmup 30 --mode $mode 2>&1 | grep -E '^[0-9]' | tee -a "$OUTDIR/time.log"
  done
  note "$(grep -E '^(KV|[0-9])' "$OUTDIR/time.log")"
fi
if has variants; then
  # VARIANTS="name:defines name:defines" (defines comma-separated)
  for v in ${VARIANTS:-p8:-DMK_NPAGES=8 ef:-DMK_EVICT_FIRST=1}; do
    n=${v%%:*}; d=${v#*:}; make variant BUILD=build NAME=$n DEFS="${d//,/ }" > /dev/null 2>&1 &
  done
  wait
  for v in ${VARIANTS:-p8:-DMK_NPAGES=8 ef:-DMK_EVICT_FIRST=1}; do
    n=${v%%:*}
    for mode in ${VARIANT_MODES:-0 2}; do
      r=$(timeout 60 build/mk_run_$n time --kv 512 --iters 200 --warmup 30 --mode $mode 2>&1 | grep -E '^[0-9]|rror|watchdog')
      note "variant $n ($v) mode $mode: $r"
    done
  done
fi
if has trace; then
  for v in ${TRACE_VARIANTS:-tr:-DMK_TRACE=1}; do
    n=${v%%:*}; d=${v#*:}; make variant BUILD=build NAME=$n DEFS="-DMK_TRACE=1 ${d//,/ }" > /dev/null 2>&1 &
  done
  wait
  for v in ${TRACE_VARIANTS:-tr:-DMK_TRACE=1}; do
    n=${v%%:*}; mkdir -p "$OUTDIR/$n"
    MK_TRACE_DIR="$OUTDIR/$n" timeout 60 build/mk_run_$n time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $n: /" | tee -a "$SUMMARY"
    python3 trace_report.py "$OUTDIR/$n"/trace_kv512_m0.bin 2>&1 | sed "s/^/trace $n: /" >> "$SUMMARY"
  done
fi
if has candidates; then
  # CANDIDATES="name:defines ...": each built, timed at TIME_KV (and modes 1, 2 at KV 512), checked
  # against the reference at CHECK_KV, and run under SAN_TOOLS — everything a kept default needs.
  for v in ${CANDIDATES:-}; do
    n=${v%%:*}; d=${v#*:}; make variant BUILD=build NAME=$n DEFS="${d//,/ }" > /dev/null 2>&1 &
  done
  wait
  for v in ${CANDIDATES:-}; do
    n=${v%%:*}; B=build/mk_run_$n
    [ -x $B ] || { note "candidate $n: BUILD FAILED"; continue; }
    timeout 120 $B time --kv ${TIME_KV:-128,512,2048} --iters 200 --warmup 30 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/cand $n ($v): /" | tee -a "$SUMMARY"
    for mode in ${CAND_MODES:-}; do
      timeout 60 $B time --kv 512 --iters 200 --warmup 30 --mode $mode 2>&1 | grep -E '^[0-9]|rror' | sed "s/^/cand $n mode $mode: /" | tee -a "$SUMMARY"
    done
  done
  for v in ${CANDIDATES:-}; do
    n=${v%%:*}; B=build/mk_run_$n
    [ -x $B ] || continue
    for P in ${CHECK_KV:-512}; do
      rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
      timeout 120 $B check --kv $P --steps 32 --dump /tmp/mkdump > "$OUTDIR/cand_check.tmp" 2>&1
      note "cand $n check P=$P: rc=$? $(grep -E 'finite|mismatches' "$OUTDIR/cand_check.tmp" | tr '\n' ' ')"
      timeout 300 python3 -u reference.py /tmp/mkdump > "$OUTDIR/cand_ref.tmp" 2>&1
      note "cand $n reference P=$P: $(grep -E 'teacher-forced|free-running|RESULT' "$OUTDIR/cand_ref.tmp" | tr '\n' ' ')"
      cat "$OUTDIR/cand_check.tmp" "$OUTDIR/cand_ref.tmp" >> "$OUTDIR/check.log"; rm -f "$OUTDIR"/cand_*.tmp
    done
    for tool in ${SAN_TOOLS:-memcheck synccheck racecheck}; do
      timeout ${SAN_TIMEOUT:-100} compute-sanitizer --tool $tool --error-exitcode 9 $B check --layers 1 --vocab 4224 \
        --kv 200 --steps 1 > "$OUTDIR/cand_san.tmp" 2>&1
      note "cand $n sanitizer $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUTDIR/cand_san.tmp" | tail -1)"
      cat "$OUTDIR/cand_san.tmp" >> "$OUTDIR/sanitize.log"; rm -f "$OUTDIR/cand_san.tmp"
    done
  done
fi
if has pick; then
  # PICK="name:defines ...": all built, each timed at KV 512 (mode 0); the fastest (or PICK_FORCE) is
  # then timed at TIME_KV and in modes 1 and 2, checked against the reference at CHECK_KV and run
  # under SAN_TOOLS (small model). PICK_MODES: extra modes timed for every variant. PICK_BUDGET: seconds after which optional extras are skipped.
  for v in ${PICK:-}; do
    n=${v%%:*}; d=${v#*:}; make variant BUILD=build NAME=$n DEFS="${d//,/ }" > "$OUTDIR/build_$n.log" 2>&1 &
  done
  wait
  note "pick: built in ${SECONDS}s"
  best=""; bestt=99
  for v in ${PICK:-}; do
    n=${v%%:*}; B=build/mk_run_$n
    [ -x $B ] || { note "pick $n: BUILD FAILED $(grep -m2 error "$OUTDIR/build_$n.log")"; continue; }
    r=$(timeout 40 $B time --kv 512 --iters 200 --warmup 30 2>&1 | grep -E '^[0-9]|rror|watchdog')
    note "pick $n ($v) KV512: $r"
    t=$(echo "$r" | awk '/^512 /{print $3}')
    for mode in ${PICK_MODES:-}; do
      note "pick $n mode $mode: $(timeout 30 $B time --kv 512 --iters 200 --warmup 30 --mode $mode 2>&1 | grep -E '^[0-9]|rror|watchdog')"
    done
    [ -n "$t" ] && awk "BEGIN{exit !($t < $bestt)}" && { best=$n; bestt=$t; }
  done
  [ -n "${PICK_FORCE:-}" ] && best=$PICK_FORCE
  note "pick: fastest $best ($bestt ms) at ${SECONDS}s"
  for n in $best $(for x in ${PICK_EXTRA_CHECK:-}; do [ "$x" = "$best" ] || echo $x; done); do
    B=build/mk_run_$n
    [ -x $B ] || continue
    if [ $n = "$best" ]; then
      timeout 60 $B time --kv ${TIME_KV:-128,512,2048} --iters 200 --warmup 30 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/best $n: /" | tee -a "$SUMMARY"
      for mode in 1 2; do
        timeout 30 $B time --kv 512 --iters 200 --warmup 30 --mode $mode 2>&1 | grep -E '^[0-9]|rror' | sed "s/^/best $n mode $mode: /" | tee -a "$SUMMARY"
      done
    elif [ $SECONDS -gt ${PICK_BUDGET:-330} ]; then note "skipped check of $n (time)"; continue; fi
    for P in ${CHECK_KV:-512}; do
      rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
      timeout 90 $B check --kv $P --steps 32 --dump /tmp/mkdump > "$OUTDIR/cand_check.tmp" 2>&1
      note "$n check P=$P: rc=$? $(grep -E 'finite|mismatches' "$OUTDIR/cand_check.tmp" | tr '\n' ' ')"
      timeout 150 python3 -u reference.py /tmp/mkdump > "$OUTDIR/cand_ref.tmp" 2>&1
      note "$n reference P=$P: $(grep -E 'teacher-forced|free-running|RESULT' "$OUTDIR/cand_ref.tmp" | tr '\n' ' ') (${SECONDS}s)"
      cat "$OUTDIR/cand_check.tmp" "$OUTDIR/cand_ref.tmp" >> "$OUTDIR/check.log"; rm -f "$OUTDIR"/cand_*.tmp
    done
    [ $n = "$best" ] || continue
    for tool in ${SAN_TOOLS:-memcheck synccheck racecheck}; do
      timeout ${SAN_TIMEOUT:-100} compute-sanitizer --tool $tool --error-exitcode 9 $B check --layers 1 --vocab 4224 \
        --kv 200 --steps 1 > "$OUTDIR/cand_san.tmp" 2>&1
      note "$n sanitizer $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUTDIR/cand_san.tmp" | tail -1) (${SECONDS}s)"
      cat "$OUTDIR/cand_san.tmp" >> "$OUTDIR/sanitize.log"; rm -f "$OUTDIR/cand_san.tmp"
    done
  done
fi
if has sanitize; then
  : > "$OUTDIR/sanitize.log"
  for tool in ${SAN_TOOLS:-memcheck synccheck racecheck}; do
    timeout ${SAN_TIMEOUT:-100} compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run check --layers 1 --vocab 4224 \
      --kv 200 --steps 1 >> "$OUTDIR/sanitize.log" 2>&1
    note "sanitizer $tool (1 layer, vocab 4224, KV 200, 1 step): rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUTDIR/sanitize.log" | tail -1)"
  done
fi
if has baselines; then
  timeout ${BASE_TIMEOUT:-480} python3 -u baselines.py --kv ${BASE_KV:-128,512,2048} --compile ${COMPILE_MODE:-reduce-overhead} \
    2>&1 | tee "$OUTDIR/baselines.log" | grep -v Warning
  note "$(sed -n '/baseline summary/,$p' "$OUTDIR/baselines.log")"
fi
echo "================ summary"; cat "$SUMMARY"
