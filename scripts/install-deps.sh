#!/usr/bin/env bash
# Installs every build and test dependency of syncproof from Debian packages.
# Idempotent: when everything is present it only checks and returns.
set -euo pipefail

PKGS=(clang-22 libclang-22-dev llvm-22-dev libz3-dev libfmt-dev libgtest-dev cmake ninja-build g++
      chromium fonts-dejavu-core)  # chromium: headless rendering test of --trace-html (tests/trace_html_test.cpp)
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

# SARIF validator for the Sarif.* tests: Microsoft's SARIF Multitool from npm
# (a self-contained native binary per platform; runs offline once installed).
if ! command -v sarif-multitool >/dev/null 2>&1; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "install-deps: installing nodejs npm (for the SARIF validator)"
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends nodejs npm
  fi
  echo "install-deps: installing @microsoft/sarif-multitool (npm)"
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && [ ! -w "$(npm config get prefix)" ]; then SUDO="sudo"; fi
  $SUDO npm install -g --no-fund --no-audit @microsoft/sarif-multitool
  # Newer npm versions skip the package's postinstall (chmod u+x of the
  # native binary) unless allowed; make the binary executable for everyone.
  native=$(node -p "require('$(npm root -g)/@microsoft/sarif-multitool')" 2>/dev/null || true)
  if [ -n "$native" ] && [ -f "$native" ]; then $SUDO chmod a+rx "$native"; fi
fi
sarif-multitool --version >/dev/null 2>&1 || echo "install-deps: warning: sarif-multitool does not run" >&2
