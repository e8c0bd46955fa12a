#include "driver/lsp.h"
#include "driver/json_limits.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

namespace syncproof::driver::lsp {

namespace json = llvm::json;

// JSON-RPC and LSP error codes.
enum ErrorCode {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
};

// ------------------------------------------------------------------ URIs

std::optional<std::string> uriToPath(const std::string &uri) {
  llvm::StringRef u(uri);
  if (!u.consume_front("file://")) return std::nullopt;
  // file://host/path: only the local host.
  if (!u.starts_with("/")) {
    if (!u.consume_front("localhost")) return std::nullopt;
  }
  std::string out;
  for (size_t i = 0; i < u.size(); ++i) {
    if (u[i] == '%' && i + 2 < u.size() && std::isxdigit((unsigned char)u[i + 1]) &&
        std::isxdigit((unsigned char)u[i + 2])) {
      out += (char)std::stoi(u.substr(i + 1, 2).str(), nullptr, 16);
      i += 2;
    } else {
      out += u[i];
    }
  }
  if (out.empty() || out[0] != '/') return std::nullopt;
  return out;
}

std::string pathToUri(const std::string &path) {
  std::string out = "file://";
  static const char *hex = "0123456789ABCDEF";
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      out += (char)c;
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

// ------------------------------------------------------------------ positions

unsigned utf16Length(const std::string &line, size_t bytes) {
  unsigned n = 0;
  bytes = std::min(bytes, line.size());
  for (size_t i = 0; i < bytes;) {
    unsigned char c = line[i];
    size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
    n += len == 4 ? 2 : 1;  // outside the BMP: a surrogate pair
    i += len;
  }
  return n;
}

namespace {

// The lines of a text (LSP line ends: \n, \r\n, \r).
std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> lines(1);
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      lines.emplace_back();
    } else {
      lines.back() += c;
    }
  }
  return lines;
}

// Byte offset in `text` of an LSP position (UTF-16 column), clamped.
size_t offsetOf(const std::string &text, int64_t line, int64_t character) {
  size_t i = 0;
  for (int64_t l = 0; l < line && i < text.size(); ++i) {
    if (text[i] == '\n') ++l;
    else if (text[i] == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      ++l;
    }
  }
  int64_t units = 0;
  while (i < text.size() && units < character && text[i] != '\n' && text[i] != '\r') {
    unsigned char c = text[i];
    size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
    units += len == 4 ? 2 : 1;
    i = std::min(text.size(), i + len);
  }
  return i;
}

json::Object position(int64_t line, int64_t character) {
  return json::Object{{"line", line}, {"character", character}};
}

// The range of a syncproof location (1-based line, 1-based byte column): the
// identifier (or the character) that starts there.
json::Object rangeOf(const model::SourceLoc &loc, const std::vector<std::string> *lines) {
  if (!loc.valid()) return json::Object{{"start", position(0, 0)}, {"end", position(0, 0)}};
  int64_t line = loc.line - 1;
  size_t col = loc.column ? loc.column - 1 : 0;
  if (!lines || line >= (int64_t)lines->size())
    return json::Object{{"start", position(line, col)}, {"end", position(line, col + 1)}};
  const std::string &text = (*lines)[line];
  size_t end = col;
  auto ident = [](char c) { return std::isalnum((unsigned char)c) || c == '_'; };
  while (end < text.size() && ident(text[end])) ++end;
  if (end == col && end < text.size()) {
    ++end;
    while (end < text.size() && ((unsigned char)text[end] & 0xC0) == 0x80) ++end;  // the whole code point
  }
  return json::Object{{"start", position(line, utf16Length(text, col))},
                      {"end", position(line, utf16Length(text, end))}};
}

std::string normalize(const std::string &f) {
  llvm::SmallString<256> p(f);
  llvm::sys::fs::make_absolute(p);
  llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
  return std::string(p);
}

}  // namespace

json::Array toDiagnostics(const CheckResult &r, const std::string &docsUrl,
                          const std::function<std::optional<std::string>(const std::string &)> &textOf) {
  std::map<std::string, std::vector<std::string>> linesCache;
  linesCache[r.path] = splitLines(r.text);
  auto linesOf = [&](const std::string &file) -> const std::vector<std::string> * {
    std::string p = normalize(file);
    auto it = linesCache.find(p);
    if (it != linesCache.end()) return &it->second;
    std::optional<std::string> t = textOf ? textOf(p) : std::nullopt;
    if (!t) return nullptr;
    return &(linesCache[p] = splitLines(*t));
  };
  auto inDoc = [&](const model::SourceLoc &l) { return l.valid() && normalize(l.file) == r.path; };
  auto location = [&](const model::SourceLoc &l) {
    return json::Object{{"uri", pathToUri(normalize(l.file))}, {"range", rangeOf(l, linesOf(l.file))}};
  };
  const std::vector<std::string> *docLines = &linesCache[r.path];

  json::Array out;
  auto plain = [&](const model::SourceLoc &l, const std::string &code, const std::string &message) {
    out.push_back(json::Object{{"range", rangeOf(inDoc(l) ? l : model::SourceLoc{}, docLines)},
                               {"severity", 1},
                               {"source", "syncproof"},
                               {"code", code},
                               {"message", message}});
  };
  for (const auto &d : r.clangDiags) {
    std::string msg = d.message;
    if (d.loc.valid() && !inDoc(d.loc))
      msg = "in " + d.loc.file + ":" + std::to_string(d.loc.line) + ": " + msg;
    plain(d.loc, "parse-error", msg);
  }
  if (!r.ok && r.clangDiags.empty() && !r.error.empty()) plain({}, "input-error", r.error);
  // Where each kernel's contract came from (none: every launch shape).
  for (const auto &[loc, note] : r.contractNotes)
    out.push_back(json::Object{{"range", rangeOf(inDoc(loc) ? loc : model::SourceLoc{}, docLines)},
                               {"severity", 3},
                               {"source", "syncproof"},
                               {"code", "contract"},
                               {"message", note}});

  for (const auto &k : r.kernels) {
    bool unknownShown = false;
    for (const auto &f : k.findings) {
      bool unknown = f.kind == model::FindingKind::Unknown;
      unknownShown |= unknown;
      std::string kind = model::findingKindName(f.kind);
      std::string message = f.message;
      if (!f.values.empty()) {
        std::string v;
        for (const auto &[name, value] : f.values) v += (v.empty() ? "" : ", ") + name + " = " + value;
        message += "\ncounterexample: " + v;
      }
      json::Array related;
      // A finding outside this document (an inlined header function): shown
      // at the kernel, with the real place first among the related ones.
      model::SourceLoc at = f.loc;
      if (!inDoc(f.loc)) {
        if (f.loc.valid()) related.push_back(json::Object{{"location", location(f.loc)}, {"message", f.message}});
        at = inDoc(k.loc) ? k.loc : model::SourceLoc{};
        message = "in kernel '" + k.kernel + "': " + message;
      }
      for (const auto &rel : f.related)
        if (rel.loc.valid()) related.push_back(json::Object{{"location", location(rel.loc)}, {"message", rel.message}});
      int step = 1;
      for (const auto &t : f.trace) {
        if (t.loc.valid())
          related.push_back(json::Object{{"location", location(t.loc)},
                                         {"message", "step " + std::to_string(step) + ": " + t.action}});
        ++step;
      }
      json::Object d{{"range", rangeOf(at, docLines)},
                     {"severity", unknown ? 2 : 1},
                     {"source", "syncproof"},
                     {"code", kind},
                     {"message", message}};
      if (!docsUrl.empty()) d["codeDescription"] = json::Object{{"href", docsUrl + "/" + kind + ".md"}};
      if (!related.empty()) d["relatedInformation"] = std::move(related);
      out.push_back(std::move(d));
    }
    if (k.verdict == model::Verdict::Unknown && !unknownShown) {
      json::Object d{{"range", rangeOf(inDoc(k.loc) ? k.loc : model::SourceLoc{}, docLines)},
                     {"severity", 2},
                     {"source", "syncproof"},
                     {"code", "unknown"},
                     {"message", "kernel '" + k.kernel + "' was not proved (unknown)"}};
      if (!docsUrl.empty()) d["codeDescription"] = json::Object{{"href", docsUrl + "/unknown.md"}};
      out.push_back(std::move(d));
    }
  }
  return out;
}

// ------------------------------------------------------------------ server

namespace {

class Server {
public:
  Server(const AdapterOptions &opts, std::FILE *in, std::FILE *out) : opts(opts), in(in), out(out) {}

  int run() {
    while (true) {
      std::string body;
      int r = readMessage(body);
      if (r == 0) break;  // end of input
      if (r < 0) continue;  // a framing error, already answered
      handle(body);
      if (exitCode) break;
    }
    int code = exitCode ? *exitCode : 1;
    // A check in progress may take a while (the solver is not interrupted):
    // do not make the editor wait for it.
    if (workspace && !workspace->waitIdle(std::chrono::milliseconds(0))) {
      std::fflush(out);
      std::fflush(stderr);
      std::_Exit(code);
    }
    workspace.reset();  // stops the worker
    return code;
  }

private:
  // ---- framing

  // After a header without a usable Content-Length the body's end is not
  // known: skip to the next "Content-Length:" (the next message's header;
  // a body that contains those words cuts the skip short), which the next
  // readMessage starts from. False at the end of input.
  bool resync() {
    static const std::string key = "content-length:";
    std::string tail;
    int c;
    while ((c = std::fgetc(in)) != EOF) {
      tail += (char)std::tolower(c);
      if (tail.size() > key.size()) tail.erase(0, 1);
      if (tail == key) {
        pendingHeader = "Content-Length:";
        return true;
      }
    }
    return false;
  }
  std::string pendingHeader;  // the start of the next header line (resync)

  // 1: a message in `body`; 0: end of input; -1: a bad message (answered).
  int readMessage(std::string &body) {
    std::optional<size_t> length;
    bool any = false, badLength = false;
    std::string badValue;
    while (true) {
      std::string line = std::move(pendingHeader);
      pendingHeader.clear();
      int c;
      while ((c = std::fgetc(in)) != EOF && c != '\n') line += (char)c;
      if (c == EOF && line.empty()) return 0;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty()) {
        if (!any) continue;  // stray blank lines between messages
        break;
      }
      any = true;
      llvm::StringRef l(line);
      size_t colon = l.find(':');
      if (colon == llvm::StringRef::npos) continue;
      llvm::StringRef name = l.substr(0, colon).trim(), value = l.substr(colon + 1).trim();
      if (name.equals_insensitive("Content-Length")) {
        unsigned long long n;
        if (value.getAsInteger(10, n)) {
          badLength = true;  // (the rest of the header is read first)
          badValue = value.str();
        } else {
          length = n;
        }
      }
      if (c == EOF) return 0;
    }
    if (badLength || !length) {
      std::string why = badLength ? "bad Content-Length header '" + badValue + "'" : "message without a Content-Length header";
      log(why);
      sendError(json::Value(nullptr), ParseError, why);
      resync();  // (skips the body, whose length is not known)
      return -1;
    }
    const size_t maxLength = 256u << 20;
    if (*length > maxLength) {
      // Skip it (the framing stays in step), answer with an error.
      for (size_t left = *length; left > 0; --left)
        if (std::fgetc(in) == EOF) return 0;
      sendError(json::Value(nullptr), InvalidRequest, "message of " + std::to_string(*length) + " bytes is too large");
      return -1;
    }
    body.resize(*length);
    size_t got = *length ? std::fread(&body[0], 1, *length, in) : 0;
    if (got < *length) return 0;  // truncated at end of input
    return 1;
  }

  void send(json::Value msg) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << msg;
    os.flush();
    std::lock_guard<std::mutex> l(outMu);
    std::fprintf(out, "Content-Length: %zu\r\n\r\n", text.size());
    std::fwrite(text.data(), 1, text.size(), out);
    std::fflush(out);
  }
  void reply(const json::Value &id, json::Value result) {
    send(json::Object{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
  }
  void sendError(const json::Value &id, int code, const std::string &message) {
    send(json::Object{{"jsonrpc", "2.0"}, {"id", id}, {"error", json::Object{{"code", code}, {"message", message}}}});
  }
  void notify(const std::string &method, json::Value params) {
    send(json::Object{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }
  void log(const std::string &s) { llvm::errs() << "syncproof lsp: " << s << "\n"; }

  // ---- dispatch

  void handle(const std::string &body) {
    if (jsonNestingDepth(body) > kMaxJsonNesting) {
      log("invalid JSON: nested too deeply");
      sendError(json::Value(nullptr), ParseError, "invalid JSON: nested more than " + std::to_string(kMaxJsonNesting) + " levels deep");
      return;
    }
    llvm::Expected<json::Value> parsed = json::parse(body);
    if (!parsed) {
      std::string why = llvm::toString(parsed.takeError());
      log("invalid JSON: " + why);
      sendError(json::Value(nullptr), ParseError, "invalid JSON: " + why);
      return;
    }
    json::Object *msg = parsed->getAsObject();
    if (!msg) {
      sendError(json::Value(nullptr), InvalidRequest, "a JSON-RPC message is an object");
      return;
    }
    const json::Value *idp = msg->get("id");
    std::optional<json::Value> id;
    if (idp) {
      if (idp->kind() != json::Value::Number && idp->kind() != json::Value::String && idp->kind() != json::Value::Null) {
        sendError(json::Value(nullptr), InvalidRequest, "the id of a request is a number or a string");
        return;
      }
      id = *idp;
    }
    std::optional<llvm::StringRef> method = msg->getString("method");
    if (!method) {
      if (id && (msg->get("result") || msg->get("error"))) return;  // a response to us: we send no requests
      sendError(id ? *id : json::Value(nullptr), InvalidRequest, "a request needs a method");
      return;
    }
    const json::Value *paramsV = msg->get("params");
    static const json::Object empty;
    const json::Object *params = paramsV ? paramsV->getAsObject() : &empty;
    if (paramsV && !params && paramsV->kind() != json::Value::Null) {
      if (id) sendError(*id, InvalidParams, "params of '" + method->str() + "' must be an object");
      return;
    }
    if (!params) params = &empty;
    try {
      if (id) request(*method, *id, *params);
      else notification(*method, *params);
    } catch (const std::exception &e) {
      log(std::string("internal error: ") + e.what());
      if (id) sendError(*id, InternalError, e.what());
    }
  }

  void request(llvm::StringRef method, const json::Value &id, const json::Object &params) {
    if (method == "initialize") {
      if (initialized) return sendError(id, InvalidRequest, "initialize was already received");
      initialized = true;
      workspace = std::make_unique<Workspace>(opts.server, [this](const CheckResult &r) { publish(r); });
      json::Object sync{{"openClose", true},
                        {"change", 1},  // full text on every change
                        {"save", json::Object{{"includeText", true}}}};
      reply(id, json::Object{{"capabilities", json::Object{{"textDocumentSync", std::move(sync)},
                                                           {"positionEncoding", "utf-16"}}},
                             {"serverInfo", json::Object{{"name", "syncproof"}, {"version", SYNCPROOF_VERSION}}}});
      return;
    }
    if (!initialized) return sendError(id, ServerNotInitialized, "the server is not initialized");
    if (shutdown) return sendError(id, InvalidRequest, "the server is shutting down");
    if (method == "shutdown") {
      shutdown = true;
      reply(id, nullptr);
      return;
    }
    sendError(id, MethodNotFound, "method '" + method.str() + "' is not supported");
  }

  void notification(llvm::StringRef method, const json::Object &params) {
    if (method == "exit") {
      exitCode = shutdown ? 0 : 1;
      return;
    }
    if (!initialized || shutdown) return;  // dropped (the protocol says so)
    if (method == "initialized" || method.starts_with("$/")) return;
    const json::Object *doc = params.getObject("textDocument");
    std::optional<llvm::StringRef> uri = doc ? doc->getString("uri") : std::nullopt;
    bool known = method == "textDocument/didOpen" || method == "textDocument/didChange" ||
                 method == "textDocument/didSave" || method == "textDocument/didClose";
    if (!known) return;  // other notifications: ignored
    if (!uri) return log("'" + method.str() + "' without textDocument.uri: ignored");
    std::optional<std::string> path = uriToPath(uri->str());
    if (!path) return log("'" + uri->str() + "' is not a file:// URI: ignored");
    std::string p = normalize(*path);

    if (method == "textDocument/didOpen") {
      std::optional<llvm::StringRef> text = doc->getString("text");
      if (!text) return log("didOpen without text: ignored");
      {
        std::lock_guard<std::mutex> l(uriMu);
        uris[p] = uri->str();
      }
      workspace->open(p, text->str(), doc->getInteger("version").value_or(0));
    } else if (method == "textDocument/didChange") {
      const json::Array *changes = params.getArray("contentChanges");
      std::optional<std::string> text = workspace->text(p);
      if (!changes || !text) return log("didChange for a document that is not open, or without contentChanges");
      for (const json::Value &cv : *changes) {
        const json::Object *c = cv.getAsObject();
        std::optional<llvm::StringRef> t = c ? c->getString("text") : std::nullopt;
        if (!t) return log("didChange with a change without text: ignored");
        const json::Object *range = c->getObject("range");
        if (!range) {
          *text = t->str();
          continue;
        }
        // A ranged change (clients may send them although we ask for full text).
        const json::Object *s = range->getObject("start"), *e = range->getObject("end");
        if (!s || !e) return log("didChange with a malformed range: ignored");
        size_t a = offsetOf(*text, s->getInteger("line").value_or(0), s->getInteger("character").value_or(0));
        size_t b = offsetOf(*text, e->getInteger("line").value_or(0), e->getInteger("character").value_or(0));
        if (b < a) std::swap(a, b);
        text->replace(a, b - a, t->str());
      }
      workspace->change(p, std::move(*text), doc->getInteger("version").value_or(0));
    } else if (method == "textDocument/didSave") {
      std::optional<llvm::StringRef> text = params.getString("text");
      workspace->save(p, text ? std::optional<std::string>(text->str()) : std::nullopt);
    } else if (method == "textDocument/didClose") {
      workspace->close(p);
      std::lock_guard<std::mutex> l(uriMu);
      uris.erase(p);
    }
  }

  // On the worker thread.
  void publish(const CheckResult &r) {
    std::string uri;
    {
      std::lock_guard<std::mutex> l(uriMu);
      auto it = uris.find(r.path);
      uri = it != uris.end() ? it->second : pathToUri(r.path);
    }
    // Other files (headers) as saved on disk. (Called under the workspace's
    // lock: do not call back into it.)
    auto textOf = [](const std::string &p) -> std::optional<std::string> {
      auto mb = llvm::MemoryBuffer::getFile(p);
      if (!mb) return std::nullopt;
      return (*mb)->getBuffer().str();
    };
    json::Object params{{"uri", uri}, {"diagnostics", toDiagnostics(r, opts.docsUrl, textOf)}};
    if (!r.text.empty() || r.version) params["version"] = r.version;
    notify("textDocument/publishDiagnostics", std::move(params));
    if (!r.ok && !r.error.empty()) log(r.path + ": " + r.error);
    else if (r.totalSeconds > 0)
      log(r.path + " v" + std::to_string(r.version) + ": checked in " + std::to_string(r.totalSeconds) + " s (parse " +
          std::to_string(r.parseSeconds) + " s, headers " + (r.reusedPreamble ? "reused" : "parsed") + ", " +
          std::to_string(r.kernelsReused) + " of " + std::to_string(r.kernels.size()) + " kernels reused)");
  }

  const AdapterOptions &opts;
  std::FILE *in, *out;
  std::mutex outMu, uriMu;
  std::map<std::string, std::string> uris;  // path -> the client's URI
  std::unique_ptr<Workspace> workspace;
  bool initialized = false, shutdown = false;
  std::optional<int> exitCode;
};

}  // namespace

int runServer(const AdapterOptions &optsIn, std::FILE *in, std::FILE *out) {
  AdapterOptions opts = optsIn;
#ifdef SYNCPROOF_DOCS_DIR
  if (opts.docsUrl.empty()) opts.docsUrl = pathToUri(SYNCPROOF_DOCS_DIR);
#endif
  Server s(opts, in, out);
  return s.run();
}

}  // namespace syncproof::driver::lsp
