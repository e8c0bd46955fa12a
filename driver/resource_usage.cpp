#include "driver/resource_usage.h"
#include "driver/spec.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"

#include <cstdlib>
#include <optional>

namespace syncproof::driver {

using llvm::StringRef;

namespace {

// "REG:31 STACK:0 SHARED:0 ..." -> the values of REG and SHARED.
bool cuobjdumpCounts(StringRef line, uint64_t &reg, uint64_t &shared, std::string &why) {
  llvm::SmallVector<StringRef, 12> items;
  line.trim().split(items, ' ', -1, /*KeepEmpty=*/false);
  std::optional<uint64_t> r, s;
  for (StringRef item : items) {
    auto [key, value] = item.split(':');
    uint64_t v;
    if (key != "REG" && key != "SHARED") continue;
    if (value.getAsInteger(10, v)) {
      why = "'" + item.str() + "' is not a count";
      return false;
    }
    (key == "REG" ? r : s) = v;
  }
  if (!r || !s) {
    why = "expected 'REG:N ... SHARED:N ...'";
    return false;
  }
  // (More is not a real build, and would overflow the occupancy arithmetic.)
  if (*r > kMaxRegistersPerThread) {
    why = "REG:" + std::to_string(*r) + " is more than the " + std::to_string(kMaxRegistersPerThread) +
          " registers a thread can have";
    return false;
  }
  if (*s > kMaxDeviceQuantity) {
    why = "SHARED:" + std::to_string(*s) + " is more shared memory than any device has";
    return false;
  }
  reg = *r;
  shared = *s;
  return true;
}

// The qualified name (with template arguments) and the base name of an
// entry: demangled when mangled, the text before the parameter list (after
// a return type) when demangled, else the name itself.
void entryNames(const std::string &name, std::string &qualified, std::string &base) {
  qualified = base = name;
  if (StringRef(name).starts_with("_Z")) {
    llvm::ItaniumPartialDemangler d;
    if (!d.partialDemangle(name.c_str()) && d.isFunction()) {
      if (char *q = d.getFunctionName(nullptr, nullptr)) {
        qualified = q;
        std::free(q);
      }
      if (char *b = d.getFunctionBaseName(nullptr, nullptr)) {
        base = b;
        std::free(b);
      }
    }
    return;
  }
  // "void ns::k<3>(int*)": cut at the first '(' outside template arguments,
  // drop a return type (text up to the last space outside them).
  int depth = 0;
  size_t paren = std::string::npos, space = std::string::npos;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    if (c == '<') ++depth;
    else if (c == '>' && depth > 0) --depth;
    else if (c == '(' && depth == 0) { paren = i; break; }
    else if (c == ' ' && depth == 0) space = i;
  }
  if (paren == std::string::npos) return;
  qualified = name.substr(space == std::string::npos ? 0 : space + 1,
                          paren - (space == std::string::npos ? 0 : space + 1));
  // Base: after the last "::" outside template arguments, without them.
  depth = 0;
  size_t start = 0, end = qualified.size();
  for (size_t i = 0; i < qualified.size(); ++i) {
    char c = qualified[i];
    if (c == '<') {
      if (depth == 0) end = i;
      ++depth;
    } else if (c == '>' && depth > 0) {
      --depth;
    } else if (c == ':' && depth == 0 && i + 1 < qualified.size() && qualified[i + 1] == ':') {
      start = i + 2;
      end = qualified.size();
      ++i;
    }
  }
  base = qualified.substr(start, end > start ? end - start : 0);
}

}  // namespace

bool parseResourceUsage(const std::string &text, const std::string &path, ResourceTable &table, std::string &error) {
  table.source = path;
  table.entries.clear();
  llvm::Regex cuFunction("^[ \t]*Function (.+):[ \t]*$");
  llvm::Regex cuArch("^[ \t]*arch = ([A-Za-z0-9_]+)[ \t]*$");
  llvm::Regex ptxEntry("Compiling entry function '([^']+)' for '([^']+)'");
  llvm::Regex ptxUsed("ptxas info[ \t]*: Used ([0-9]+) registers(.*)$");
  llvm::Regex ptxSmem("(^|[ ,])([0-9]+) bytes smem");
  auto fail = [&](unsigned line, const std::string &msg) {
    error = path + ":" + std::to_string(line) + ": " + msg;
    return false;
  };
  std::string arch;
  std::optional<ResourceEntry> pendingCu, pendingPtx;
  llvm::SmallVector<StringRef, 64> lines;
  StringRef(text).split(lines, '\n');
  for (unsigned i = 0; i < lines.size(); ++i) {
    StringRef line = lines[i].rtrim("\r");
    unsigned no = i + 1;
    llvm::SmallVector<StringRef, 4> m;
    if (pendingCu) {
      if (line.trim().empty()) continue;
      uint64_t reg, shared;
      std::string why;
      if (!cuobjdumpCounts(line, reg, shared, why))
        return fail(no, "the resources of '" + pendingCu->name + "' (line " + std::to_string(pendingCu->line) +
                            "): " + why);
      pendingCu->registers = reg;
      pendingCu->sharedBytes = shared;
      table.entries.push_back(*pendingCu);
      pendingCu.reset();
      continue;
    }
    if (cuArch.match(line, &m)) {
      arch = m[1].str();
    } else if (cuFunction.match(line, &m)) {
      pendingCu = ResourceEntry{m[1].str(), arch, 0, 0, no};
    } else if (ptxEntry.match(line, &m)) {
      if (pendingPtx)
        return fail(no, "no 'Used N registers' line for entry function '" + pendingPtx->name + "' (line " +
                            std::to_string(pendingPtx->line) + ")");
      pendingPtx = ResourceEntry{m[1].str(), m[2].str(), 0, 0, no};
    } else if (ptxUsed.match(line, &m)) {
      // A "Used" line of a non-entry function (relocatable device code)
      // follows no "Compiling entry function": it is not a kernel.
      if (!pendingPtx) continue;
      if (m[1].getAsInteger(10, pendingPtx->registers)) return fail(no, "'" + m[1].str() + "' is not a count");
      if (pendingPtx->registers > kMaxRegistersPerThread)
        return fail(no, "'Used " + m[1].str() + " registers' is more than the " +
                            std::to_string(kMaxRegistersPerThread) + " registers a thread can have");
      llvm::SmallVector<StringRef, 4> s;
      if (ptxSmem.match(m[2], &s) && s[2].getAsInteger(10, pendingPtx->sharedBytes))
        return fail(no, "'" + s[2].str() + "' is not a count");
      table.entries.push_back(*pendingPtx);
      pendingPtx.reset();
    }
  }
  if (pendingCu) return fail(pendingCu->line, "no 'REG:... SHARED:...' line for function '" + pendingCu->name + "'");
  if (pendingPtx)
    return fail(pendingPtx->line, "no 'Used N registers' line for entry function '" + pendingPtx->name + "'");
  if (table.entries.empty()) {
    error = path + ": no kernel resource usage found (expected the output of 'cuobjdump --dump-resource-usage' or "
                   "of 'nvcc -Xptxas -v' / 'nvcc --resource-usage')";
    return false;
  }
  return true;
}

bool loadResourceUsage(const std::string &path, ResourceTable &table, std::string &error) {
  if (llvm::sys::fs::is_directory(path)) {
    error = "cannot read resource usage file '" + path + "': it is a directory";
    return false;
  }
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buf) {
    error = "cannot read resource usage file '" + path + "': " + buf.getError().message();
    return false;
  }
  if (!parseResourceUsage((*buf)->getBuffer().str(), path, table, error)) {
    error = "malformed resource usage file: " + error;
    return false;
  }
  return true;
}

std::string nvccPath(const std::string &cudaPath) {
  std::string root = cudaPath;
  if (root.empty()) {
    const char *env = std::getenv("SYNCPROOF_CUDA_PATH");
    root = env && *env ? env : "/usr/local/cuda";
  }
  llvm::SmallString<256> p(root);
  llvm::sys::path::append(p, "bin", "nvcc");
  return std::string(p);
}

bool runNvccResourceUsage(const std::vector<std::string> &files, const std::string &cudaPath,
                          const std::vector<std::string> &extraArgs, ResourceTable &table, std::string &nvccOut,
                          std::string &error) {
  std::string nvcc = nvccPath(cudaPath);
  nvccOut = nvcc;
  if (!llvm::sys::fs::can_execute(nvcc)) {
    error = "--resource-usage auto: nvcc not found at '" + nvcc +
            "' (give --cuda-path, or a resource usage file from 'nvcc --resource-usage')";
    return false;
  }
  table.source = "nvcc --resource-usage";
  table.entries.clear();
  for (const auto &file : files) {
    llvm::SmallString<128> cubin, log;
    if (std::error_code ec = llvm::sys::fs::createTemporaryFile("syncproof-ru", "cubin", cubin)) {
      error = "--resource-usage auto: cannot create a temporary file: " + ec.message();
      return false;
    }
    if (std::error_code ec = llvm::sys::fs::createTemporaryFile("syncproof-ru", "txt", log)) {
      llvm::sys::fs::remove(cubin);
      error = "--resource-usage auto: cannot create a temporary file: " + ec.message();
      return false;
    }
    std::vector<std::string> args = {nvcc, "-arch=sm_90a", "-cubin", "--resource-usage", "-o", std::string(cubin)};
    for (const auto &a : extraArgs) {
      StringRef s(a);
      if (s.starts_with("-I") || s.starts_with("-D") || s.starts_with("-U") || s.starts_with("-std="))
        args.push_back(a);
    }
    args.push_back(file);
    std::vector<StringRef> argv(args.begin(), args.end());
    std::optional<StringRef> out = StringRef(log);
    std::string msg;
    bool failed = false;
    int rc = llvm::sys::ExecuteAndWait(nvcc, argv, std::nullopt, {std::nullopt, out, out}, 0, 0, &msg, &failed);
    auto buf = llvm::MemoryBuffer::getFile(log, /*IsText=*/true);
    std::string text = buf ? (*buf)->getBuffer().str() : std::string();
    llvm::sys::fs::remove(cubin);
    llvm::sys::fs::remove(log);
    if (failed || rc != 0) {
      std::string head = text.substr(0, std::min<size_t>(text.size(), 600));
      while (!head.empty() && head.back() == '\n') head.pop_back();
      error = "--resource-usage auto: '" + nvcc + " -arch=sm_90a -cubin --resource-usage' failed on '" + file +
              "'" + (failed ? ": " + msg : " (exit " + std::to_string(rc) + ")") +
              (head.empty() ? std::string() : ":\n" + head);
      return false;
    }
    ResourceTable one;
    if (!parseResourceUsage(text, "nvcc --resource-usage output for '" + file + "'", one, error)) return false;
    table.entries.insert(table.entries.end(), one.entries.begin(), one.entries.end());
  }
  return true;
}

std::vector<const ResourceEntry *> findKernelResources(const ResourceTable &table, const model::Kernel &kernel) {
  std::vector<const ResourceEntry *> byLevel[3];
  for (const auto &e : table.entries) {
    std::string qualified, base;
    entryNames(e.name, qualified, base);
    if (e.name == kernel.name || e.name == kernel.displayName) byLevel[0].push_back(&e);
    else if (qualified == kernel.displayName) byLevel[1].push_back(&e);
    else if (base == kernel.name) byLevel[2].push_back(&e);
  }
  for (auto &level : byLevel)
    if (!level.empty()) return level;
  return {};
}

}  // namespace syncproof::driver
