#!/bin/bash
# run23b.sh — attempt 23, second call. Run 23 found every variant that adds hot code slower (q6: QKV's own rows_defer
# copies, +2000 SASS instructions, +3.9 us; in the a1 trace the attention's pages, which no switch touches, +10%), so
# this call tests instruction-cache pressure: qs (MK_DEFER=8: QKV and the split O-proj through ONE inlined
# rows_defer<8>: QKV deferred without a second hot copy), o8 (MK_DEFER_O8=1: the default with O-proj on rows_defer<8>,
# the shared copy's cost for O-proj alone), q6 again; traces tdef / tqs / tq6; ncu stall mix (no_inst) of def, qs, q6;
# 5 interleaved rounds at KV 512, 128/2048 twice; qs checked (P = 512, 2048) and sanitized; re-timed against def.
set -u
cd "$(dirname "$0")"
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r23b; rm -rf $W; mkdir -p $W/sass $W/ncu
S=$O/summary23b.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
note "$(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,driver_version --format=csv,noheader 2>&1)"
declare -A D=([def]="" [qs]="-DMK_DEFER=8" [o8]="-DMK_DEFER_O8=1" [q6]="-DMK_DEFER=6"
  [tdef]="-DMK_TRACE=1" [tqs]="-DMK_TRACE=1 -DMK_DEFER=8" [tq6]="-DMK_TRACE=1 -DMK_DEFER=6")
C="def qs o8 q6"
V="$C tdef tqs tq6"
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
A="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I."
for n in $V; do make variant BUILD=build NAME=$n NVFLAGS="$NV" DEFS="${D[$n]}" > $W/b_$n.log 2>&1 & done
for n in $C; do nvcc $A ${D[$n]} -cubin megakernel.cu -o $W/$n.cubin > $W/cb_$n.log 2>&1 & done
nvcc $A -cubin build/old/megakernel.cu -o $W/old.cubin > $W/cb_old.log 2>&1 &
wait
for n in $V; do
  echo "== $n ${D[$n]}" >> $W/build.log; grep -E "error|registers|stack|spill" $W/b_$n.log | grep -v "^ptxas info    : Compiling\|Function properties" | head -6 >> $W/build.log
  [ -x build/mk_run_$n ] || { note "BUILD FAILED $n"; grep -E "error" $W/b_$n.log | head -8 | tee -a "$S"; }
done
cat $W/build.log >> "$S"
cnt() { echo "lines $(grep -c '^        /\*[0-9a-f]*\*/' $1) YIELD $(grep -c YIELD $1) BSSY $(grep -c BSSY $1) SHFL $(grep -c SHFL $1) TRYWAIT $(grep -c 'TRYWAIT' $1)"; }
for c in old $C; do cuobjdump -sass $W/$c.cubin > $W/sass/$c.sass 2>>$W/cmp.log; note "SASS $c: $(cnt $W/sass/$c.sass)"; done
note "default SASS vs HEAD~ source (run 23's default): $(cmp -s $W/sass/old.sass $W/sass/def.sass && echo identical || echo DIFFERENT)"
note "built in ${SECONDS}s"
CC=""; for n in $C; do [ -x build/mk_run_$n ] && CC="$CC $n"; done
tm() { timeout 20 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 ${3:-} 2>&1 \
         | grep -E '^[0-9]|rror|watchdog|invalid' | sed "s/^/$1 ${3:-}: /" | tee -a "$S"; }
for r in 1 2 3 4 5; do for c in $CC; do tm $c 512; done; done
for r in 1 2; do for c in $CC; do tm $c 128,2048; done; done
note "timed at ${SECONDS}s"
for t in tdef tqs tq6; do
  [ -x build/mk_run_$t ] || continue
  mkdir -p $W/tr_$t
  MK_TRACE_DIR=$W/tr_$t timeout 20 build/mk_run_$t time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $t: /" | tee -a "$S"
  python3 trace_report.py $W/tr_$t/trace_kv512_m0.bin > $W/trace_$t.txt 2>&1
  grep -E "^  (qkv|attn|oproj|gateup|down|lmhead) |clock|GHz" $W/trace_$t.txt | sed "s/^/trace $t: /" | tee -a "$S"
done
cat $W/trace_*.txt > $O/traces23b.txt 2>/dev/null
note "traced at ${SECONDS}s"
mean() { grep -E "^$1 : 512" "$S" | awk '{s+=$5; n++} END{if (n >= 5) printf "%.5f\n", s/n; else print 99}'; }
for c in $CC; do note "KV 512 mean of 5 medians: $c $(mean $c)"; done
san() {
  for tool in $2; do
    timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 build/mk_run_$1 check --layers 2 --vocab 4224 \
      --kv 200 --steps 1 > $W/s.tmp 2>&1
    note "$1 sanitizer $tool (2 layers): rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $W/s.tmp | tail -1) (${SECONDS}s)"
    echo "=== $1 $tool" >> $W/sanitize.log; head -c 20000 $W/s.tmp >> $W/sanitize.log
  done
}
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
chk qs "512 2048"; san qs "memcheck synccheck racecheck"
for r in 1 2; do tm qs 128,512,2048; tm def 128,512,2048; done
note "re-timed at ${SECONDS}s"
for c in def qs q6; do
  [ $SECONDS -lt 330 ] || break
  timeout 120 ncu --clock-control none --replay-mode kernel -k regex:megakernel --launch-skip 3 --launch-count 1 \
    --section SourceCounters --section WarpStateStats --import-source no \
    --warp-sampling-interval 2 --warp-sampling-buffer-size 536870912 --warp-sampling-max-passes 20 \
    -f -o $W/prof_$c build/mk_run_$c time --kv 512 --iters 3 --warmup 2 > $W/ncu_run_$c.log 2>&1
  ncu -i $W/prof_$c.ncu-rep --page source --csv --print-source sass > $W/ncu_$c.csv 2>>$W/ncu_err.txt
  python3 ncu_src_report.py $W/ncu_$c.csv 40 0.9 > $W/ncu/ncu23b_$c.txt 2>&1
  note "ncu $c: $(sed -n 2,3p $W/ncu/ncu23b_$c.txt | tr '\n' ' ')"
  # no_inst samples by SASS line, summed over the whole kernel, top lines
  python3 - $W/ncu_$c.csv > $W/ncu/noinst_$c.txt 2>&1 <<'PY'
import csv,sys
hdr=None; rows=[]
for r in csv.reader(open(sys.argv[1],newline='')):
    if len(r)>10 and 'Address' in r and 'Source' in r: hdr=r; continue
    if hdr and len(r)==len(hdr): rows.append(dict(zip(hdr,r)))
k=[h for h in (hdr or []) if 'no_instruction' in h.lower() and 'not_issued' not in h.lower()]
print('columns', k[:4])
if k:
    col=k[0]; tot=sum(float(x.get(col) or 0) for x in rows)
    print('no_inst total', tot)
    for x in sorted(rows,key=lambda x:-float(x.get(col) or 0))[:25]: print(x.get('Address'), x.get('Source')[:60], x.get(col))
PY
done
cp $W/check.log $W/sanitize.log $O/ 2>/dev/null
tar czf $O/run23b.tar.gz -C $W --exclude='*.cubin' --exclude='old.sass' --exclude='tr_*' --exclude='*.ncu-rep' --exclude='*.csv' . 2>/dev/null
note "done in ${SECONDS}s"
