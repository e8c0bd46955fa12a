#!/usr/bin/env bash
# The proof of the shipped megakernel on its full real schedule (opt-in; the
# set-up command proves it on a one-layer schedule): KV 512, 16 layers, 9,605
# instructions on 132 SMs. The concrete prover runs every thread of the launch
# twice (docs/concrete.md): about 30 minutes and 5 GB on a 2-core machine
# (docs/results.md). Run scripts/setup.sh first.
set -euo pipefail
cd "$(dirname "$0")/.."
SMEM=$(./build/kernels/mk_run smem)
echo "== build/mk_schedule --kv 512 --smem $SMEM --out build/mk512" >&2
./build/mk_schedule --kv 512 --smem "$SMEM" --out build/mk512
echo "== syncproof check --spec build/mk512/contract.yaml kernels/megakernel.cu (about 30 minutes)" >&2
SYNCPROOF_CONCRETE_WORK=1000000000000 SYNCPROOF_PHASES=1 \
  ./build/syncproof check --budget 0 --spec build/mk512/contract.yaml kernels/megakernel.cu
