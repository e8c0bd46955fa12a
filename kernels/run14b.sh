#!/bin/bash
# run14b.sh — attempt 14, second call: what the release waits on, two release encodings, and ncu.
#   def / rel1 (MK_REL_MODE=1: fence.release.gpu + red.relaxed.gpu) / rel2 (MK_REL_MODE=2: fence.acq_rel.gpu +
#   red.relaxed.gpu) timed interleaved at KV 512 (three rounds), then 128/2048; MK_TRACE builds of the three
#   and of thold (MK_REL_HOLD=1, diagnosis: no copy in flight during a release); the faster of rel1/rel2 (if
#   faster than def) checked (P=512, 2048) and sanitized; membar_probe with fence.release; SASS of the
#   release sequences; ncu warp-state sampling of one default launch.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r14b; rm -rf $W; mkdir -p $W
S=$O/summary14b.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
declare -A D=([def]="" [rel1]="-DMK_REL_MODE=1" [rel2]="-DMK_REL_MODE=2" [tdef]="-DMK_TRACE=1"
              [trel1]="-DMK_TRACE=1 -DMK_REL_MODE=1" [trel2]="-DMK_TRACE=1 -DMK_REL_MODE=2" [thold]="-DMK_TRACE=1 -DMK_REL_HOLD=1")
V="def rel1 rel2 tdef trel1 trel2 thold"
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
for n in rel1 rel2; do
  cuobjdump -sass build/mk_run_$n | grep -B8 -A3 "REDG.E.ADD" | cut -c1-80 | grep -v '^ *$' > $W/sass_rel_$n.txt
done
cuobjdump -sass build/membar_probe | grep -E "MEMBAR|ERRBAR|FENCE|RED|CCTL|LDG|CS2R" | cut -c1-80 > $W/sass_probe.txt
note "release SASS rel1: $(grep -oE 'MEMBAR[^ ;]*|ERRBAR|CGAERRBAR|FENCE[^ ;]*|REDG[^ ;]*' $W/sass_rel_rel1.txt | sort | uniq -c | tr '\n' ' ')"
note "release SASS rel2: $(grep -oE 'MEMBAR[^ ;]*|ERRBAR|CGAERRBAR|FENCE[^ ;]*|REDG[^ ;]*' $W/sass_rel_rel2.txt | sort | uniq -c | tr '\n' ' ')"
timeout 60 build/membar_probe 2>&1 | tee -a "$S"
tm() { timeout 60 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 ${3:-} 2>&1 | grep -E '^[0-9]|rror|watchdog' \
         | sed "s/^/$1 ${3:-}: /" | tee -a "$S"; }
for r in 1 2 3; do tm def 512; tm rel1 512; tm rel2 512; done
for n in def rel1 rel2; do tm $n 128,2048; done
note "timed at ${SECONDS}s"
for n in tdef trel1 trel2 thold; do
  mkdir -p $W/tr_$n
  MK_TRACE_DIR=$W/tr_$n timeout 60 build/mk_run_$n time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $n: /" | tee -a "$S"
  python3 trace_report.py $W/tr_$n/trace_kv512_m0.bin > $W/trace_$n.txt 2>&1
  grep -E "^  (qkv|attn|oproj|gateup|down|lmhead|argmax) " $W/trace_$n.txt | sed "s/^/trace $n: /" | tee -a "$S"
done
sum() { grep -E "^$1 : 512" "$S" | awk '{s+=$5} END{print s}'; }
d=$(sum def); r1=$(sum rel1); r2=$(sum rel2)
note "KV 512 medians summed: def $d rel1 $r1 rel2 $r2"
best=rel1; bt=$r1; awk "BEGIN{exit !($r2 < $r1)}" && { best=rel2; bt=$r2; }
if awk "BEGIN{exit !($bt < $d)}"; then
  note "candidate: $best"
  for P in 512 2048; do
    rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
    timeout 120 build/mk_run_$best check --kv $P --steps 32 --dump /tmp/mkdump > $W/c.tmp 2>&1
    note "$best check P=$P: rc=$? $(grep -E 'nchunks|finite|mismatches' $W/c.tmp | sed 's/tokens:.*//' | tr '\n' ' ')"
    timeout 200 python3 -u reference.py /tmp/mkdump > $W/r.tmp 2>&1
    note "$best reference P=$P: $(grep -E 'teacher-forced|free-running|RESULT' $W/r.tmp | tr '\n' ' ') (${SECONDS}s)"
    cat $W/c.tmp $W/r.tmp >> $W/check.log
  done
  for tool in memcheck synccheck racecheck; do
    timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run_$best check --layers 1 --vocab 4224 \
      --kv 200 --steps 1 > $W/s.tmp 2>&1
    note "$best sanitizer $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/s.tmp | tail -1) (${SECONDS}s)"
    cat $W/s.tmp >> $W/sanitize.log
  done
fi
tar czf $O/run14b.tar.gz -C $W . 2>/dev/null
[ $SECONDS -gt 300 ] && { note "no time left for ncu"; exit 0; }
NCU=$(command -v ncu)
$NCU --help > $W/ncu_help.txt 2>&1
note "ncu sampling options: $(grep -oE -- '--[a-z-]*sampling[a-z-]*' $W/ncu_help.txt | sort -u | tr '\n' ' ')"
SO=""; grep -q -- "--warp-sampling-interval" $W/ncu_help.txt && SO="--warp-sampling-interval 2 --warp-sampling-buffer-size 536870912 --warp-sampling-max-passes 20"
timeout 170 $NCU --clock-control none --replay-mode kernel --launch-skip 5 --launch-count 1 \
  --section SourceCounters --section WarpStateStats --import-source yes $SO \
  -f -o $W/prof build/mk_run_def time --kv 512 --iters 3 --warmup 3 > $W/ncu_run.log 2>&1
note "ncu rc=$? at ${SECONDS}s: $(grep -E '==PROF==|==ERROR==|==WARNING==' $W/ncu_run.log | head -5 | tr '\n' ' ')"
if [ -f $W/prof.ncu-rep ]; then
  $NCU -i $W/prof.ncu-rep --page details > $W/ncu_details.txt 2>&1
  $NCU -i $W/prof.ncu-rep --page source --csv --print-source sass > $W/ncu_src_sass.csv 2>$W/ncu_src_err.txt
  note "ncu exports: $(wc -c $W/ncu_*.csv $W/ncu_details.txt | tr '\n' ' ')"
  grep -iE "stall|warp cycles|issued|eligible" $W/ncu_details.txt | head -40 >> "$S"
fi
tar czf $O/run14b.tar.gz --exclude=prof.ncu-rep -C $W . 2>/dev/null
note "done in ${SECONDS}s"
