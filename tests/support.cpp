#include "support.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

namespace syncproof::test {

std::string readFile(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) return "";
  return (*buf)->getBuffer().str();
}

std::string sourceDir() { return SYNCPROOF_SOURCE_DIR; }

std::string writeTemp(const std::string &text, const std::string &suffix) {
  llvm::SmallString<128> path;
  int fd;
  llvm::sys::fs::createTemporaryFile("syncproof-test", suffix, fd, path);
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << text;
  return std::string(path);
}

RunResult runSyncproof(const std::vector<std::string> &args) {
  llvm::SmallString<128> outPath, errPath;
  llvm::sys::fs::createTemporaryFile("syncproof-out", "txt", outPath);
  llvm::sys::fs::createTemporaryFile("syncproof-err", "txt", errPath);
  std::vector<llvm::StringRef> argv = {SYNCPROOF_BINARY};
  for (const auto &a : args) argv.push_back(a);
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""), llvm::StringRef(outPath),
                                                llvm::StringRef(errPath)};
  RunResult r;
  std::string errMsg;
  r.exitCode = llvm::sys::ExecuteAndWait(SYNCPROOF_BINARY, argv, std::nullopt, redirects,
                                         /*SecondsToWait=*/600, 0, &errMsg);
  r.out = readFile(std::string(outPath));
  r.err = readFile(std::string(errPath));
  if (!errMsg.empty()) r.err += "\n[runner] " + errMsg;
  llvm::sys::fs::remove(outPath);
  llvm::sys::fs::remove(errPath);
  return r;
}

}  // namespace syncproof::test
