#include "checker/address_ranges.h"

#include <algorithm>

namespace syncproof::checker {

namespace {
using U = unsigned __int128;
U mod(unsigned w) { return (U)1 << w; }
uint64_t wrap(U v, unsigned w) { return (uint64_t)(v % mod(w)); }
// A range of width w, or nullopt if it covers every value.
std::optional<ModRange> make(U start, U len, unsigned w) {
  if (len >= mod(w) - 1) return std::nullopt;
  return ModRange{wrap(start, w), (uint64_t)len};
}
// Does the range step over the boundary `at` -> `at` + 1 (mod 2^w)?
bool crosses(const ModRange &r, U at, unsigned w) {
  U d = (at + mod(w) - r.start) % mod(w);  // steps from start to `at`
  return d < r.len;
}
}  // namespace

std::optional<ModRange> AddressRanges::of(const z3::expr &e) {
  if (!e.is_bv() || e.get_sort().bv_size() > 64) return std::nullopt;
  auto it = memo.find(e.id());
  if (it != memo.end()) return it->second.second;
  std::optional<ModRange> r = compute(e);
  memo.emplace(e.id(), std::make_pair(e, r));
  return r;
}

void AddressRanges::bound(const z3::expr &constant, uint64_t last) {
  memo.insert_or_assign(constant.id(), std::make_pair(constant, make(0, last, constant.get_sort().bv_size())));
}

// A constant term's value.
static std::optional<uint64_t> constantOf(AddressRanges &r, const z3::expr &e) {
  std::optional<ModRange> m = r.of(e);
  if (m && m->len == 0) return m->start;
  return std::nullopt;
}

std::optional<ModRange> AddressRanges::compute(const z3::expr &e) {
  unsigned w = e.get_sort().bv_size();
  uint64_t v;
  if (e.is_numeral_u64(v)) return ModRange{v, 0};
  if (!e.is_app()) return std::nullopt;
  Z3_decl_kind k = e.decl().decl_kind();
  unsigned n = e.num_args();
  switch (k) {
  case Z3_OP_BADD: {
    U start = 0, len = 0;
    for (unsigned i = 0; i < n; ++i) {
      std::optional<ModRange> a = of(e.arg(i));
      if (!a) return std::nullopt;
      start += a->start;
      len += a->len;
    }
    return make(start, len, w);
  }
  case Z3_OP_BSUB: {
    std::optional<ModRange> a = of(e.arg(0)), b = of(e.arg(1));
    if (!a || !b || n != 2) return std::nullopt;
    return make((U)a->start + mod(w) - ((U)b->start + b->len) % mod(w), (U)a->len + b->len, w);
  }
  case Z3_OP_BNEG: {
    std::optional<ModRange> a = of(e.arg(0));
    if (!a) return std::nullopt;
    return make(mod(w) - ((U)a->start + a->len) % mod(w), a->len, w);
  }
  case Z3_OP_BMUL: {
    if (n != 2) return std::nullopt;
    std::optional<uint64_t> c = constantOf(*this, e.arg(0));
    z3::expr other = e.arg(1);
    if (!c) {
      c = constantOf(*this, e.arg(1));
      other = e.arg(0);
    }
    std::optional<ModRange> a = of(other);
    if (!c || !a) return std::nullopt;
    return make((U)a->start * *c, (U)a->len * *c, w);
  }
  case Z3_OP_BSHL: {
    std::optional<uint64_t> c = constantOf(*this, e.arg(1));
    std::optional<ModRange> a = of(e.arg(0));
    if (!c || !a || *c >= w) return std::nullopt;
    return make((U)a->start << *c, (U)a->len << *c, w);
  }
  case Z3_OP_SIGN_EXT:
  case Z3_OP_ZERO_EXT: {
    std::optional<ModRange> a = of(e.arg(0));
    unsigned from = e.arg(0).get_sort().bv_size();
    if (!a) {
      if (k == Z3_OP_ZERO_EXT) return make(0, mod(from) - 1, w);
      return make(mod(w) - mod(from - 1), mod(from) - 1, w);  // [-2^(from-1), 2^(from-1))
    }
    if (k == Z3_OP_ZERO_EXT) {
      if (crosses(*a, mod(from) - 1, from)) return make(0, mod(from) - 1, w);
      return make(a->start, a->len, w);
    }
    if (crosses(*a, mod(from - 1) - 1, from)) return make(mod(w) - mod(from - 1), mod(from) - 1, w);
    U s = a->start >= mod(from - 1) ? (U)a->start + mod(w) - mod(from) : (U)a->start;
    return make(s, a->len, w);
  }
  case Z3_OP_EXTRACT: {
    if (Z3_get_decl_int_parameter(e.ctx(), e.decl(), 1) != 0) return std::nullopt;
    std::optional<ModRange> a = of(e.arg(0));
    if (!a) return std::nullopt;
    return make(a->start, a->len, w);
  }
  case Z3_OP_BUREM:
  case Z3_OP_BUREM_I:
  case Z3_OP_BSMOD:
  case Z3_OP_BSMOD_I: {
    std::optional<uint64_t> c = constantOf(*this, e.arg(1));
    if (!c || *c == 0 || (k != Z3_OP_BUREM && k != Z3_OP_BUREM_I && *c >= (uint64_t)(mod(w - 1)))) return std::nullopt;
    return make(0, *c - 1, w);
  }
  case Z3_OP_BSREM:
  case Z3_OP_BSREM_I: {
    std::optional<uint64_t> c = constantOf(*this, e.arg(1));
    if (!c || *c == 0 || *c >= (uint64_t)(mod(w - 1))) return std::nullopt;
    return make(mod(w) - (*c - 1), 2 * (U)(*c - 1), w);
  }
  case Z3_OP_BUDIV:
  case Z3_OP_BUDIV_I:
  case Z3_OP_BLSHR: {
    std::optional<uint64_t> c = constantOf(*this, e.arg(1));
    if (!c) return std::nullopt;
    U d = k == Z3_OP_BLSHR ? (*c >= w ? mod(w) : (U)1 << *c) : (U)*c;
    if (d == 0) return std::nullopt;
    std::optional<ModRange> a = of(e.arg(0));
    if (!a || crosses(*a, mod(w) - 1, w)) return make(0, (mod(w) - 1) / d, w);
    return make(a->start / d, ((U)a->start + a->len) / d - a->start / d, w);
  }
  case Z3_OP_BSDIV:
  case Z3_OP_BSDIV_I:
  case Z3_OP_BASHR: {
    // On values in [0, 2^(w-1)) these are the unsigned division and shift.
    std::optional<uint64_t> c = constantOf(*this, e.arg(1));
    if (!c) return std::nullopt;
    if (k != Z3_OP_BASHR && *c == 1) return of(e.arg(0));
    U d = k == Z3_OP_BASHR ? (*c >= w ? mod(w) : (U)1 << *c) : (U)*c;
    if (d == 0 || (k != Z3_OP_BASHR && d >= mod(w - 1))) return std::nullopt;
    std::optional<ModRange> a = of(e.arg(0));
    if (!a || (U)a->start + a->len >= mod(w - 1)) return std::nullopt;  // may be negative
    return make(a->start / d, ((U)a->start + a->len) / d - a->start / d, w);
  }
  case Z3_OP_BAND: {
    for (unsigned i = 0; i < n; ++i)
      if (std::optional<uint64_t> m = constantOf(*this, e.arg(i))) return make(0, *m, w);
    return std::nullopt;
  }
  case Z3_OP_ITE: {
    std::optional<ModRange> a = of(e.arg(1)), b = of(e.arg(2));
    if (!a || !b) return std::nullopt;
    // The smaller of the two hulls, starting at a's start or at b's.
    U ab = std::max((U)a->len, ((U)b->start + mod(w) - a->start) % mod(w) + b->len);
    U ba = std::max((U)b->len, ((U)a->start + mod(w) - b->start) % mod(w) + a->len);
    return ab <= ba ? make(a->start, ab, w) : make(b->start, ba, w);
  }
  default:
    return std::nullopt;
  }
}

}  // namespace syncproof::checker
