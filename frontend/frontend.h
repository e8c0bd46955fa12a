// syncproof frontend: CUDA source -> model::Module, through Clang libTooling.
// This header is Clang-free; frontend.cpp is the only file that includes Clang.
#pragma once

#include "model/ir.h"

#include <map>
#include <memory>
#include <optional>
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
  // Unsaved editor buffers: path (absolute, or relative to the working
  // directory) -> contents that replace the file on disk. A file that exists
  // only here may be parsed.
  std::map<std::string, std::string> overlays;
  // Contents of global memory the launch contract gives (`memory:` in a
  // spec): a pointer parameter's name ("prog", or "p.instrs" for a field of
  // a struct parameter) -> the bytes it points to, which the kernel only
  // reads. Its loads become table lookups, like a __constant__ initializer's.
  struct Contents {
    std::shared_ptr<const std::vector<uint8_t>> bytes;
    std::string source;  // where they came from ("prog.words"), for the verdict's assumptions
  };
  std::map<std::string, Contents> memory;
};

// An error or warning of Clang itself (a parse error in the input), with
// its location; collected by ParseSession (parse() prints them to stderr).
struct ClangDiag {
  model::SourceLoc loc;
  bool error = true;
  std::string message;
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
  std::vector<ClangDiag> diags;        // Clang errors (ParseSession only)
  bool reusedPreamble = false;         // ParseSession: the cached headers were reused
  // Kernels the front end crashed on (recovered; the other kernels are
  // extracted): "in the front end at FILE:LINE (kernel 'k')".
  std::vector<std::string> internalErrors;
};

// Parses every file and extracts every kernel (or those named). Clang's own
// diagnostics go to stderr in Clang's format.
Result parse(const Options &opts);

// The default Clang arguments for device-only CUDA parsing.
std::vector<std::string> defaultCudaArgs(const Options &opts);

// The Clang command line parse() uses for `file` (compile_commands.json of
// opts.compileCommandsDir if it names the file, else the defaults; nvcc
// flags adjusted; --extra-arg appended). args[0] is the compiler, the file
// is among the arguments. False with `error` if the database is unreadable.
bool compileCommand(const Options &opts, const std::string &file, std::vector<std::string> &args,
                    std::string &error);

// Parses one main file again and again (an editor buffer), keeping its
// parsed headers between parses: a Clang precompiled preamble of the
// #include prefix of the file and the CUDA headers, rebuilt only when that
// prefix, the command line or a header changes (frontend/preamble.cpp).
// Not thread-safe: one parse at a time per session.
class ParseSession {
public:
  ParseSession();
  ~ParseSession();
  ParseSession(const ParseSession &) = delete;
  ParseSession &operator=(const ParseSession &) = delete;
  // opts.files must name exactly one file; opts.overlays may hold its
  // unsaved contents. Clang's diagnostics go to Result::diags, not stderr.
  Result parse(const Options &opts);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

// A directory of CUDA toolkit headers as Clang must see them to accept what
// nvcc accepts (docs/nvcc-compat.md), searched before the toolkit's own
// (defaultCudaArgs); "" when no bridge applies to this toolkit.
std::string nvccCompatIncludeDir(const std::string &cudaPath);

// nvcc accepts a braced list as an argument of a launch configuration
// (`k<<<grid, {256, 1, 1}>>>`), Clang's parser does not: the text with
// `dim3` before each such list (what the list initialises), or nullopt when
// the text has none. Only the launch's own line shifts, after the list.
std::optional<std::string> bridgeBracedLaunchArgs(const std::string &text);

// A one-edit synchronization mutant of a file (`syncproof mutate`,
// docs/mutate.md): its class ("release-weaken", "barrier-remove", ...), a
// stable id (class@line:column), what changed, and the mutated file text.
struct Mutation {
  std::string id, cls, description;
  model::SourceLoc loc;
  std::string text;
};
struct MutateResult {
  bool ok = false;
  std::string error;
  std::vector<Mutation> mutations;
};
// Every mutant of opts.files[0] (exactly one file), in source order of the
// visit (frontend/mutate.cpp).
MutateResult mutations(const Options &opts);

}  // namespace syncproof::frontend
