// libFuzzer target: the launch-contract readers (spec files, --grid/--block
// dimensions, the contract's integers). docs/fuzzing.md.
#include "driver/spec.h"
#include "fuzz_support.h"

#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace syncproof;
  std::string text(reinterpret_cast<const char *>(data), size);
  // The spec file (YAML).
  driver::Spec spec;
  std::string error;
  driver::loadSpec(fuzz::inputFile(data, size, ".yaml"), spec, error);
  // The first line as dimensions and as integers.
  std::string line = text.substr(0, text.find('\n'));
  uint64_t lo[3], hi[3], limit[3] = {1024, 1024, 64};
  driver::parseDims(line, lo, hi, limit, error);
  uint64_t u;
  int64_t i;
  driver::parseUnsigned(line, u);
  driver::parseSigned(line, i);
  return 0;
}
