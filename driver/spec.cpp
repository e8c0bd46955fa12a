#include "driver/spec.h"

#include <map>

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace syncproof::driver {

bool parseUnsigned(llvm::StringRef s, uint64_t &v) {
  unsigned radix = 10;
  if (s.consume_front("0x") || s.consume_front("0X")) radix = 16;
  if (s.empty() || !std::all_of(s.begin(), s.end(), [&](char c) { return radix == 16 ? isxdigit((unsigned char)c) : isdigit((unsigned char)c); }))
    return false;
  return !s.getAsInteger(radix, v);  // (fails on overflow)
}

bool parseSigned(llvm::StringRef s, int64_t &v) {
  bool negative = s.consume_front("-");
  uint64_t m;
  if (!parseUnsigned(s, m)) return false;
  if (negative ? m > (1ull << 63) : m > (uint64_t)INT64_MAX) return false;
  v = negative ? (int64_t)(0 - m) : (int64_t)m;
  return true;
}

bool addDistinct(const std::string &text, std::vector<model::LaunchShape::Distinct> &out, std::string &error,
                 bool replace) {
  model::LaunchShape::Distinct d;
  size_t ge = text.find(">=");
  d.name = text.substr(0, ge);
  if (ge != std::string::npos) {
    int64_t v;
    if (!parseSigned(llvm::StringRef(text).substr(ge + 2).trim(), v)) {
      error = "'" + text + "': expected NAME or NAME>=MIN with an integer MIN";
      return false;
    }
    d.atLeast = v;
  }
  d.name = llvm::StringRef(d.name).trim().str();
  if (d.name.empty()) {
    error = "'" + text + "': expected a pointer parameter's name";
    return false;
  }
  for (auto &x : out)
    if (x.name == d.name) {
      if (replace) {
        x = d;
        return true;
      }
      error = "'" + d.name + "' is listed twice";
      return false;
    }
  out.push_back(d);
  return true;
}

bool parseDims(const std::string &text, uint64_t lo[3], uint64_t hi[3], uint64_t limitHi[3], std::string &error) {
  std::vector<std::string> items;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) items.push_back(item);
  if (items.empty() || items.size() > 3 || text.back() == ',' ||
      std::any_of(items.begin(), items.end(), [](const std::string &x) { return x.empty(); })) {
    error = "expected 1 to 3 comma-separated dimensions, got '" + text + "'";
    return false;
  }
  for (int i = 0; i < 3; ++i) {
    if (i >= (int)items.size()) { lo[i] = hi[i] = 1; continue; }
    std::string it = items[i];
    size_t colon = it.find(':');
    uint64_t a, b;
    if (colon == std::string::npos) {
      if (!parseUnsigned(it, a)) { error = "'" + it + "' is not a positive integer"; return false; }
      b = a;
    } else if (!parseUnsigned(it.substr(0, colon), a) || !parseUnsigned(it.substr(colon + 1), b)) {
      error = "'" + it + "' is not a range MIN:MAX";
      return false;
    }
    if (a == 0 || a > b) { error = "dimension '" + it + "' must be at least 1 (and MIN <= MAX)"; return false; }
    if (b > limitHi[i]) {
      error = "dimension " + std::string(1, "xyz"[i]) + " = " + std::to_string(b) + " exceeds the CUDA limit " +
              std::to_string(limitHi[i]);
      return false;
    }
    lo[i] = a;
    hi[i] = b;
  }
  return true;
}

namespace {

using namespace llvm;

struct Loader {
  SourceMgr sm;
  std::string error;
  std::string path;

  bool fail(yaml::Node *n, const Twine &msg) {
    // The first error stands: a syntax error of the YAML parser explains
    // the structural ones that follow from it.
    if (!error.empty()) return false;
    std::string out;
    raw_string_ostream os(out);
    if (n) {
      SMLoc loc = n->getSourceRange().Start;
      auto lc = sm.getLineAndColumn(loc);
      os << path << ":" << lc.first << ":" << lc.second << ": " << msg;
    } else {
      os << path << ": " << msg;
    }
    error = os.str();
    return false;
  }

  // A key of one mapping, the first time: a second one is an error (it
  // would silently replace or be replaced by the first). `what` names it.
  bool firstTime(std::set<std::string> &seen, yaml::Node *key, const std::string &name, const std::string &what) {
    return seen.insert(name).second || fail(key, what + " is given twice");
  }

  bool scalar(yaml::Node *n, std::string &out) {
    auto *s = dyn_cast_or_null<yaml::ScalarNode>(n);
    if (!s) return fail(n, "expected a scalar value");
    SmallString<32> storage;
    out = s->getValue(storage).str();
    return true;
  }

  bool integer(yaml::Node *n, int64_t &out) {
    std::string s;
    if (!scalar(n, s)) return false;
    int64_t v;
    if (!parseSigned(s, v)) return fail(n, "expected an integer (decimal, or hexadecimal with 0x), got '" + s + "'");
    out = v;
    return true;
  }

  bool boolean(yaml::Node *n, bool &out) {
    std::string s;
    if (!scalar(n, s)) return false;
    if (s == "true" || s == "yes") { out = true; return true; }
    if (s == "false" || s == "no") { out = false; return true; }
    return fail(n, "expected true or false, got '" + s + "'");
  }

  // A dimension list: [x, y, z] where each item is N or [MIN, MAX]. YAML
  // nodes are parsed lazily: each is read once, in order.
  bool dims(yaml::Node *n, uint64_t lo[3], uint64_t hi[3], uint64_t limit[3]) {
    int count = 0;
    auto one = [&](yaml::Node *item) -> bool {
      if (count >= 3) return fail(item, "expected 1 to 3 dimensions");
      int64_t a, b;
      if (auto *range = dyn_cast_or_null<yaml::SequenceNode>(item)) {
        int m = 0;
        for (auto &x : *range) {
          if (m == 0 && !integer(&x, a)) return false;
          if (m == 1 && !integer(&x, b)) return false;
          ++m;
        }
        if (m != 2) return fail(item, "a range is [MIN, MAX]");
      } else {
        if (!integer(item, a)) return false;
        b = a;
      }
      if (a < 1 || a > b) return fail(item, "a dimension must be at least 1 (and MIN <= MAX)");
      if ((uint64_t)b > limit[count])
        return fail(item, "dimension exceeds the CUDA limit " + std::to_string(limit[count]));
      lo[count] = (uint64_t)a;
      hi[count] = (uint64_t)b;
      ++count;
      return true;
    };
    if (auto *seq = dyn_cast_or_null<yaml::SequenceNode>(n)) {
      for (auto &it : *seq)
        if (!one(&it)) return false;
    } else if (isa_and_nonnull<yaml::ScalarNode>(n)) {
      if (!one(n)) return false;
    } else {
      return fail(n, "expected a list of up to 3 dimensions");
    }
    if (count == 0) return fail(n, "expected 1 to 3 dimensions");
    for (int i = count; i < 3; ++i) lo[i] = hi[i] = 1;
    return true;
  }

  // A mapping NAME: V or NAME: [MIN, MAX] (parameter values, element ranges).
  bool rangeMap(yaml::Node *val, const char *what, const char *itemWhat,
                std::vector<model::LaunchShape::ParamRange> &out) {
    auto *pm = dyn_cast_or_null<yaml::MappingNode>(val);
    if (!pm) return fail(val, what);
    std::set<std::string> seen;
    for (auto &pkv : *pm) {
      std::string name;
      if (!scalar(pkv.getKey(), name)) return false;
      if (!firstTime(seen, pkv.getKey(), name, std::string(itemWhat) + " '" + name + "'")) return false;
      yaml::Node *pv = pkv.getValue();
      int64_t a, b;
      if (auto *range = dyn_cast_or_null<yaml::SequenceNode>(pv)) {
        int m = 0;
        for (auto &x : *range) {
          if (m == 0 && !integer(&x, a)) return false;
          if (m == 1 && !integer(&x, b)) return false;
          ++m;
        }
        if (m != 2) return fail(pv, "a range is [MIN, MAX]");
      } else {
        if (!integer(pv, a)) return false;
        b = a;
      }
      if (a > b) return fail(pv, "MIN is greater than MAX");
      out.push_back({name, a, b});
    }
    return true;
  }

  bool load(Spec &spec) {
    auto buf = MemoryBuffer::getFile(path);
    if (!buf) {
      error = "cannot read spec file '" + path + "': " + buf.getError().message();
      return false;
    }
    unsigned id = sm.AddNewSourceBuffer(std::move(*buf), SMLoc());
    std::string diag;
    raw_string_ostream diagOs(diag);
    sm.setDiagHandler([](const SMDiagnostic &d, void *ctx) {
      auto *self = static_cast<Loader *>(ctx);
      if (self->error.empty())
        self->error = self->path + ":" + std::to_string(d.getLineNo()) + ":" + std::to_string(d.getColumnNo() + 1) +
                      ": " + d.getMessage().str();
    }, this);
    yaml::Stream stream(sm.getMemoryBuffer(id)->getMemBufferRef(), sm);
    auto it = stream.begin();
    if (it == stream.end() || !it->getRoot()) return fail(nullptr, "empty spec file");
    yaml::Node *root = it->getRoot();
    if (!error.empty()) return false;
    auto *map = dyn_cast_or_null<yaml::MappingNode>(root);
    if (!map) {
      if (!error.empty()) return false;
      return fail(root, "a spec file is a mapping (launch:, params:, kernels:)");
    }
    std::set<std::string> seenKeys;
    for (auto &kv : *map) {
      std::string key;
      if (!scalar(kv.getKey(), key)) return false;
      if (!firstTime(seenKeys, kv.getKey(), key, "'" + key + "'")) return false;
      yaml::Node *val = kv.getValue();
      if (!error.empty()) return false;
      if (key == "version") {
        int64_t v;
        if (!integer(val, v)) return false;
        if (v != 1) return fail(val, "unsupported spec version " + std::to_string(v) + " (expected 1)");
      } else if (key == "kernels") {
        auto *seq = dyn_cast_or_null<yaml::SequenceNode>(val);
        if (!seq) return fail(val, "'kernels' is a list of kernel names");
        for (auto &x : *seq) {
          std::string name;
          if (!scalar(&x, name)) return false;
          spec.kernels.push_back(name);
        }
      } else if (key == "launch") {
        auto *lm = dyn_cast_or_null<yaml::MappingNode>(val);
        if (!lm) return fail(val, "'launch' is a mapping (grid:, block:, dynamic_smem:, cooperative:)");
        std::set<std::string> seenLaunch;
        for (auto &lkv : *lm) {
          std::string lk;
          if (!scalar(lkv.getKey(), lk)) return false;
          if (!firstTime(seenLaunch, lkv.getKey(), lk, "'" + lk + "'")) return false;
          yaml::Node *lv = lkv.getValue();
          uint64_t gridLimit[3] = {2147483647ull, 65535, 65535};
          uint64_t blockLimit[3] = {1024, 1024, 64};
          if (lk == "grid") {
            if (!dims(lv, spec.launch.gridMin, spec.launch.gridMax, gridLimit)) return false;
          } else if (lk == "block") {
            if (!dims(lv, spec.launch.blockMin, spec.launch.blockMax, blockLimit)) return false;
            if (spec.launch.blockMin[0] * spec.launch.blockMin[1] * spec.launch.blockMin[2] > 1024)
              return fail(lv, "a block has at most 1024 threads");
          } else if (lk == "dynamic_smem") {
            int64_t v;
            if (!integer(lv, v)) return false;
            if (v < 0) return fail(lv, "dynamic_smem must be >= 0");
            if ((uint64_t)v > kMaxDeviceQuantity) return fail(lv, "dynamic_smem is more shared memory than any device has");
            spec.launch.dynamicSmem = (uint64_t)v;
          } else if (lk == "cooperative") {
            if (!boolean(lv, spec.launch.cooperative)) return false;
          } else if (lk == "device") {
            if (!scalar(lv, spec.device)) return false;
          } else if (lk == "resource_usage") {
            std::string file;
            if (!scalar(lv, file)) return false;
            if (file.empty()) return fail(lv, "resource_usage is a file name or 'auto'");
            // Relative to the spec file, like an #include.
            if (file != "auto" && !sys::path::is_absolute(file)) {
              SmallString<256> p(sys::path::parent_path(path));
              sys::path::append(p, file);
              file = std::string(p);
            }
            spec.resourceUsage = file;
          } else if (lk == "blocks_per_sm" || lk == "registers_per_thread" || lk == "shared_bytes_per_block") {
            int64_t v;
            if (!integer(lv, v)) return false;
            if (v < (lk == "shared_bytes_per_block" ? 0 : 1)) return fail(lv, lk + " must be positive");
            if (lk == "registers_per_thread" && (uint64_t)v > kMaxRegistersPerThread)
              return fail(lv, "a thread has at most " + std::to_string(kMaxRegistersPerThread) + " registers");
            (lk == "blocks_per_sm" ? spec.blocksPerSm : lk == "registers_per_thread" ? spec.registersPerThread
                                                                                     : spec.sharedBytesPerBlock) = (uint64_t)v;
          } else {
            return fail(lkv.getKey(), "unknown launch key '" + lk + "' (expected grid, block, dynamic_smem, cooperative, "
                                      "device, blocks_per_sm, registers_per_thread, shared_bytes_per_block, "
                                      "resource_usage)");
          }
        }
      } else if (key == "params") {
        if (!rangeMap(val, "'params' maps parameter names to a value or [MIN, MAX]", "parameter",
                      spec.launch.paramRanges))
          return false;
      } else if (key == "element_ranges") {
        if (!rangeMap(val, "'element_ranges' maps pointer parameter names to [MIN, MAX]",
                      "the element range of", spec.launch.elementRanges))
          return false;
      } else if (key == "distinct_elements") {
        auto *seq = dyn_cast_or_null<yaml::SequenceNode>(val);
        if (!seq) return fail(val, "'distinct_elements' is a list of pointer parameter names (NAME or NAME>=MIN)");
        for (auto &x : *seq) {
          std::string text, err;
          if (!scalar(&x, text)) return false;
          if (!addDistinct(text, spec.launch.distinctElements, err)) return fail(&x, err);
        }
      } else if (key == "memory") {
        auto *seq = dyn_cast_or_null<yaml::SequenceNode>(val);
        if (!seq) return fail(val, "'memory' is a list of {param: NAME, file: FILE, element: i32}");
        for (auto &x : *seq) {
          auto *mm = dyn_cast_or_null<yaml::MappingNode>(&x);
          if (!mm) return fail(&x, "a 'memory' entry is a mapping {param: NAME, file: FILE, element: i32}");
          MemorySpec m;
          std::set<std::string> seenMemory;
          for (auto &mkv : *mm) {
            std::string mk, mv;
            if (!scalar(mkv.getKey(), mk) || !scalar(mkv.getValue(), mv)) return false;
            if (!firstTime(seenMemory, mkv.getKey(), mk, "'" + mk + "'")) return false;
            if (mk == "param") m.param = mv;
            else if (mk == "file") m.file = mv;
            else if (mk == "element") m.element = mv;
            else return fail(mkv.getKey(), "unknown memory key '" + mk + "' (expected param, file, element)");
          }
          if (m.param.empty() || m.file.empty()) return fail(&x, "a 'memory' entry needs param: and file:");
          // Relative to the spec file, like an #include.
          if (!sys::path::is_absolute(m.file)) {
            SmallString<256> p(sys::path::parent_path(path));
            sys::path::append(p, m.file);
            m.file = std::string(p);
          }
          spec.memory.push_back(m);
        }
      } else if (key == "pointers_may_alias") {
        if (!boolean(val, spec.launch.pointersMayAlias)) return false;
      } else {
        return fail(kv.getKey(), "unknown key '" + key + "' (expected version, kernels, launch, params, memory, pointers_may_alias, distinct_elements, element_ranges)");
      }
    }
    if (!error.empty()) return false;
    // One document: a second one (after `---`) would be silently ignored.
    if (++it != stream.end()) return fail(it->getRoot(), "a spec file holds one YAML document");
    if (!error.empty()) return false;
    return true;
  }
};

}  // namespace

std::string defaultDeviceTable() { return SYNCPROOF_SPECS_DIR "/devices.yaml"; }

// Resident blocks per SM: the stated value, else the minimum of the block,
// thread, register and shared-memory limits for the largest block of the
// contract. `smem` is the block's shared memory (static + dynamic) without
// the runtime's reservation; without a register count, 255 registers per
// thread (the worst case) are assumed.
static uint64_t blocksPerSmFor(const Spec &spec, std::map<std::string, uint64_t> fields,
                               std::optional<uint64_t> registers, std::optional<uint64_t> smemBytes) {
  if (spec.blocksPerSm) return *spec.blocksPerSm;
  // The largest block of the contract bounds residency from below.
  uint64_t threads = spec.launch.blockMax[0] * spec.launch.blockMax[1] * spec.launch.blockMax[2];
  threads = std::min<uint64_t>(threads, 1024);
  uint64_t warps = (threads + 31) / 32;
  uint64_t perSm = std::min(fields["max_blocks_per_sm"], fields["max_threads_per_sm"] / (warps * 32));
  uint64_t unit = fields.count("register_allocation_unit") ? fields["register_allocation_unit"] : 256;
  uint64_t regs = registers ? *registers : kMaxRegistersPerThread;
  uint64_t perWarp = std::max<uint64_t>((regs * 32 + unit - 1) / unit * unit, 1);
  perSm = std::min(perSm, fields["registers_per_sm"] / (perWarp * warps));
  uint64_t reserved = fields.count("shared_reserved_per_block") ? fields["shared_reserved_per_block"] : 0;
  uint64_t smem = smemBytes ? *smemBytes : 0;
  smem = smem > UINT64_MAX - reserved ? UINT64_MAX : smem + reserved;
  if (smem) perSm = std::min(perSm, fields["shared_bytes_per_sm"] / smem);
  return perSm;
}

void applyKernelResources(const Spec &spec, std::optional<uint64_t> registers, uint64_t staticShared,
                          const std::string &source, model::LaunchShape &launch) {
  std::map<std::string, uint64_t> fields = spec.deviceLimits;
  uint64_t regs = spec.registersPerThread ? *spec.registersPerThread : registers ? *registers : kMaxRegistersPerThread;
  uint64_t dyn = launch.dynamicSmem ? *launch.dynamicSmem : 0;
  uint64_t smem = spec.sharedBytesPerBlock ? *spec.sharedBytesPerBlock
                 : staticShared > UINT64_MAX - dyn ? UINT64_MAX : staticShared + dyn;
  uint64_t perSm = blocksPerSmFor(spec, fields, regs, smem);
  launch.residentBlocks = fields["sms"] * perSm;
  std::string why;
  if (spec.blocksPerSm) {
    why = ", as stated";
  } else {
    why = "; " + std::to_string(regs) + " registers per thread" +
          (spec.registersPerThread ? " (stated)" : registers ? " (" + source + ")" : " (the most a thread can have)") +
          ", ";
    if (spec.sharedBytesPerBlock)
      why += std::to_string(smem) + " bytes of shared memory per block (stated)";
    else
      why += std::to_string(staticShared) + " bytes of static shared memory (" + source + ") + " +
             std::to_string(dyn) + " dynamic";
  }
  launch.device = spec.device + " (" + std::to_string(fields["sms"]) + " SMs x " + std::to_string(perSm) +
                  " blocks per SM" + why + ")";
}

bool resolveResidency(Spec &spec, const std::string &tablePath, std::string &error) {
  if (spec.device.empty()) {
    if (spec.blocksPerSm || spec.registersPerThread || spec.sharedBytesPerBlock || !spec.resourceUsage.empty()) {
      error = "--blocks-per-sm, registers, shared memory and --resource-usage need a device (--device or launch.device)";
      return false;
    }
    return true;
  }
  std::string path = tablePath.empty() ? defaultDeviceTable() : tablePath;
  auto buf = MemoryBuffer::getFile(path);
  if (!buf) {
    error = "cannot read device table '" + path + "': " + buf.getError().message();
    return false;
  }
  SourceMgr sm;
  std::string diag;
  sm.setDiagHandler([](const SMDiagnostic &d, void *ctx) {
    auto *e = static_cast<std::string *>(ctx);
    if (e->empty()) *e = std::to_string(d.getLineNo()) + ": " + d.getMessage().str();
  }, &diag);
  unsigned id = sm.AddNewSourceBuffer(std::move(*buf), SMLoc());
  yaml::Stream stream(sm.getMemoryBuffer(id)->getMemBufferRef(), sm);
  auto doc = stream.begin();
  auto *root = doc != stream.end() ? dyn_cast_or_null<yaml::MappingNode>(doc->getRoot()) : nullptr;
  std::map<std::string, uint64_t> fields;
  bool found = false;
  std::vector<std::string> known;
  if (root)
    for (auto &kv : *root) {
      auto *key = dyn_cast_or_null<yaml::ScalarNode>(kv.getKey());
      SmallString<32> kb;
      if (!key || key->getValue(kb) != "devices") continue;
      auto *devs = dyn_cast_or_null<yaml::MappingNode>(kv.getValue());
      if (!devs) break;
      for (auto &dkv : *devs) {
        auto *dk = dyn_cast_or_null<yaml::ScalarNode>(dkv.getKey());
        SmallString<32> db;
        if (!dk) continue;
        std::string name = dk->getValue(db).str();
        known.push_back(name);
        if (name != spec.device) continue;
        found = true;
        auto *fm = dyn_cast_or_null<yaml::MappingNode>(dkv.getValue());
        if (!fm) {
          error = path + ": device '" + name + "' is not a mapping of limits";
          return false;
        }
        // Every limit is a count; a misspelt or malformed one would
        // silently change what co-residency means.
        static const std::set<std::string> limitKeys = {
            "sms", "max_threads_per_sm", "max_blocks_per_sm", "registers_per_sm", "register_allocation_unit",
            "shared_bytes_per_sm", "shared_reserved_per_block"};
        for (auto &fkv : *fm) {
          auto *fk = dyn_cast_or_null<yaml::ScalarNode>(fkv.getKey());
          auto *fv = dyn_cast_or_null<yaml::ScalarNode>(fkv.getValue());
          SmallString<32> fb, vb;
          std::string key = fk ? fk->getValue(fb).str() : "";
          std::string where = path + ":" + std::to_string(sm.FindLineNumber(fkv.getKey() ? fkv.getKey()->getSourceRange().Start : SMLoc())) + ": ";
          if (key == "name") continue;
          if (!limitKeys.count(key)) {
            error = where + "unknown limit '" + key + "' of device '" + name + "'";
            return false;
          }
          uint64_t v;
          if (!fv || !parseUnsigned(fv->getValue(vb), v)) {
            error = where + "'" + key + "' of device '" + name + "' must be a count (decimal, or hexadecimal with 0x)";
            return false;
          }
          // (Counts of a real device; larger ones would overflow the
          // occupancy arithmetic.)
          if (v > kMaxDeviceQuantity) {
            error = where + "'" + key + "' of device '" + name + "' is larger than any device has";
            return false;
          }
          if (v == 0 && key != "shared_reserved_per_block") {
            error = where + "'" + key + "' of device '" + name + "' must be positive";
            return false;
          }
          if (!fields.emplace(key, v).second) {
            error = where + "'" + key + "' of device '" + name + "' is given twice";
            return false;
          }
        }
      }
    }
  if (!diag.empty()) {
    error = path + ":" + diag;
    return false;
  }
  if (!found) {
    std::string list;
    for (auto &n : known) list += (list.empty() ? "" : ", ") + n;
    error = "unknown device '" + spec.device + "' (" + path + " has: " + list + ")";
    return false;
  }
  for (const char *f : {"sms", "max_threads_per_sm", "max_blocks_per_sm", "registers_per_sm", "shared_bytes_per_sm"})
    if (!fields.count(f)) {
      error = path + ": device '" + spec.device + "' lacks '" + f + "'";
      return false;
    }
  if (spec.blocksPerSm && *spec.blocksPerSm > fields["max_blocks_per_sm"]) {
    error = "blocks per SM: " + std::to_string(*spec.blocksPerSm) + " is more than device '" + spec.device +
            "' allows (" + std::to_string(fields["max_blocks_per_sm"]) + ")";
    return false;
  }
  spec.deviceLimits = fields;
  std::optional<uint64_t> smem;
  if (spec.sharedBytesPerBlock) smem = *spec.sharedBytesPerBlock;
  else if (spec.launch.dynamicSmem) smem = *spec.launch.dynamicSmem;
  uint64_t perSm = blocksPerSmFor(spec, fields, spec.registersPerThread, smem);
  spec.launch.residentBlocks = fields["sms"] * perSm;
  spec.launch.device = spec.device + " (" + std::to_string(fields["sms"]) + " SMs x " + std::to_string(perSm) +
                       " blocks per SM" + (spec.blocksPerSm ? ", as stated" : "") + ")";
  return true;
}

bool readMemoryFile(const std::string &path, const std::string &element, std::vector<uint8_t> &bytes,
                    std::string &error) {
  static const std::map<std::string, std::pair<unsigned, bool>> types = {
      {"i8", {1, true}},  {"u8", {1, false}},  {"i16", {2, true}}, {"u16", {2, false}},
      {"i32", {4, true}}, {"u32", {4, false}}, {"i64", {8, true}}, {"u64", {8, false}}};
  auto type = types.find(element);
  if (type == types.end()) {
    error = "memory element '" + element + "' is not one of i8, u8, i16, u16, i32, u32, i64, u64";
    return false;
  }
  auto [size, isSigned] = type->second;
  auto buf = MemoryBuffer::getFile(path);
  if (!buf) {
    error = "cannot read memory file '" + path + "': " + buf.getError().message();
    return false;
  }
  StringRef text = (*buf)->getBuffer();
  unsigned line = 1;
  while (!text.empty()) {
    char ch = text.front();
    if (ch == '\n') { ++line; text = text.drop_front(); continue; }
    if (ch == '#') { text = text.drop_until([](char c) { return c == '\n'; }); continue; }
    if (isspace((unsigned char)ch) || ch == ',') { text = text.drop_front(); continue; }
    StringRef word = text.take_until([](char c) { return isspace((unsigned char)c) || c == ',' || c == '#'; });
    text = text.drop_front(word.size());
    auto bad = [&](const std::string &why) {
      error = path + ":" + std::to_string(line) + ": " + why;
      return false;
    };
    bool negative = word.consume_front("-");
    uint64_t v;
    if (!parseUnsigned(word, v)) return bad("'" + word.str() + "' is not an integer (decimal, or hexadecimal with 0x)");
    uint64_t maxMagnitude = size == 8 ? (isSigned ? (negative ? (1ull << 63) : INT64_MAX) : UINT64_MAX)
                                      : (isSigned ? (1ull << (8 * size - 1)) - (negative ? 0 : 1)
                                                  : (1ull << (8 * size)) - 1);
    if ((negative && !isSigned) || v > maxMagnitude)
      return bad(std::string(negative ? "-" : "") + std::to_string(v) + " does not fit " + element);
    if (negative) v = 0 - v;
    for (unsigned i = 0; i < size; ++i) bytes.push_back((uint8_t)(v >> (8 * i)));
  }
  return true;
}

bool loadSpec(const std::string &path, Spec &spec, std::string &error) {
  Loader l;
  l.path = path;
  bool ok = l.load(spec);
  if (!ok) error = l.error.empty() ? path + ": malformed spec file" : l.error;
  return ok;
}

}  // namespace syncproof::driver
