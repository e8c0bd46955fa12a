// libFuzzer target: the language server's framing (Content-Length headers)
// and JSON-RPC handling, with checks off (ServerOptions::checks): the input
// is the client's whole byte stream. docs/fuzzing.md.
#include "driver/lsp.h"

#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace syncproof::driver;
  static std::FILE *sink = std::fopen("/dev/null", "w");
  std::FILE *in = size ? fmemopen(const_cast<uint8_t *>(data), size, "rb") : std::fopen("/dev/null", "rb");
  if (!in) return 0;
  lsp::AdapterOptions opts;
  opts.server.checks = false;
  opts.docsUrl = "https://example.invalid/docs";
  lsp::runServer(opts, in, sink);
  std::fclose(in);
  return 0;
}
