// Tests of `syncproof lsp` (docs/lsp.md): the real binary driven through
// pipes (framing, lifecycle, diagnostics, malformed input, stale checks,
// crash recovery, configuration discovery), and end to end with Neovim's
// LSP client (tests/lsp/nvim_e2e.lua). Every wait has a wall-clock limit.
#include "support.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace syncproof::test;
namespace json = llvm::json;

namespace {

// A language-server process on pipes.
class Server {
public:
  explicit Server(const std::vector<std::string> &extra = {}) {
    int in[2], out[2];
    if (pipe(in) || pipe(out)) return;
    llvm::SmallString<128> errPath;
    llvm::sys::fs::createTemporaryFile("syncproof-lsp-err", "txt", errPath);
    stderrPath = std::string(errPath);
    pid = fork();
    if (pid == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      int err = ::open(stderrPath.c_str(), O_WRONLY | O_TRUNC);
      if (err >= 0) dup2(err, 2);
      close(in[1]);
      close(out[0]);
      std::vector<std::string> args = {SYNCPROOF_BINARY, "lsp"};
      args.insert(args.end(), extra.begin(), extra.end());
      std::vector<char *> argv;
      for (auto &a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(SYNCPROOF_BINARY, argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    toServer = in[1];
    fromServer = out[0];
  }
  ~Server() {
    if (pid > 0 && !exited) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
    }
    if (toServer >= 0) close(toServer);
    if (fromServer >= 0) close(fromServer);
    llvm::sys::fs::remove(stderrPath);
  }

  void sendRaw(const std::string &bytes) {
    size_t done = 0;
    while (done < bytes.size()) {
      ssize_t n = write(toServer, bytes.data() + done, bytes.size() - done);
      if (n <= 0) return;
      done += n;
    }
  }
  void send(const json::Value &msg) {
    std::string body;
    llvm::raw_string_ostream os(body);
    os << msg;
    os.flush();
    sendRaw("Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  }
  void request(int id, const std::string &method, json::Value params = json::Object{}) {
    send(json::Object{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
  }
  void notify(const std::string &method, json::Value params = json::Object{}) {
    send(json::Object{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }

  // The next message, or nullopt after `seconds`.
  std::optional<json::Value> next(double seconds = 60) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds((int)(seconds * 1000));
    while (true) {
      // A complete message in the buffer?
      size_t headerEnd = buf.find("\r\n\r\n");
      if (headerEnd != std::string::npos) {
        size_t cl = buf.find("Content-Length: ");
        if (cl != std::string::npos && cl < headerEnd) {
          size_t len = std::stoul(buf.substr(cl + 16, headerEnd - cl - 16));
          if (buf.size() >= headerEnd + 4 + len) {
            std::string body = buf.substr(headerEnd + 4, len);
            buf.erase(0, headerEnd + 4 + len);
            auto v = json::parse(body);
            if (!v) {
              llvm::consumeError(v.takeError());
              ADD_FAILURE() << "server sent invalid JSON: " << body;
              return std::nullopt;
            }
            return std::move(*v);
          }
        }
      }
      int left = (int)std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) return std::nullopt;
      pollfd p{fromServer, POLLIN, 0};
      if (poll(&p, 1, left) <= 0) continue;
      char chunk[65536];
      ssize_t n = read(fromServer, chunk, sizeof chunk);
      if (n <= 0) return std::nullopt;  // closed
      buf.append(chunk, n);
    }
  }
  // The next message with this method (notifications) or id (responses).
  std::optional<json::Value> waitFor(const std::function<bool(const json::Object &)> &want, double seconds = 60) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds((int)(seconds * 1000));
    while (true) {
      double left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) return std::nullopt;
      auto m = next(left);
      if (!m) return std::nullopt;
      seen.push_back(*m);
      if (auto *o = m->getAsObject(); o && want(*o)) return m;
    }
  }
  std::optional<json::Value> response(int id, double seconds = 30) {
    return waitFor([id](const json::Object &o) { return o.getInteger("id") == id && !o.get("method"); }, seconds);
  }
  std::optional<json::Value> errorWithNullId(double seconds = 30) {
    return waitFor([](const json::Object &o) { return o.get("id") && o.get("id")->getAsNull() && o.get("error"); },
                   seconds);
  }
  // publishDiagnostics for `uri` (and `version`, if >= 0).
  std::optional<json::Value> diagnostics(const std::string &uri, int64_t version = -1, double seconds = 90) {
    return waitFor(
        [&](const json::Object &o) {
          if (o.getString("method") != "textDocument/publishDiagnostics") return false;
          const json::Object *p = o.getObject("params");
          return p && p->getString("uri") == uri && (version < 0 || p->getInteger("version") == version);
        },
        seconds);
  }

  // Waits for the process to end; its exit code, or -1 after `seconds`.
  int wait(double seconds = 30) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds((int)(seconds * 1000));
    while (std::chrono::steady_clock::now() < deadline) {
      int status;
      pid_t r = waitpid(pid, &status, WNOHANG);
      if (r == pid) {
        exited = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      usleep(20000);
    }
    return -1;
  }
  std::string stderrText() const { return readFile(stderrPath); }

  void initialize() {
    request(1, "initialize", json::Object{{"processId", nullptr}, {"rootUri", nullptr}, {"capabilities", json::Object{}}});
    auto r = response(1);
    ASSERT_TRUE(r) << "no initialize response";
    notify("initialized");
  }
  void open(const std::string &uri, const std::string &text, int version = 1) {
    notify("textDocument/didOpen",
           json::Object{{"textDocument",
                         json::Object{{"uri", uri}, {"languageId", "cuda"}, {"version", version}, {"text", text}}}});
  }
  void change(const std::string &uri, const std::string &text, int version) {
    notify("textDocument/didChange",
           json::Object{{"textDocument", json::Object{{"uri", uri}, {"version", version}}},
                        {"contentChanges", json::Array{json::Object{{"text", text}}}}});
  }
  int shutdownAndExit() {
    request(99, "shutdown");
    auto r = response(99);
    EXPECT_TRUE(r) << "no shutdown response";
    notify("exit");
    return wait();
  }

  pid_t pid = -1;
  bool exited = false;
  int toServer = -1, fromServer = -1;
  std::string buf, stderrPath;
  std::vector<json::Value> seen;
};

// A fresh directory with the transpose example (missing barrier) and the
// contract it is meant for in .syncproof.yaml.
struct Project {
  Project() {
    llvm::SmallString<128> d;
    llvm::sys::fs::createUniqueDirectory("syncproof-lsp", d);
    dir = std::string(d);
    source = readFile(sourceDir() + "/examples/intra-block/transpose_missing_sync.cu");
    write("transpose_missing_sync.cu", source);
    write(".syncproof.yaml", readFile(sourceDir() + "/specs/transpose.yaml"));
    path = dir + "/transpose_missing_sync.cu";
    uri = "file://" + path;
  }
  ~Project() { llvm::sys::fs::remove_directories(dir); }
  void write(const std::string &name, const std::string &text) {
    std::string p = dir + "/" + name;
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(p));
    std::error_code ec;
    llvm::raw_fd_ostream os(p, ec);
    os << text;
  }
  // The example with the missing barrier added.
  std::string fixed() const {
    std::string t = source;
    size_t at = t.find("  x = blockIdx.y * TILE + tx;");
    t.insert(at, "  __syncthreads();\n");
    return t;
  }
  std::string dir, source, path, uri;
};

const json::Array *diagsOf(const std::optional<json::Value> &m) {
  if (!m) return nullptr;
  const json::Object *p = m->getAsObject()->getObject("params");
  return p ? p->getArray("diagnostics") : nullptr;
}

std::string show(const std::optional<json::Value> &m) {
  if (!m) return "(none)";
  std::string s;
  llvm::raw_string_ostream os(s);
  os << *m;
  return os.str();
}

const json::Object *findCode(const json::Array *ds, const std::string &code) {
  if (!ds) return nullptr;
  for (const auto &d : *ds)
    if (d.getAsObject() && d.getAsObject()->getString("code") == code) return d.getAsObject();
  return nullptr;
}

int64_t startLine(const json::Object &d) { return *d.getObject("range")->getObject("start")->getInteger("line"); }
int64_t startChar(const json::Object &d) { return *d.getObject("range")->getObject("start")->getInteger("character"); }

}  // namespace

TEST(Lsp, InitializeOpenDiagnoseFixShutdown) {
  Project p;
  Server s;
  s.request(1, "initialize", json::Object{{"capabilities", json::Object{}}});
  auto init = s.response(1);
  ASSERT_TRUE(init) << s.stderrText();
  const json::Object *caps = init->getAsObject()->getObject("result")->getObject("capabilities");
  ASSERT_TRUE(caps);
  EXPECT_EQ(caps->getObject("textDocumentSync")->getInteger("change"), 1);  // full text
  EXPECT_EQ(caps->getObject("textDocumentSync")->getBoolean("openClose"), true);
  s.notify("initialized");

  s.open(p.uri, p.source, 1);
  auto m = s.diagnostics(p.uri, 1);
  const json::Array *ds = diagsOf(m);
  ASSERT_TRUE(ds) << show(m) << s.stderrText();
  const json::Object *race = findCode(ds, "race");
  ASSERT_TRUE(race) << show(m);
  EXPECT_EQ(startLine(*race), 11);  // line 12: tile[ty][tx] = in[y * n + x];
  EXPECT_EQ(race->getInteger("severity"), 1);
  EXPECT_EQ(race->getString("source"), "syncproof");
  ASSERT_TRUE(race->getObject("codeDescription"));
  EXPECT_TRUE(race->getObject("codeDescription")->getString("href")->ends_with("/race.md"));
  EXPECT_NE(race->getString("message")->find("data race on 'tile'"), llvm::StringRef::npos);
  // The conflicting read (line 15) and the trace steps are related information.
  const json::Array *rel = race->getArray("relatedInformation");
  ASSERT_TRUE(rel && rel->size() >= 3) << show(m);
  bool readAt15 = false, step = false;
  for (const auto &r : *rel) {
    const json::Object *o = r.getAsObject();
    EXPECT_EQ(o->getObject("location")->getString("uri"), p.uri);
    readAt15 |= startLine(*o->getObject("location")) == 14 && o->getString("message")->contains("conflicting read");
    step |= o->getString("message")->starts_with("step 1: thread A");
  }
  EXPECT_TRUE(readAt15) << show(m);
  EXPECT_TRUE(step) << show(m);

  // The fix, as an unsaved change: the diagnostics clear.
  s.change(p.uri, p.fixed(), 2);
  auto cleared = s.diagnostics(p.uri, 2);
  ASSERT_TRUE(diagsOf(cleared)) << s.stderrText();
  EXPECT_EQ(diagsOf(cleared)->size(), 0u) << show(cleared);

  // Closing publishes an empty list too.
  s.notify("textDocument/didClose", json::Object{{"textDocument", json::Object{{"uri", p.uri}}}});
  auto closed = s.diagnostics(p.uri);
  ASSERT_TRUE(diagsOf(closed));
  EXPECT_EQ(diagsOf(closed)->size(), 0u);

  EXPECT_EQ(s.shutdownAndExit(), 0) << s.stderrText();
}

TEST(Lsp, MalformedInputGetsErrorsNotACrash) {
  Server s;
  // A request before initialize.
  s.request(5, "shutdown");
  auto early = s.response(5);
  ASSERT_TRUE(early) << s.stderrText();
  EXPECT_EQ(early->getAsObject()->getObject("error")->getInteger("code"), -32002);

  // Invalid JSON.
  s.sendRaw("Content-Length: 9\r\n\r\n{\"id\": 1,");
  auto bad = s.errorWithNullId();
  ASSERT_TRUE(bad) << s.stderrText();
  EXPECT_EQ(bad->getAsObject()->getObject("error")->getInteger("code"), -32700);

  // Nested deeper than the parser's recursion should go: an error, not a stack overflow.
  {
    std::string deep = std::string(100000, '[') + std::string(100000, ']');
    s.sendRaw("Content-Length: " + std::to_string(deep.size()) + "\r\n\r\n" + deep);
    auto tooDeep = s.errorWithNullId();
    ASSERT_TRUE(tooDeep) << s.stderrText();
    EXPECT_EQ(tooDeep->getAsObject()->getObject("error")->getInteger("code"), -32700);
  }

  // Not an object.
  s.sendRaw("Content-Length: 7\r\n\r\n[1,2,3]");
  auto notObject = s.errorWithNullId();
  ASSERT_TRUE(notObject);
  EXPECT_EQ(notObject->getAsObject()->getObject("error")->getInteger("code"), -32600);

  // A header without Content-Length, then a bad length.
  s.sendRaw("Content-Type: x\r\n\r\n");
  auto noLength = s.errorWithNullId();
  ASSERT_TRUE(noLength);
  EXPECT_EQ(noLength->getAsObject()->getObject("error")->getInteger("code"), -32700);
  s.sendRaw("Content-Length: lots\r\n\r\n");
  ASSERT_TRUE(s.errorWithNullId());
  // A bad length before more header lines and a body: the rest of the header
  // is read and the body skipped up to the next message (session 19: before,
  // the body was read as headers and the next message's header was lost).
  s.sendRaw("Content-Length: 1x\r\nContent-Type: y\r\n\r\n{\"jsonrpc\": \"2.0\", \"id\": 99, \"method\": \"shutdown\"}");
  ASSERT_TRUE(s.errorWithNullId());

  // The server still works.
  s.initialize();
  s.request(6, "textDocument/hover", json::Object{});
  auto unknown = s.response(6);
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->getAsObject()->getObject("error")->getInteger("code"), -32601);
  // Wrong types in a notification's params: ignored, and a non-file URI too.
  s.notify("textDocument/didOpen", json::Object{{"textDocument", json::Object{{"uri", 42}}}});
  s.notify("textDocument/didOpen",
           json::Object{{"textDocument", json::Object{{"uri", "untitled:1"}, {"version", 1}, {"text", "x"}}}});
  s.notify("textDocument/didChange", json::Object{{"textDocument", 7}});
  EXPECT_FALSE(s.response(99, 1)) << "the skipped body was taken as a request";
  s.request(7, "shutdown", json::Value(nullptr));
  auto down = s.response(7);
  ASSERT_TRUE(down) << s.stderrText();
  EXPECT_TRUE(down->getAsObject()->get("result"));
  // A request after shutdown is an error.
  s.request(8, "shutdown");
  auto after = s.response(8);
  ASSERT_TRUE(after);
  EXPECT_EQ(after->getAsObject()->getObject("error")->getInteger("code"), -32600);
  s.notify("exit");
  EXPECT_EQ(s.wait(), 0) << s.stderrText();
}

TEST(Lsp, ExitWithoutShutdownIsCodeOne) {
  Server s;
  s.initialize();
  s.notify("exit");
  EXPECT_EQ(s.wait(), 1);
}

TEST(Lsp, StaleChecksAreDropped) {
  Project p;
  Server s;
  s.initialize();
  // Version 1 starts checking at once; versions 2 and 3 arrive while it
  // runs (parsing the CUDA headers alone takes far longer than this).
  s.open(p.uri, p.source, 1);
  s.change(p.uri, p.source + "\n", 2);
  s.change(p.uri, p.fixed(), 3);
  auto m = s.diagnostics(p.uri, 3);
  ASSERT_TRUE(diagsOf(m)) << s.stderrText();
  EXPECT_EQ(diagsOf(m)->size(), 0u) << show(m);
  for (const auto &msg : s.seen) {
    const json::Object *o = msg.getAsObject();
    if (o->getString("method") != "textDocument/publishDiagnostics") continue;
    EXPECT_EQ(o->getObject("params")->getInteger("version"), 3) << "a stale result was published";
  }
  EXPECT_EQ(s.shutdownAndExit(), 0);
}

TEST(Lsp, CrashInACheckKeepsTheServer) {
  Project p;
  Server s({"--test-crash-marker=CRASH_THIS_CHECK"});
  s.initialize();
  s.open(p.uri, p.source + "// CRASH_THIS_CHECK\n", 1);
  auto m = s.diagnostics(p.uri, 1);
  const json::Object *err = findCode(diagsOf(m), "input-error");
  ASSERT_TRUE(err) << show(m) << s.stderrText();
  EXPECT_NE(err->getString("message")->find("internal error"), llvm::StringRef::npos);
  // The next version is checked normally.
  s.change(p.uri, p.source, 2);
  auto again = s.diagnostics(p.uri, 2);
  ASSERT_TRUE(findCode(diagsOf(again), "race")) << show(again) << s.stderrText();
  EXPECT_EQ(s.shutdownAndExit(), 0);
}

TEST(Lsp, ParseErrorsAndUtf16Positions) {
  Project p;
  Server s;
  s.initialize();
  // A Clang error on line 3.
  s.open(p.uri, "__global__ void k(int *a) {\n  int x = 1;\n  a[0] = y;\n}\n", 1);
  auto m = s.diagnostics(p.uri, 1);
  const json::Object *pe = findCode(diagsOf(m), "parse-error");
  ASSERT_TRUE(pe) << show(m);
  EXPECT_EQ(startLine(*pe), 2);
  EXPECT_EQ(startChar(*pe), 9);  // 'y'
  EXPECT_NE(pe->getString("message")->find("undeclared identifier 'y'"), llvm::StringRef::npos);

  // Non-ASCII text before the racing write on its line: columns count UTF-16
  // code units. "é" is 2 bytes / 1 unit, "😀" 4 bytes / 2 units.
  std::string text = p.source;
  size_t at = text.find("  tile[ty][tx] = in[y * n + x];");
  text.insert(at + 2, "/*é😀*/ ");
  s.change(p.uri, text, 2);
  auto m2 = s.diagnostics(p.uri, 2);
  const json::Object *race = findCode(diagsOf(m2), "race");
  ASSERT_TRUE(race) << show(m2);
  EXPECT_EQ(startLine(*race), 11);
  // "  /*é😀*/ tile[ty][tx] " is 2+2+1+2+2+1+13 = 23 UTF-16 units before '='.
  EXPECT_EQ(startChar(*race), 23) << show(m2);
  EXPECT_EQ(s.shutdownAndExit(), 0);
}

TEST(Lsp, CompileCommandsAndContractFoundLikeClangd) {
  Project p;
  // TILE comes from compile_commands.json in a build/ subdirectory.
  std::string text = p.source;
  size_t def = text.find("#define TILE 16\n");
  text.erase(def, std::string("#define TILE 16\n").size());
  p.write("src/t.cu", text);
  p.write("build/compile_commands.json",
          "[{\"directory\": \"" + p.dir + "\", \"file\": \"" + p.dir + "/src/t.cu\", \"arguments\": "
          "[\"/usr/local/cuda/bin/nvcc\", \"-DTILE=16\", \"-arch=sm_90\", \"-c\", \"src/t.cu\", \"-o\", \"t.o\"]}]");
  std::string uri = "file://" + p.dir + "/src/t.cu";
  Server s;
  s.initialize();
  s.open(uri, text, 1);
  auto m = s.diagnostics(uri, 1);
  ASSERT_TRUE(findCode(diagsOf(m), "race")) << show(m) << s.stderrText();
  EXPECT_EQ(startLine(*findCode(diagsOf(m), "race")), 10) << show(m);  // one line up: no #define
  // The contract (.syncproof.yaml in the parent directory) was used: its
  // block shape is in the counterexample.
  EXPECT_NE(findCode(diagsOf(m), "race")->getString("message")->find("blockDim = (16,16,1)"), llvm::StringRef::npos)
      << show(m);

  // Without the database the macro is undefined: a parse error.
  llvm::sys::fs::remove(p.dir + "/build/compile_commands.json");
  s.change(uri, text + "\n", 2);
  auto m2 = s.diagnostics(uri, 2);
  ASSERT_TRUE(findCode(diagsOf(m2), "parse-error")) << show(m2);

  // A broken contract is reported, not ignored.
  p.write(".syncproof.yaml", "launch:\n  blok: [16]\n");
  s.change(uri, p.source, 3);
  auto m3 = s.diagnostics(uri, 3);
  const json::Object *ie = findCode(diagsOf(m3), "input-error");
  ASSERT_TRUE(ie) << show(m3);
  EXPECT_NE(ie->getString("message")->find(".syncproof.yaml"), llvm::StringRef::npos) << show(m3);
  EXPECT_EQ(s.shutdownAndExit(), 0);
}

// The contract's resource_usage (relative to .syncproof.yaml) sets each
// kernel's residency in the editor as on the command line.
TEST(Lsp, ContractResourceUsageDecidesCoResidency) {
  Project p;
  p.write("gbarrier.cu", readFile(sourceDir() + "/examples/protocols/gbarrier_sm_overbooked.cu"));
  p.write("build/ru.txt", readFile(sourceDir() + "/tests/resource-usage/normalise.cuobjdump.txt"));
  p.write(".syncproof.yaml",
          "launch:\n  block: 256\n  grid: [[1, 264]]\n  device: h200\n  resource_usage: build/ru.txt\n");
  std::string uri = "file://" + p.dir + "/gbarrier.cu", text = readFile(p.dir + "/gbarrier.cu");
  Server s;
  s.initialize();
  s.open(uri, text, 1);
  auto m = s.diagnostics(uri, 1);
  ASSERT_TRUE(diagsOf(m)) << show(m) << s.stderrText();
  EXPECT_FALSE(findCode(diagsOf(m), "deadlock")) << show(m);  // 31 registers: 8 blocks per SM
  EXPECT_FALSE(findCode(diagsOf(m), "input-error")) << show(m);
  // A build that needs 168 registers per thread: 1 block per SM, 132 in all.
  std::string ru = readFile(p.dir + "/build/ru.txt");
  ru.replace(ru.find("REG:31"), 6, "REG:168");
  p.write("build/ru.txt", ru);
  s.change(uri, text + "\n", 2);
  auto m2 = s.diagnostics(uri, 2);
  const json::Object *d = findCode(diagsOf(m2), "deadlock");
  ASSERT_TRUE(d) << show(m2);
  EXPECT_NE(d->getString("message")->find("168 registers per thread"), llvm::StringRef::npos) << show(m2);
  // A file that does not mention the kernel is an input error.
  p.write("build/ru.txt", readFile(sourceDir() + "/tests/resource-usage/normalise_tiled.ptxas.txt"));
  s.change(uri, text, 3);
  auto m3 = s.diagnostics(uri, 3);
  const json::Object *ie = findCode(diagsOf(m3), "input-error");
  ASSERT_TRUE(ie) << show(m3);
  EXPECT_NE(ie->getString("message")->find("does not mention kernel 'normalise'"), llvm::StringRef::npos) << show(m3);
  EXPECT_EQ(s.shutdownAndExit(), 0);
}

TEST(Lsp, NeovimEndToEnd) {
  auto nvim = llvm::sys::findProgramByName("nvim");
  ASSERT_TRUE(nvim) << "nvim not found: scripts/install-deps.sh installs the Debian package neovim";
  Project p;
  std::string result = p.dir + "/result.txt";
  std::string script = sourceDir() + "/tests/lsp/nvim_e2e.lua";
  std::vector<llvm::StringRef> argv = {*nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile " + script};
  // -c takes one argument; keep the string alive.
  std::string luafile = "luafile " + script;
  argv.back() = luafile;
  std::vector<std::string> envStore = {"SYNCPROOF_BIN=" SYNCPROOF_BINARY, "LSP_FILE=" + p.path, "LSP_RESULT=" + result,
                                       "LSP_TIMEOUT_MS=90000", "HOME=" + p.dir, "XDG_STATE_HOME=" + p.dir,
                                       "XDG_DATA_HOME=" + p.dir, "XDG_CACHE_HOME=" + p.dir,
                                       "PATH=" + std::string(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin")};
  std::vector<llvm::StringRef> env(envStore.begin(), envStore.end());
  llvm::SmallString<128> outPath;
  llvm::sys::fs::createTemporaryFile("syncproof-nvim", "txt", outPath);
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""), llvm::StringRef(outPath), llvm::StringRef(outPath)};
  std::string errMsg;
  // The wall-clock limit: Neovim is killed after 180 s whatever happens.
  int rc = llvm::sys::ExecuteAndWait(*nvim, argv, env, redirects, /*SecondsToWait=*/180, 0, &errMsg);
  std::string out = readFile(std::string(outPath));
  llvm::sys::fs::remove(outPath);
  EXPECT_EQ(rc, 0) << errMsg << "\n" << out;
  std::string res = readFile(result);
  EXPECT_EQ(res.rfind("OK", 0), 0u) << res << "\n" << out;
  // The buffer was really saved with the fix.
  EXPECT_NE(readFile(p.path).find("__syncthreads();"), std::string::npos);
}

TEST(Lsp, ExitDuringALongCheckIsPrompt) {
  // The 18 kernels of kernels300.cu take over a minute to prove: exit must
  // not wait for them.
  Project p;
  p.write("k.cu", readFile(sourceDir() + "/tests/lsp/kernels300.cu"));
  p.write(".syncproof.yaml", readFile(sourceDir() + "/tests/lsp/.syncproof.yaml"));
  Server s;
  s.initialize();
  s.open("file://" + p.dir + "/k.cu", readFile(p.dir + "/k.cu"), 1);
  usleep(300000);
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(s.shutdownAndExit(), 0) << s.stderrText();
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 10.0);
}

TEST(Lsp, MovedKernelKeepsItsResultAtItsNewLine) {
  Project p;
  Server s;
  s.initialize();
  s.open(p.uri, p.source, 1);
  auto m = s.diagnostics(p.uri, 1);
  ASSERT_TRUE(findCode(diagsOf(m), "race")) << show(m) << s.stderrText();
  EXPECT_EQ(startLine(*findCode(diagsOf(m), "race")), 11);
  // Two lines above everything: the kernel's model is the same up to a
  // shift, so its result is reused, with every location two lines down.
  s.change(p.uri, "// one\n// two\n" + p.source, 2);
  auto m2 = s.diagnostics(p.uri, 2);
  const json::Object *race = findCode(diagsOf(m2), "race");
  ASSERT_TRUE(race) << show(m2);
  EXPECT_EQ(startLine(*race), 13);
  bool readAt17 = false;
  for (const auto &r : *race->getArray("relatedInformation"))
    readAt17 |= startLine(*r.getAsObject()->getObject("location")) == 16;
  EXPECT_TRUE(readAt17) << show(m2);
  EXPECT_EQ(s.shutdownAndExit(), 0);
  EXPECT_NE(s.stderrText().find("v2: checked in"), std::string::npos) << s.stderrText();
  EXPECT_NE(s.stderrText().find("1 of 1 kernels reused"), std::string::npos) << s.stderrText();
}

// With no .syncproof.yaml, a document's `// syncproof-args:` line is its
// contract, else its host launches are, as for `syncproof check`; a note at
// each kernel says which (issue 31).
TEST(Lsp, ContractFromTheSourceAndItsLaunches) {
  Project p;
  llvm::sys::fs::remove(p.dir + "/.syncproof.yaml");
  // Races only in blocks of more than 128 threads.
  const std::string kernel =
      "__global__ void fold(float *out) {\n"
      "  __shared__ float s[128];\n"
      "  s[threadIdx.x % 128] = out[threadIdx.x];\n"
      "  __syncthreads();\n"
      "  if (threadIdx.x < 128) out[threadIdx.x] = s[127 - threadIdx.x];\n"
      "}\n";
  std::string uri = "file://" + p.dir + "/fold.cu";
  Server s;
  s.initialize();
  std::string text = "// syncproof-args: --block 128 --grid 1\n" + kernel;
  p.write("fold.cu", text);
  s.open(uri, text, 1);
  auto m = s.diagnostics(uri, 1);
  ASSERT_TRUE(diagsOf(m)) << show(m) << s.stderrText();
  EXPECT_FALSE(findCode(diagsOf(m), "race")) << show(m);
  const json::Object *note = findCode(diagsOf(m), "contract");
  ASSERT_TRUE(note) << show(m);
  EXPECT_EQ(note->getInteger("severity"), 3) << show(m);
  EXPECT_NE(note->getString("message")->find("the file's contract (line 1): --block 128 --grid 1"),
            llvm::StringRef::npos)
      << show(m);
  // The launch in the host code is the contract.
  std::string launched = kernel + "void run(float *d) { fold<<<1, {128, 1, 1}>>>(d); }\n";
  s.change(uri, launched, 2);
  auto m2 = s.diagnostics(uri, 2);
  EXPECT_FALSE(findCode(diagsOf(m2), "race")) << show(m2);
  ASSERT_TRUE(findCode(diagsOf(m2), "contract")) << show(m2);
  EXPECT_NE(findCode(diagsOf(m2), "contract")->getString("message")->find("the contract from its launch at"),
            llvm::StringRef::npos)
      << show(m2);
  // Neither: every shape, the race, and a note that says why.
  s.change(uri, kernel, 3);
  auto m3 = s.diagnostics(uri, 3);
  EXPECT_TRUE(findCode(diagsOf(m3), "race")) << show(m3);
  ASSERT_TRUE(findCode(diagsOf(m3), "contract")) << show(m3);
  EXPECT_NE(findCode(diagsOf(m3), "contract")->getString("message")->find("no launch contract"), llvm::StringRef::npos)
      << show(m3);
  // A wrong flag in the line is an input error, not a silent fallback.
  s.change(uri, "// syncproof-args: --blok 128\n" + kernel, 4);
  auto m4 = s.diagnostics(uri, 4);
  const json::Object *ie = findCode(diagsOf(m4), "input-error");
  ASSERT_TRUE(ie) << show(m4);
  EXPECT_NE(ie->getString("message")->find("the contract on line 1"), llvm::StringRef::npos) << show(m4);
  EXPECT_EQ(s.shutdownAndExit(), 0);
}
