// Shared by the fuzz targets (docs/fuzzing.md): the input as a file, for the
// readers that take a path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace syncproof::fuzz {

// Writes `data` to a file private to this process (the same path every
// call) and returns its path.
std::string inputFile(const uint8_t *data, size_t size, const char *suffix);

}  // namespace syncproof::fuzz
