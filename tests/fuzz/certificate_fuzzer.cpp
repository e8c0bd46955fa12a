// libFuzzer target: the reader of proof certificates (what `syncproof gate`
// parses before it hashes anything). docs/fuzzing.md.
#include "driver/certificate.h"

#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string error;
  syncproof::driver::readCertificateText(llvm::StringRef(reinterpret_cast<const char *>(data), size), error);
  return 0;
}
