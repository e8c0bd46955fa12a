#!/usr/bin/env bash
# One command from a fresh machine to a proof: installs the dependencies
# (Debian packages), builds syncproof, and checks a shipped example.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target syncproof -j "$(nproc)"
echo "== syncproof check --spec specs/transpose.yaml examples/intra-block/transpose_ok.cu"
./build/syncproof check --spec specs/transpose.yaml examples/intra-block/transpose_ok.cu
