#!/bin/bash
# run27.sh — attempt 27: the cost of MK_GUARD (session 11: the kernel traps on an instruction list longer than s.ins
# or on words outside instr_in_bounds, megakernel.h; the proof's stage 3 needs such bounds). MK_GUARD bits: 1 = n_ins
# bound, 2 = every word once in the staging pass (the total_pages loop), 4 = the words at each use (loader, gate scan,
# consumers). Call 1 (results/run27/summary27a.txt) measured g0 against "all" (then MK_GUARD=1 meant every check);
# call 2: g0, g1, g3, g7. SASS diff against g0; 5 interleaved rounds at KV 512, 2 at 128/2048; g1 and g3 checked
# against the float32 reference (P = 512); 2 more rounds of all at the end.
set -u
cd "$(dirname "$0")"; K=$PWD
O=${OUT:-$PWD/device-logs}
mkdir -p "$O"
W=/tmp/r27; rm -rf $W; mkdir -p $W/sass
S=$O/summary27.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
note "$(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,driver_version --format=csv,noheader 2>&1)"
NV="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo -Xptxas -v"
A="-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I."
V="g0 g1 g3 g7"
for n in $V; do
  make variant BUILD=build NAME=$n NVFLAGS="$NV" DEFS="-DMK_GUARD=${n#g}" > $W/b_$n.log 2>&1 &
  nvcc $A -DMK_GUARD=${n#g} -cubin megakernel.cu -o $W/$n.cubin > $W/cb_$n.log 2>&1 &
done
wait
cnt() { echo "lines $(grep -c '^        /\*[0-9a-f]*\*/' $1)"; }
nz() { sed -E 's@/\*[0-9a-f]{4,}\*/@@; s@ */\* 0x[0-9a-f]+ \*/@@; s/\.L_x_[0-9]+/L/g; s/0x[0-9a-f]+/X/g' $1 | grep -E '^\s+[A-Z@]' ; }
for n in $V; do
  [ -x build/mk_run_$n ] || { note "BUILD FAILED $n"; grep error $W/b_$n.log | head -8 | tee -a "$S"; }
  cuobjdump -sass $W/$n.cubin > $W/sass/$n.sass 2>>$W/cmp.log
  diff <(nz $W/sass/g0.sass) <(nz $W/sass/$n.sass) > $W/sass/diff_$n.txt
  note "== $n: $(grep -E 'registers' $W/b_$n.log | head -1 | sed 's/.*Used/Used/'); $(grep -E 'stack frame' $W/b_$n.log | head -2 | tr -s ' ' | tr '\n' ';'); SASS $(cnt $W/sass/$n.sass); vs g0: $(grep -c '^<' $W/sass/diff_$n.txt) out / $(grep -c '^>' $W/sass/diff_$n.txt) in"
done
note "built in ${SECONDS}s"
tm() { timeout 20 build/mk_run_$1 time --kv $2 --iters 200 --warmup 30 2>&1 \
         | grep -E '^[0-9]|rror|watchdog|invalid|trap|unspecified' | sed "s/^/$1: /" | tee -a "$S"; }
for r in 1 2 3 4 5; do for n in $V; do tm $n 512; done; done
for r in 1 2; do for n in $V; do tm $n 128,2048; done; done
mean() { grep -E "^$1: $2 " "$S" | awk '{s+=$4; n++} END{printf "%.5f", s/n}'; }
for kv in 512 128 2048; do note "KV $kv mean of medians: $(for n in $V; do echo -n "$n $(mean $n $kv)  "; done)"; done
note "timed at ${SECONDS}s"
chk() {
  for P2 in $2; do
    rm -rf /tmp/mkdump && mkdir -p /tmp/mkdump
    timeout 60 build/mk_run_$1 check --kv $P2 --steps 32 --dump /tmp/mkdump > $W/c.tmp 2>&1
    note "$1 check P=$P2: rc=$? $(grep -E 'nchunks|finite|mismatches|watchdog|rror' $W/c.tmp | sed 's/tokens:.*//' | tr '\n' ' ')"
    timeout 90 python3 -u reference.py /tmp/mkdump > $W/r.tmp 2>&1
    note "$1 reference P=$P2: $(grep -E 'teacher-forced|free-running|RESULT' $W/r.tmp | tr '\n' ' ') (${SECONDS}s)"
    echo "=== $1 P=$P2" >> $W/check.log; cat $W/c.tmp $W/r.tmp >> $W/check.log
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
for n in g1 g3; do chk $n "512"; done
for r in 1 2; do for n in $V; do tm $n 512; done; done
note "KV 512 mean of all medians: $(for n in $V; do echo -n "$n $(mean $n 512)  "; done)"
for n in $V; do echo "=== $n"; cat $W/b_$n.log; done > $W/build27.log
tar czf $O/logs27.tar.gz -C $W check.log build27.log
tar czf $O/sass27.tar.gz -C $W/sass .
note "done in ${SECONDS}s"
