// Launch contracts: command-line flags and spec files (YAML, read with LLVM's
// YAML parser). docs/spec-format.md documents the format.
#pragma once

#include "model/finding.h"

#include <optional>
#include <string>
#include <vector>

namespace syncproof::driver {

struct Spec {
  model::LaunchShape launch;
  std::vector<std::string> kernels;  // empty: applies to every kernel
  // Co-residency (resolved into launch.residentBlocks by resolveResidency):
  // the device (a name in specs/devices.yaml) and the kernel's resources.
  std::string device;
  std::optional<uint64_t> blocksPerSm;          // as the user vouches (e.g. from the occupancy API)
  std::optional<uint64_t> registersPerThread;   // from ptxas -v / cuobjdump --dump-resource-usage
  std::optional<uint64_t> sharedBytesPerBlock;  // static + dynamic shared memory
};

// Computes launch.residentBlocks from the device table (`tablePath`, default
// specs/devices.yaml of the source tree) when a device is named: SMs x
// blocks per SM, where blocks per SM is given or follows from the largest
// block of the contract and the resources. Returns false with `error` on an
// unknown device or a malformed table.
bool resolveResidency(Spec &spec, const std::string &tablePath, std::string &error);
std::string defaultDeviceTable();

// Parses "X[,Y[,Z]]" where each item is N or MIN:MAX. Returns false and sets
// `error` on malformed input.
bool parseDims(const std::string &text, uint64_t lo[3], uint64_t hi[3], uint64_t limitHi[3],
               std::string &error);

// Loads a spec file into `spec` (fields absent from the file keep their
// values). Returns false and sets `error` ("file:line:col: message").
bool loadSpec(const std::string &path, Spec &spec, std::string &error);

}  // namespace syncproof::driver
