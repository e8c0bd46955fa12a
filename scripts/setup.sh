#!/usr/bin/env bash
# One command from a fresh machine to a proof, in minutes: installs the
# dependencies (Debian packages), builds syncproof, the megakernel (nvcc,
# sm_90a) and its scheduler, and proves the shipped megakernel
# (kernels/megakernel.cu) on a one-layer schedule with every op: 725
# instructions on 132 SMs, every thread of the launch run by the concrete
# prover (about 80 s). The full 16-layer schedule: scripts/prove-megakernel.sh
# (about 30 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== install the dependencies (scripts/install-deps.sh)" >&2
bash scripts/install-deps.sh
echo "== build syncproof and the scheduler (cmake, Release)" >&2
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target syncproof mk_schedule -j "$(nproc)"
echo "== make -C kernels (nvcc, sm_90a: the build whose shared memory the contract states)" >&2
make -C kernels BUILD="$PWD/build/kernels" NVCC=/usr/local/cuda/bin/nvcc "$PWD/build/kernels/mk_run" >/dev/null
SMEM=$(./build/kernels/mk_run smem)
echo "== build/mk_schedule --kv 512 --layers 1 --vocab 2048 --smem $SMEM --out build/mk512l1" >&2
./build/mk_schedule --kv 512 --layers 1 --vocab 2048 --smem "$SMEM" --out build/mk512l1
echo "== syncproof check --spec build/mk512l1/contract.yaml kernels/megakernel.cu (about 80 s)" >&2
SYNCPROOF_CONCRETE=only SYNCPROOF_CONCRETE_WORK=80000000000 SYNCPROOF_PHASES=1 \
  ./build/syncproof check --budget 0 --spec build/mk512l1/contract.yaml kernels/megakernel.cu
