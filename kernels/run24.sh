#!/bin/bash
# run24.sh — attempt 24, first call: which SMs end the QKV -> attention -> O-proj chain last (per-SM traces of the
# default, 4 launches from 4 processes, trace24_report.py), and the host-only schedule change it suggests: the 12 SMs
# that end QKV last most persistently get the 12 small (2-unit) QKV shares (`--qkv-units`, off by default), timed
# against the default in 5 interleaved rounds at KV 512 (+128/2048 twice), and traced once.
set -u
cd "$(dirname "$0")"; K=$PWD
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r24; rm -rf $W; mkdir -p $W/sass
S=$O/summary24.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
note "$(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,driver_version --format=csv,noheader 2>&1)"
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
A="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I."
make variant BUILD=build NAME=def NVFLAGS="$NV" DEFS="" > $W/b_def.log 2>&1 &
make variant BUILD=build NAME=tdef NVFLAGS="$NV" DEFS="-DMK_TRACE=1" > $W/b_tdef.log 2>&1 &
nvcc $A -cubin megakernel.cu -o $W/def.cubin > $W/cb_def.log 2>&1 &
nvcc $A -cubin build/old/megakernel.cu -o $W/old.cubin > $W/cb_old.log 2>&1 &
wait
for n in def tdef; do [ -x build/mk_run_$n ] || { note "BUILD FAILED $n"; grep error $W/b_$n.log | head; exit 1; }; done
grep -E "registers|stack" $W/b_def.log | head -3 >> "$S"
for c in old def; do cuobjdump -sass $W/$c.cubin > $W/sass/$c.sass 2>>$W/cmp.log; done
note "default SASS vs HEAD's source: $(cmp -s $W/sass/old.sass $W/sass/def.sass && echo identical || echo DIFFERENT)"
note "built in ${SECONDS}s"
build/mk_run_def schedule --kv 512 --out $W/sched512.txt | tee -a "$S"
for k in 1 2 3 4; do
  mkdir -p $W/tr$k
  MK_TRACE_DIR=$W/tr$k timeout 30 build/mk_run_tdef time --kv 512 --iters 20 --warmup 10 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace $k: /" | tee -a "$S"
  cp $W/tr$k/trace_kv512_m0.bin $W/t$k.bin
done
(cd $W && python3 $K/trace24_report.py sched512.txt t1.bin t2.bin t3.bin t4.bin > $O/trace24.txt 2>&1)
python3 trace_report.py $W/t1.bin > $W/trace_t1.txt 2>&1
grep -E "^  (qkv|attn|oproj|gateup|down|lmhead) " $W/trace_t1.txt | sed "s/^/trace tdef: /" | tee -a "$S"
LIST=$(cat $W/qkv_units.txt 2>/dev/null)
note "list: $LIST"
sed -n '/== chain per layer/,$p' $O/trace24.txt | head -80 >> "$S"
note "traced at ${SECONDS}s"
[ -n "$LIST" ] || { note "no list"; exit 1; }
tm() { timeout 20 build/mk_run_def time --kv $2 --iters 200 --warmup 30 ${3:-} 2>&1 \
         | grep -E '^[0-9]|rror|watchdog|invalid' | sed "s/^/$1: /" | tee -a "$S"; }
for r in 1 2 3 4 5; do tm def 512; tm ql 512 "--qkv-units $LIST"; done
for r in 1 2; do tm def 128,2048; tm ql 128,2048 "--qkv-units $LIST"; done
mean() { grep -E "^$1: 512" "$S" | awk '{s+=$4; n++} END{if (n >= 5) printf "%.5f (n %d)\n", s/n, n; else print 99}'; }
note "KV 512 mean of medians: def $(mean def)  ql $(mean ql)"
note "timed at ${SECONDS}s"
# the variant traced (its own schedule)
build/mk_run_def schedule --kv 512 --qkv-units "$LIST" --out $W/sched512_ql.txt > /dev/null
for k in 5 6; do
  mkdir -p $W/tr$k
  MK_TRACE_DIR=$W/tr$k timeout 30 build/mk_run_tdef time --kv 512 --iters 20 --warmup 10 --qkv-units "$LIST" 2>&1 | grep -E '^[0-9]|rror|watchdog' | sed "s/^/trace ql $k: /" | tee -a "$S"
  cp $W/tr$k/trace_kv512_m0.bin $W/q$k.bin
done
(mkdir -p $W/ql && cd $W/ql && python3 $K/trace24_report.py ../sched512_ql.txt ../q5.bin ../q6.bin > $O/trace24_ql.txt 2>&1)
sed -n '/== chain per layer/,/gu_w0/p' $O/trace24_ql.txt | sed "s/^/ql: /" >> "$S"
python3 trace_report.py $W/q5.bin | grep -E "^  (qkv|attn|oproj|gateup|down) " | sed "s/^/trace ql: /" | tee -a "$S"
tar czf $O/traces24.tar.gz -C $W sched512.txt sched512_ql.txt t1.bin t2.bin t3.bin t4.bin q5.bin q6.bin
note "done in ${SECONDS}s"
