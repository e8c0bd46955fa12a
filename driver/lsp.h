// `syncproof lsp`: the Language Server Protocol adapter over stdio.
// Framing (Content-Length headers), JSON-RPC (llvm::json), URIs, UTF-16
// positions and the conversion of findings to LSP diagnostics. The work
// (documents, debounce, checks) is lsp_core's Workspace. docs/lsp.md.
#pragma once

#include "driver/lsp_core.h"

#include "llvm/Support/JSON.h"

#include <cstdio>
#include <functional>
#include <optional>
#include <string>

namespace syncproof::driver::lsp {

struct AdapterOptions {
  ServerOptions server;
  // Base of codeDescription.href: "<docsUrl>/<kind>.md". Default: a file://
  // URI of docs/diagnostics in the source tree syncproof was built from.
  std::string docsUrl;
};

// Serves one client on `in`/`out` until `exit` or end of input. Returns the
// process exit code: 0 after shutdown + exit, 1 otherwise (LSP rule).
int runServer(const AdapterOptions &opts, std::FILE *in, std::FILE *out);

// Helpers, exposed for tests and other front doors.
std::optional<std::string> uriToPath(const std::string &uri);  // file:// URIs only
std::string pathToUri(const std::string &path);
// UTF-16 code units in the first `bytes` bytes of `line` (UTF-8).
unsigned utf16Length(const std::string &line, size_t bytes);
// The LSP diagnostics for one check result; `textOf` gives the text of a
// file other than the checked one (for positions), or nullopt.
llvm::json::Array toDiagnostics(const CheckResult &r, const std::string &docsUrl,
                                const std::function<std::optional<std::string>(const std::string &)> &textOf);

}  // namespace syncproof::driver::lsp
