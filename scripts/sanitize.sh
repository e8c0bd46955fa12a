#!/usr/bin/env bash
# Builds syncproof with AddressSanitizer and UndefinedBehaviorSanitizer
# (build-asan/) and runs, under them: the fuzz targets, then `syncproof check`
# on every example and every corpus file with its own contract. Fails on a
# sanitizer report, a crash (a signal) or an internal error; verdicts are not
# compared (the test suite does that). docs/fuzzing.md, "Sanitizers".
#   scripts/sanitize.sh [--quick] [--runs N]
#   --quick: the fuzz targets and the real-code corpora (real-a, real-b) only
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
runs=20000
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --runs) runs="$2"; shift ;;
    *) echo "usage: scripts/sanitize.sh [--quick] [--runs N]" >&2; exit 2 ;;
  esac
  shift
done
jobs=$(nproc)
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSYNCPROOF_SANITIZE=ON >/dev/null
cmake --build build-asan -j "$jobs" --target syncproof fuzz_spec fuzz_memory fuzz_lsp fuzz_certificate
# LLVM and Z3 keep global state alive at exit on purpose (leaks are not checked);
# the system's libraries are not instrumented.
export ASAN_OPTIONS=detect_leaks=0:alloc_dealloc_mismatch=0:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
log=build-asan/sanitize.log
: > "$log"
fail=0
for t in spec memory lsp certificate; do
  dict=""
  [ -f "tests/fuzz/$t.dict" ] && dict="-dict=tests/fuzz/$t.dict"
  echo "sanitize: fuzz_$t ($runs mutations)" >&2
  if ! (cd build-asan && "./tests/fuzz_$t" -runs="$runs" -seed=3 $dict "../tests/fuzz/seeds/$t" >>sanitize.log 2>&1); then
    echo "sanitize: FAIL fuzz_$t (see $log)" >&2
    fail=1
  fi
done
files=()
if [ "$quick" = 1 ]; then
  files=(tests/corpus/real-a/*.cu tests/corpus/real-b/*.cu)
else
  files=(examples/*/*.cu tests/corpus/*/*.cu)
fi
checked=0
for f in "${files[@]}"; do
  args=$(grep -m1 'syncproof-args:' "$f" | sed 's/.*syncproof-args://; s|%S|'"$(dirname "$f")"'|g' || true)
  checked=$((checked + 1))
  echo "sanitize: [$checked/${#files[@]}] $f" >&2
  set +e
  # shellcheck disable=SC2086
  out=$(timeout 900 build-asan/syncproof check --rlimit 5000000 --budget 0 $args "$f" 2>&1 >/dev/null)
  rc=$?
  set -e
  if [ $rc -ge 124 ] && [ $rc -ne 124 ] || echo "$out" | grep -qE "ERROR: AddressSanitizer|runtime error:|internal error"; then
    echo "sanitize: FAIL $f (exit $rc)" >&2
    { echo "== $f (exit $rc)"; echo "$out"; } >>"$log"
    fail=1
  fi
done
echo "sanitize: $checked files and 4 fuzz targets checked under ASan/UBSan; $( [ $fail = 0 ] && echo 'no report' || echo "reports in $log")" >&2
exit $fail
