#!/usr/bin/env bash
# Installs every build and test dependency of syncproof from Debian packages.
# Idempotent: when everything is present it only checks and returns.
set -euo pipefail

PKGS=(clang-22 libclang-22-dev llvm-22-dev libz3-dev libfmt-dev libgtest-dev cmake ninja-build g++)
PKGS+=(neovim)  # the language-server test drives Neovim's LSP client (tests/lsp_test.cpp)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all dependencies present"
else
  echo "install-deps: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ ! -d /usr/local/cuda/include ]; then
  echo "install-deps: warning: CUDA toolkit headers not found at /usr/local/cuda/include;" \
       "set SYNCPROOF_CUDA_PATH or pass --cuda-path" >&2
fi
