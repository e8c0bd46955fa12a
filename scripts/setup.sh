#!/usr/bin/env bash
# One command from a fresh machine to a proof: installs the dependencies
# (Debian packages), builds syncproof and the megakernel's scheduler, and
# proves the megakernel (kernels/megakernel.cu) on its real schedule: KV 512,
# 16 layers, 9,605 instructions on 132 SMs. The concrete prover runs every
# thread of the launch twice (docs/concrete.md); about 20 minutes and 5 GB on
# a 2-core machine (docs/results.md, "Session 20").
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target syncproof mk_schedule -j "$(nproc)"
echo "== make -C kernels (nvcc, sm_90a: the build whose shared memory the contract states)"
make -C kernels BUILD="$PWD/build/kernels" NVCC=/usr/local/cuda/bin/nvcc "$PWD/build/kernels/mk_run" >/dev/null
SMEM=$(./build/kernels/mk_run smem)
echo "== build/mk_schedule --kv 512 --smem $SMEM --out build/mk512"
./build/mk_schedule --kv 512 --smem "$SMEM" --out build/mk512
echo "== syncproof check --spec build/mk512/contract.yaml kernels/megakernel.cu"
SYNCPROOF_CONCRETE_WORK=1000000000000 SYNCPROOF_PHASES=1 \
  ./build/syncproof check --spec build/mk512/contract.yaml kernels/megakernel.cu
