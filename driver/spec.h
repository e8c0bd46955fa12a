// Launch contracts: command-line flags and spec files (YAML, read with LLVM's
// YAML parser). docs/spec-format.md documents the format.
#pragma once

#include "model/finding.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace syncproof::driver {

// Contents of global memory the contract gives: what a pointer parameter
// points to, read from a file of integers (readMemoryFile).
struct MemorySpec {
  std::string param;           // "prog", or "p.instrs" (a field of a struct parameter)
  std::string file;            // a spec's relative path is already relative to the spec file
  std::string element = "i32"; // i8 u8 i16 u16 i32 u32 i64 u64: the type of each integer
};

struct Spec {
  model::LaunchShape launch;
  std::vector<MemorySpec> memory;
  std::vector<std::string> kernels;  // empty: applies to every kernel
  // Co-residency (resolved into launch.residentBlocks by resolveResidency):
  // the device (a name in specs/devices.yaml) and the kernel's resources.
  std::string device;
  std::optional<uint64_t> blocksPerSm;          // as the user vouches (e.g. from the occupancy API)
  std::optional<uint64_t> registersPerThread;   // from ptxas -v / cuobjdump --dump-resource-usage
  std::optional<uint64_t> sharedBytesPerBlock;  // static + dynamic shared memory
  // A resource-usage file (`cuobjdump --dump-resource-usage` or ptxas -v
  // output; a spec's relative path is already made relative to the spec
  // file) or "auto" (run nvcc on the checked files): each kernel's registers
  // and static shared memory, per kernel (applyKernelResources). Stated
  // registers/shared bytes win over it.
  std::string resourceUsage;
  // The named device's limits, filled by resolveResidency.
  std::map<std::string, uint64_t> deviceLimits;
};

// Computes launch.residentBlocks from the device table (`tablePath`, default
// specs/devices.yaml of the source tree) when a device is named: SMs x
// blocks per SM, where blocks per SM is given or follows from the largest
// block of the contract and the resources. Returns false with `error` on an
// unknown device or a malformed table.
bool resolveResidency(Spec &spec, const std::string &tablePath, std::string &error);
std::string defaultDeviceTable();

// Sets launch.residentBlocks and launch.device for one kernel from the
// device limits (resolveResidency must have run) and its resources: stated
// values (spec.registersPerThread, spec.sharedBytesPerBlock) win over
// `registers` and `staticShared` (from a resource-usage file, or counted
// from the source's __shared__ declarations; `source` names it for the
// message; no registers: 255, the most a thread can have); the launch's
// dynamic shared memory is added to `staticShared`.
void applyKernelResources(const Spec &spec, std::optional<uint64_t> registers, uint64_t staticShared,
                          const std::string &source, model::LaunchShape &launch);

// An integer of the contract: decimal, or hexadecimal with 0x (never octal:
// `010` is ten, as in YAML 1.2). Unsigned: no sign; signed: an optional '-'.
bool parseUnsigned(llvm::StringRef s, uint64_t &v);
bool parseSigned(llvm::StringRef s, int64_t &v);
// A distinct_elements entry: NAME, or NAME>=MIN (only the elements of at
// least MIN are pairwise distinct). Adds it to `out` (a second entry for one
// name is an error, or with `replace` replaces the first). False with `error`
// when malformed.
bool addDistinct(const std::string &text, std::vector<model::LaunchShape::Distinct> &out, std::string &error,
                 bool replace = false);

// The most registers a thread can have (PTX ISA, sm_90).
constexpr uint64_t kMaxRegistersPerThread = 255;
// Bounds on a device's counts and byte sizes (limits of the device table,
// shared memory of a block): more than any device has, and small enough that
// the occupancy arithmetic cannot overflow.
constexpr uint64_t kMaxDeviceQuantity = (uint64_t)1 << 32;

// Parses "X[,Y[,Z]]" where each item is N or MIN:MAX. Returns false and sets
// `error` on malformed input.
bool parseDims(const std::string &text, uint64_t lo[3], uint64_t hi[3], uint64_t limitHi[3],
               std::string &error);

// Reads a memory file: integers (decimal, or hexadecimal with 0x; a minus
// sign for signed elements) separated by blanks, commas or new lines, `#`
// to the end of a line a comment; each stored little-endian as `element`.
// False with `error` ("file:line: message") on an unreadable file, a word
// that is not an integer, a value that does not fit, an unknown element.
bool readMemoryFile(const std::string &path, const std::string &element, std::vector<uint8_t> &bytes,
                    std::string &error);

// Loads a spec file into `spec` (fields absent from the file keep their
// values). Returns false and sets `error` ("file:line:col: message").
bool loadSpec(const std::string &path, Spec &spec, std::string &error);

}  // namespace syncproof::driver
