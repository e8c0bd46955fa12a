// The values a bit-vector term can take whatever its free constants are,
// computed from the term alone (checker-internal; includes Z3). The stable
// loads' check (docs/model.md) uses it to rule out a write whose address its
// own arithmetic bounds (`empty + 8 * (gp % 12)`) with a query about the
// load alone, instead of one over the write's whole path.
#pragma once

#include <z3++.h>

#include <cstdint>
#include <optional>
#include <unordered_map>

namespace syncproof::checker {

// {start + t mod 2^w : 0 <= t <= len}: an interval that may wrap around;
// len < 2^w - 1 (never every value).
struct ModRange {
  uint64_t start, len;
};
class AddressRanges {
 public:
  // The range of `e` (a bit-vector of at most 64 bits), or nullopt when it
  // may be any value. Memoized by AST id (the memo holds each term, so that
  // its id is not reused while the memo lives).
  std::optional<ModRange> of(const z3::expr &e);
  // A fact about a free constant that holds in every execution (a thread
  // index below a fixed block size): its range is [0, last].
  void bound(const z3::expr &constant, uint64_t last);

 private:
  std::unordered_map<unsigned, std::pair<z3::expr, std::optional<ModRange>>> memo;
  std::optional<ModRange> compute(const z3::expr &e);
};

}  // namespace syncproof::checker
