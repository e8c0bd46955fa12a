// A driver for the fuzz targets when libFuzzer is not linked (a GCC build,
// CI): replays the seed inputs, then runs a fixed number of deterministic
// mutations of them (bit flips, byte changes, insertions, deletions, splices
// and dictionary words). A crash, an abort or a sanitizer report ends the
// process with a non-zero status; the input is saved first as
// crash-<target>-<n> in the working directory. Usage:
//   TARGET [-runs=N] [-seed=S] [-dict=FILE] SEED_FILE_OR_DIR...
// With libFuzzer (SYNCPROOF_LIBFUZZER=ON, Clang) the same targets take
// libFuzzer's own flags instead. docs/fuzzing.md.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

using Bytes = std::vector<uint8_t>;

Bytes readFile(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  std::string s = ss.str();
  return Bytes(s.begin(), s.end());
}

void collect(const std::string &path, std::vector<std::string> &out) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0) return;
  if (!S_ISDIR(st.st_mode)) {
    out.push_back(path);
    return;
  }
  DIR *d = opendir(path.c_str());
  if (!d) return;
  std::vector<std::string> names;
  while (dirent *e = readdir(d))
    if (e->d_name[0] != '.') names.push_back(e->d_name);
  closedir(d);
  std::sort(names.begin(), names.end());
  for (auto &n : names) collect(path + "/" + n, out);
}

// The input being run, saved by the crash handler.
const Bytes *current = nullptr;
std::string crashName;

void saveCurrent() {
  if (!current) return;
  if (FILE *f = std::fopen(crashName.c_str(), "wb")) {
    std::fwrite(current->data(), 1, current->size(), f);
    std::fclose(f);
  }
}

void run(const Bytes &in) {
  current = &in;
  // Save before running: a crash cannot write it afterwards.
  saveCurrent();
  LLVMFuzzerTestOneInput(in.data(), in.size());
  current = nullptr;
}

Bytes mutate(const std::vector<Bytes> &pool, const std::vector<std::string> &dict, std::mt19937_64 &rng) {
  Bytes b = pool[rng() % pool.size()];
  int edits = 1 + rng() % 4;
  for (int i = 0; i < edits; ++i) {
    size_t n = b.size();
    switch (rng() % 7) {
    case 0:
      if (n) b[rng() % n] ^= (uint8_t)(1u << (rng() % 8));
      break;
    case 1:
      if (n) b[rng() % n] = (uint8_t)rng();
      break;
    case 2:
      b.insert(b.begin() + (n ? rng() % (n + 1) : 0), (uint8_t)rng());
      break;
    case 3:
      if (n) {
        size_t at = rng() % n, len = 1 + rng() % std::min<size_t>(n - at, 16);
        b.erase(b.begin() + at, b.begin() + at + len);
      }
      break;
    case 4: {  // splice another input's piece
      const Bytes &o = pool[rng() % pool.size()];
      if (o.empty()) break;
      size_t from = rng() % o.size(), len = 1 + rng() % std::min<size_t>(o.size() - from, 64);
      b.insert(b.begin() + (n ? rng() % (n + 1) : 0), o.begin() + from, o.begin() + from + len);
      break;
    }
    case 5:
      if (!dict.empty()) {
        const std::string &w = dict[rng() % dict.size()];
        b.insert(b.begin() + (n ? rng() % (n + 1) : 0), w.begin(), w.end());
      }
      break;
    case 6:  // duplicate a piece (deep nesting, long numbers)
      if (n) {
        size_t from = rng() % n, len = 1 + rng() % std::min<size_t>(n - from, 32);
        Bytes piece(b.begin() + from, b.begin() + from + len);
        for (int k = 0, reps = 1 + rng() % 8; k < reps; ++k) b.insert(b.begin() + from, piece.begin(), piece.end());
      }
      break;
    }
    if (b.size() > (1u << 16)) b.resize(1u << 16);
  }
  return b;
}

}  // namespace

int main(int argc, char **argv) {
  long runs = 0;
  uint64_t seed = 1;
  std::vector<std::string> files, dict;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("-runs=", 0) == 0) runs = std::atol(a.c_str() + 6);
    else if (a.rfind("-seed=", 0) == 0) seed = std::strtoull(a.c_str() + 6, nullptr, 10);
    else if (a.rfind("-dict=", 0) == 0) {
      // libFuzzer's dictionary format: one "word" per line, # comments.
      std::ifstream f(a.substr(6));
      for (std::string line; std::getline(f, line);) {
        size_t q = line.find('"'), e = line.rfind('"');
        if (line.empty() || line[0] == '#' || q == std::string::npos || e <= q) continue;
        std::string w;
        for (size_t j = q + 1; j < e; ++j) {
          if (line[j] == '\\' && j + 1 < e) {
            char c = line[++j];
            if (c == 'n') w += '\n';
            else if (c == 'r') w += '\r';
            else if (c == 't') w += '\t';
            else if (c == 'x' && j + 2 < e) {
              w += (char)std::strtol(line.substr(j + 1, 2).c_str(), nullptr, 16);
              j += 2;
            } else w += c;
          } else w += line[j];
        }
        dict.push_back(w);
      }
    } else if (a[0] == '-') {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    } else collect(a, files);
  }
  std::string target = argv[0];
  target = target.substr(target.rfind('/') + 1);
  crashName = "crash-" + target;
  std::vector<Bytes> pool;
  for (auto &f : files) pool.push_back(readFile(f));
  if (pool.empty()) pool.push_back({});
  for (auto &in : pool) run(in);
  std::mt19937_64 rng(seed);
  for (long i = 0; i < runs; ++i) run(mutate(pool, dict, rng));
  std::remove(crashName.c_str());
  std::printf("%s: %zu seed inputs and %ld mutations ran, no crash\n", target.c_str(), pool.size(), runs);
  return 0;
}
