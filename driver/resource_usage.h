// Per-kernel resources (registers per thread, static shared memory per
// block) from an nvcc build, for co-residency (docs/spec-format.md,
// "Resource usage"). Two text formats are read, also mixed in one file
// (a build log):
//
//   cuobjdump --dump-resource-usage X.cubin   (or an object / executable)
//     Resource usage:
//      Function _Z9normalisePfS_Pj:
//       REG:31 STACK:0 SHARED:0 LOCAL:0 CONSTANT[0]:552 TEXTURE:0 SURFACE:0 SAMPLER:0
//
//   nvcc -Xptxas -v / nvcc --resource-usage (ptxas)
//     ptxas info    : Compiling entry function '_Z9normalisePfS_Pj' for 'sm_90a'
//     ptxas info    : Used 32 registers, used 1 barriers, 49152 bytes smem
//
// Names are mangled (_Z...), plain (extern "C") or demangled
// ("normalise(float*, float*, unsigned int*)"). LLVM Support and Demangle only.
#pragma once

#include "model/ir.h"

#include <cstdint>
#include <string>
#include <vector>

namespace syncproof::driver {

struct ResourceEntry {
  std::string name;  // as in the file
  std::string arch;  // sm_90a, when the file says
  uint64_t registers = 0;
  uint64_t sharedBytes = 0;  // static shared memory per block
  unsigned line = 0;
};

struct ResourceTable {
  std::string source;  // the file, or "nvcc --resource-usage" (auto)
  std::vector<ResourceEntry> entries;
};

// Parses the text; `path` names it in messages. False with `error` on a
// malformed text (an entry without its resource line, a count that is not a
// number) or one with no entry at all.
bool parseResourceUsage(const std::string &text, const std::string &path, ResourceTable &table, std::string &error);

// Reads and parses a file.
bool loadResourceUsage(const std::string &path, ResourceTable &table, std::string &error);

// Runs `nvcc -arch=sm_90a -cubin --resource-usage` on each file (with the -I,
// -D, -U and -std= arguments of `extraArgs`) and parses its output.
// `cudaPath` empty: $SYNCPROOF_CUDA_PATH or /usr/local/cuda. `nvccOut`
// receives the nvcc path.
bool runNvccResourceUsage(const std::vector<std::string> &files, const std::string &cudaPath,
                          const std::vector<std::string> &extraArgs, ResourceTable &table, std::string &nvccOut,
                          std::string &error);

// The nvcc `auto` runs: <cudaPath>/bin/nvcc.
std::string nvccPath(const std::string &cudaPath);

// The entries of a kernel: those whose name is the kernel's plain or
// qualified name (with template arguments), else whose demangled qualified
// name is its display name, else whose demangled base name is its plain name
// (overloads, other instantiations: the largest values then count). Empty
// if the table does not mention the kernel.
std::vector<const ResourceEntry *> findKernelResources(const ResourceTable &table, const model::Kernel &kernel);

}  // namespace syncproof::driver
