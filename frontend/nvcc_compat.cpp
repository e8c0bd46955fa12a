// Where Clang's CUDA mode rejects what nvcc accepts, the front end parses the
// CUDA headers as nvcc sees them (docs/nvcc-compat.md). Each bridge is a
// replacement in one header's text; the replaced headers are written to a
// directory of their own that the command line searches before the toolkit's
// (the toolkit and the user's code are untouched). A header whose text does
// not match is left as it is.
#include "frontend/frontend.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

namespace syncproof::frontend {
namespace {

struct Bridge {
  const char *header;  // under <cuda>/include/cccl
  const char *from;    // exact text in the header
  const char *to;      // what Clang sees instead
  const char *why;
};

// `__shared__ cuda::barrier<cuda::thread_scope_block> bar;` (and
// cuda::pipeline_shared_state, which holds barriers): Clang allows a
// __shared__ variable only with an empty constructor *and destructor*
// (SemaCUDA::checkAllowedInitializer); nvcc accepts it with a warning
// (static_var_with_dynamic_init) and runs neither for a __shared__ variable.
// The barrier's destructor (mbarrier.inval) becomes a defaulted one, its body
// a member function nobody calls: what nvcc does for __shared__ objects.
const Bridge kBridges[] = {
    {"cuda/__barrier/barrier_block_scope.h", "  _LIBCUDACXX_HIDE_FROM_ABI ~barrier()\n",
     "  _CCCL_HIDE_FROM_ABI ~barrier() = default; /* syncproof: nvcc runs no destructor of a __shared__ object */\n"
     "  _LIBCUDACXX_HIDE_FROM_ABI void __syncproof_destructor_nvcc_skips()\n",
     "__shared__ cuda::barrier: nvcc runs no destructor of a __shared__ variable"},
};

std::string readText(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

std::string nvccCompatIncludeDir(const std::string &cudaPath) {
  std::map<std::string, std::string> headers;  // relative path -> bridged text
  for (const Bridge &b : kBridges) {
    std::string text = readText(cudaPath + "/include/cccl/" + b.header);
    size_t at = text.find(b.from);
    if (at == std::string::npos) continue;
    text.replace(at, std::string(b.from).size(), b.to);
    headers[b.header] = std::move(text);
  }
  if (headers.empty()) return "";
  // One directory per content (the toolkit's version decides it): written once, then reused.
  uint64_t h = 1469598103934665603ull;
  for (const auto &[rel, text] : headers)
    for (unsigned char c : rel + '\0' + text) h = (h ^ c) * 1099511628211ull;
  llvm::SmallString<256> dir;
  llvm::sys::path::system_temp_directory(/*erasedOnReboot=*/true, dir);
  char name[64];
  std::snprintf(name, sizeof name, "syncproof-nvcc-compat-%016llx", (unsigned long long)h);
  llvm::sys::path::append(dir, name);
  for (const auto &[rel, text] : headers) {
    llvm::SmallString<256> file(dir);
    llvm::sys::path::append(file, rel);
    if (readText(std::string(file)) == text) continue;
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(file));
    // Written under a temporary name and renamed: parallel checks never read half a file.
    llvm::SmallString<256> tmp;
    if (llvm::sys::fs::createUniqueFile(std::string(file) + ".%%%%%%", tmp)) return "";
    {
      std::ofstream out(std::string(tmp), std::ios::binary);
      out << text;
      if (!out) return "";
    }
    if (llvm::sys::fs::rename(tmp, file)) return "";
  }
  return std::string(dir);
}

}  // namespace syncproof::frontend
