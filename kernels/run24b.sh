#!/bin/bash
# run24b.sh — attempt 24, second call: MK_ORES=1 (split-K O-proj of KV head 0 loads its residual after the wait instead
# of in the epilogue; run 24's traces: head 0's O-proj ends the chain in 42 of 60 layers, epilogue 0.47 vs 0.27 us)
# against the default: 5 interleaved rounds at KV 512, twice at 128/2048; checked (P = 512, 2048), sanitized
# (memcheck, synccheck, racecheck); default SASS compared with HEAD's; one trace each (trace24_report.py).
set -u
cd "$(dirname "$0")"; K=$PWD
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r24b; rm -rf $W; mkdir -p $W/sass
S=$O/summary24b.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
note "$(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,driver_version --format=csv,noheader 2>&1)"
declare -A D=([def]="" [ores]="-DMK_ORES=1" [tdef]="-DMK_TRACE=1" [tores]="-DMK_TRACE=1 -DMK_ORES=1")
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
A="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I."
for n in def ores tdef tores; do make variant BUILD=build NAME=$n NVFLAGS="$NV" DEFS="${D[$n]}" > $W/b_$n.log 2>&1 & done
for n in def ores; do nvcc $A ${D[$n]} -cubin megakernel.cu -o $W/$n.cubin > $W/cb_$n.log 2>&1 & done
nvcc $A -cubin build/old/megakernel.cu -o $W/old.cubin > $W/cb_old.log 2>&1 &
wait
for n in def ores tdef tores; do
  [ -x build/mk_run_$n ] || { note "BUILD FAILED $n"; grep error $W/b_$n.log | head -8 | tee -a "$S"; }
  echo "== $n: $(grep -E 'registers' $W/b_$n.log | head -1)" >> "$S"
done
cnt() { echo "lines $(grep -c '^        /\*[0-9a-f]*\*/' $1)"; }
for c in old def ores; do cuobjdump -sass $W/$c.cubin > $W/sass/$c.sass 2>>$W/cmp.log; note "SASS $c: $(cnt $W/sass/$c.sass)"; done
note "default SASS vs HEAD's source: $(cmp -s $W/sass/old.sass $W/sass/def.sass && echo identical || echo DIFFERENT)"
note "built in ${SECONDS}s"
[ -x build/mk_run_ores ] || exit 1
tm() { timeout 20 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 2>&1 \
         | grep -E '^[0-9]|rror|watchdog|invalid' | sed "s/^/$1: /" | tee -a "$S"; }
for r in 1 2 3 4 5; do tm def 512; tm ores 512; done
for r in 1 2; do tm def 128,2048; tm ores 128,2048; done
mean() { grep -E "^$1: $2 " "$S" | awk '{s+=$4; n++} END{printf "%.5f (n %d)", s/n, n}'; }
for kv in 512 128 2048; do note "KV $kv mean of medians: def $(mean def $kv)  ores $(mean ores $kv)"; done
note "timed at ${SECONDS}s"
build/mk_run_def schedule --kv 512 --out $W/sched512.txt > /dev/null
for t in tdef tores; do
  mkdir -p $W/tr_$t
  MK_TRACE_DIR=$W/tr_$t timeout 30 build/mk_run_$t time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $t: /" | tee -a "$S"
  cp $W/tr_$t/trace_kv512_m0.bin $W/$t.bin
  python3 trace_report.py $W/$t.bin | grep -E "^  (qkv|attn|oproj|gateup|down) " | sed "s/^/trace $t: /" | tee -a "$S"
  (cd $W && python3 $K/trace24_report.py sched512.txt $t.bin > $W/t24_$t.txt 2>&1)
  sed -n '/== chain per layer/,/gu_w0/p' $W/t24_$t.txt | sed "s/^/$t: /" >> "$S"
done
note "traced at ${SECONDS}s"
chk() {
  for P in $2; do
    rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
    timeout 60 build/mk_run_$1 check --kv $P --steps 32 --dump /tmp/mkdump > $W/c.tmp 2>&1
    note "$1 check P=$P: rc=$? $(grep -E 'nchunks|finite|mismatches|watchdog|rror' $W/c.tmp | sed 's/tokens:.*//' | tr '\n' ' ')"
    timeout 90 python3 -u reference.py /tmp/mkdump > $W/r.tmp 2>&1
    note "$1 reference P=$P: $(grep -E 'teacher-forced|free-running|RESULT' $W/r.tmp | tr '\n' ' ') (${SECONDS}s)"
    echo "=== $1 P=$P" >> $W/check.log; cat $W/c.tmp $W/r.tmp >> $W/check.log
  done
}
san() {
  for tool in $2; do
    timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run_$1 check --layers 2 --vocab 4224 \
      --kv 200 --steps 1 > $W/s.tmp 2>&1
    note "$1 sanitizer $tool (2 layers): rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/s.tmp | tail -1) (${SECONDS}s)"
    echo "=== $1 $tool" >> $W/sanitize.log; head -c 20000 $W/s.tmp >> $W/sanitize.log
  done
}
chk ores "512 2048"; san ores "memcheck synccheck racecheck"
for r in 1 2; do tm ores 512; tm def 512; done
note "KV 512 mean of all medians: def $(mean def 512)  ores $(mean ores 512)"
cp $W/check.log $W/sanitize.log $O/ 2>/dev/null
tar czf $O/traces24b.tar.gz -C $W sched512.txt tdef.bin tores.bin t24_tdef.txt t24_tores.txt
note "done in ${SECONDS}s"
