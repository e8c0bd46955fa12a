// Proof certificates and the gate (docs/certificates.md).
//
//   syncproof check --certificate OUT.json ...   writes a certificate that binds
//       the verdict to the SHA-256 of every input the proof read (sources,
//       headers, spec, compile database, the syncproof executable), the
//       options, the Clang arguments, the launch contract and the versions.
//   syncproof gate CERT.json -- COMMAND ARGS...  re-validates the certificate
//       (hashes and versions; re-checks only what changed) and runs COMMAND
//       only if the proof still stands.
//
// LLVM Support only (llvm::json, llvm::sys, SHA256); no Clang, no Z3.
#pragma once

#include "driver/pipeline.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace syncproof::driver {

// The options of `syncproof check` that can affect the result, as given on
// the command line (output options such as --format, --certificate and
// --trace-html are not recorded). toArgv() reproduces the run.
struct CheckArgs {
  std::vector<std::string> files;
  std::string compileCommandsDir;
  std::vector<std::string> extraArgs;
  std::vector<std::string> kernels;
  std::string cudaPath;
  std::string grid, block, dynamicSmem;
  bool cooperative = false;
  std::string specFile;
  std::vector<std::string> params;
  // --memory flags as given, and every memory file the check read (flags
  // and spec), bound as inputs.
  std::vector<std::string> memory;
  std::vector<std::string> distinct;       // --distinct-elements names
  std::vector<std::string> elementRanges;  // --element-range values
  std::vector<std::string> memoryFiles;
  // Co-residency flags as given (--device=..., --blocks-per-sm=..., ...) and
  // the device table they read (bound as an input when a device is named).
  std::vector<std::string> residency;
  std::string deviceTable;
  // The resource-usage file (--resource-usage or the spec's resource_usage)
  // when a device is named: bound like the device table. For `auto`, the
  // nvcc and ptxas that produced it are bound instead (resourceTools).
  std::string resourceUsage;
  std::vector<std::string> resourceTools;
  unsigned timeoutMs = 120000;
  unsigned rlimit = 25000000;

  // Arguments after the program name: {"check", ..., files...}.
  std::vector<std::string> toArgv() const;
};

// Writes the certificate of a finished check. `parsed` is the frontend
// result of that check (runCheck's parsedOut); `selfPath` the syncproof
// executable. Returns false with a one-line `error` when it cannot be written.
bool writeCertificate(const std::string &path, const CheckArgs &args, const CheckRequest &req,
                      const Report &report, const frontend::Result &parsed, const std::string &selfPath,
                      std::string &error);

struct GateOptions {
  std::string certificate;
  std::vector<std::string> command;  // empty: validate only
  std::string selfPath;              // the syncproof executable (for re-checks)
  bool verbose = false;              // list every input and the re-check's output
  bool noRecheck = false;            // refuse on any change instead of re-checking
};

// Exit codes of `syncproof gate` (docs/certificates.md).
enum GateExit {
  GateRefused = 1,         // the proof no longer stands (or was never proved)
  GateBadCertificate = 2,  // missing, unreadable or malformed certificate; usage error
  GateCommandFailed = 125,  // COMMAND could not be started, was killed by a signal or crashed
};

// Validates the certificate; on success runs the command and returns its exit
// code (0 when there is no command). Messages go to stderr, prefixed
// "syncproof gate: ".
int runGate(const GateOptions &opts);

// Lowercase hex SHA-256 of a file's bytes; false if it cannot be read.
bool sha256File(const std::string &path, std::string &hex);

// Reads a certificate's text as `gate` does (JSON, nesting limit, fields):
// false with `error` when it is malformed (the fuzz target's entry).
bool readCertificateText(llvm::StringRef text, std::string &error);

}  // namespace syncproof::driver
