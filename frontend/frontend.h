// syncproof frontend: CUDA source -> model::Module, through Clang libTooling.
// This header is Clang-free; frontend.cpp is the only file that includes Clang.
#pragma once

#include "model/ir.h"

#include <string>
#include <utility>
#include <vector>

namespace syncproof::frontend {

struct Options {
  std::vector<std::string> files;
  std::string compileCommandsDir;       // -p DIR (empty: default CUDA args)
  std::vector<std::string> extraArgs;   // --extra-arg
  std::vector<std::string> kernelNames; // --kernel (empty: all kernels)
  std::string cudaPath;                 // default: $SYNCPROOF_CUDA_PATH or /usr/local/cuda
  std::string resourceDir;              // default: Clang 22's resource dir
  std::string cudaArch = "sm_90a";
};

struct Result {
  bool ok = false;              // false: a file could not be parsed (errors printed)
  std::string error;            // a one-line reason when !ok and not a Clang error
  model::Module module;
  std::vector<std::string> filesRead;  // every source and header the parse read
  std::vector<std::string> clangArgs;  // arguments used for the first file
  // One per input file, in order (for certificates, driver/certificate.cpp).
  struct Unit {
    std::string file;                // as named in Options::files
    std::vector<std::string> reads;  // absolute path (".." kept) of every file read, itself included; sorted
    size_t firstKernel = 0, kernelCount = 0;  // its kernels in module.kernels
  };
  std::vector<Unit> units;
  double parseSeconds = 0;
};

// Parses every file and extracts every kernel (or those named). Clang's own
// diagnostics go to stderr in Clang's format.
Result parse(const Options &opts);

// The default Clang arguments for device-only CUDA parsing.
std::vector<std::string> defaultCudaArgs(const Options &opts);

}  // namespace syncproof::frontend
