// cuda_check.h — CK(call): a CUDA runtime call whose failure ends the program (exit 1) with the
// error's name, message and source line. Shared by the runner, the per-op baseline and the benches.
#pragma once
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CK(x)                                                                                    \
  do {                                                                                           \
    cudaError_t e_ = (x);                                                                        \
    if (e_ != cudaSuccess) {                                                                     \
      fprintf(stderr, "CUDA error %s at %s:%d (%s): %s\n", cudaGetErrorName(e_), __FILE__,       \
              __LINE__, #x, cudaGetErrorString(e_));                                             \
      exit(1);                                                                                   \
    }                                                                                            \
  } while (0)
