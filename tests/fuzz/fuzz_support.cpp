#include "fuzz_support.h"

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace syncproof::fuzz {

std::string inputFile(const uint8_t *data, size_t size, const char *suffix) {
  const char *dir = std::getenv("TMPDIR");
  std::string path = std::string(dir && *dir ? dir : "/tmp") + "/syncproof-fuzz-" + std::to_string(getpid()) + suffix;
  if (FILE *f = std::fopen(path.c_str(), "wb")) {
    if (size) std::fwrite(data, 1, size, f);
    std::fclose(f);
  }
  return path;
}

}  // namespace syncproof::fuzz
