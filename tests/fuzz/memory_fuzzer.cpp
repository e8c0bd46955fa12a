// libFuzzer target: the reader of --memory files (and a spec's memory:
// entries); the first byte picks the element type. docs/fuzzing.md.
#include "driver/spec.h"
#include "fuzz_support.h"

#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace syncproof;
  static const char *elements[] = {"i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "f32"};
  const char *element = size ? elements[data[0] % 9] : "i32";
  std::vector<uint8_t> bytes;
  std::string error;
  driver::readMemoryFile(fuzz::inputFile(size ? data + 1 : data, size ? size - 1 : 0, ".txt"), element, bytes, error);
  return 0;
}
