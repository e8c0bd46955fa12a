// Value ranges of bit-vector terms (checker/address_ranges.h): each range must
// contain every value the term can take (checked here by enumerating the free
// variable where it is small), and be as tight as the rules promise.
#include "checker/address_ranges.h"

#include <gtest/gtest.h>

using syncproof::checker::AddressRanges;
using syncproof::checker::ModRange;

namespace {

bool contains(const ModRange &r, uint64_t v, unsigned w) {
  uint64_t mask = w == 64 ? ~0ull : (1ull << w) - 1;
  return ((v - r.start) & mask) <= r.len;
}

// Every value of `term` over all 8-bit values of `x` lies in its range.
void expectCovers(z3::context &c, const z3::expr &x, const z3::expr &term) {
  AddressRanges ranges;
  std::optional<ModRange> r = ranges.of(term);
  ASSERT_TRUE(r.has_value()) << term;
  unsigned w = term.get_sort().bv_size();
  for (unsigned v = 0; v < 256; ++v) {
    z3::expr_vector from(c), to(c);
    from.push_back(x);
    to.push_back(c.bv_val(v, 8));
    z3::expr val = z3::expr(term).substitute(from, to).simplify();
    uint64_t out = 0;
    ASSERT_TRUE(val.is_numeral_u64(out));
    EXPECT_TRUE(contains(*r, out, w)) << term << " at x = " << v << " gives " << out;
  }
}

}  // namespace

TEST(AddressRanges, PageRingIndexIsBoundedWhateverTheCounter) {
  z3::context c;
  z3::expr gp = c.bv_const("gp", 32);
  // empty + 8 * sext64(gp % 12): the signed remainder is in [-11, 11].
  z3::expr off = c.bv_val(1000, 64) + c.bv_val(8, 64) * z3::sext(z3::srem(gp, c.bv_val(12, 32)), 32);
  AddressRanges ranges;
  std::optional<ModRange> r = ranges.of(off);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->start, 1000u - 88u);
  EXPECT_EQ(r->len, 176u);
  // Unsigned remainder, masks and shifts.
  EXPECT_EQ(ranges.of(z3::urem(gp, c.bv_val(12, 32)))->len, 11u);
  EXPECT_EQ(ranges.of(gp & c.bv_val(15, 32))->len, 15u);
  EXPECT_EQ(ranges.of(z3::lshr(gp, c.bv_val(28, 32)))->len, 15u);
  EXPECT_EQ(ranges.of(z3::zext(gp, 32))->len, 0xffffffffull);
  // A thread index below a fixed block size: `tid >> 5` is a warp.
  z3::expr tid = c.bv_const("tid", 32);
  ranges.bound(tid, 287);
  EXPECT_EQ(ranges.of(z3::lshr(tid, c.bv_val(5, 32)))->len, 8u);
  EXPECT_EQ(ranges.of(z3::ashr(tid, c.bv_val(5, 32)))->len, 8u);  // `int tid`: non-negative here
  EXPECT_EQ(ranges.of(tid / c.bv_val(32, 32))->len, 8u);          // signed division, likewise
  EXPECT_FALSE(ranges.of(z3::ashr(gp, c.bv_val(5, 32))).has_value());  // gp may be negative
  // A free variable, or a product of two, is any value.
  EXPECT_FALSE(ranges.of(gp).has_value());
  EXPECT_FALSE(ranges.of(gp * c.bv_const("q", 32)).has_value());
  EXPECT_FALSE(ranges.of(gp + c.bv_val(1, 32)).has_value());
}

TEST(AddressRanges, RangesContainEveryValue) {
  z3::context c;
  z3::expr x = c.bv_const("x", 8);
  expectCovers(c, x, z3::sext(z3::srem(x, c.bv_val(5, 8)), 8) * c.bv_val(4, 16) + c.bv_val(100, 16));
  expectCovers(c, x, z3::zext(z3::urem(x, c.bv_val(7, 8)), 24) - c.bv_val(3, 32));
  expectCovers(c, x, z3::shl(z3::zext(x & c.bv_val(0x1f, 8), 8), c.bv_val(3, 16)));
  expectCovers(c, x, z3::ite(x > c.bv_val(3, 8), z3::zext(x & c.bv_val(3, 8), 8), c.bv_val(200, 16)));
  expectCovers(c, x, z3::sext(z3::lshr(x, c.bv_val(4, 8)), 8) + c.bv_val(65530, 16));
  expectCovers(c, x, z3::udiv(z3::zext(x, 8), c.bv_val(3, 16)));
  expectCovers(c, x, z3::sext(x, 8).extract(11, 0) - z3::zext(x & c.bv_val(1, 8), 4));
  expectCovers(c, x, -(z3::zext(z3::urem(x, c.bv_val(9, 8)), 8)));
  expectCovers(c, x, z3::sext(z3::smod(x, c.bv_val(6, 8)), 8));
  expectCovers(c, x, z3::ashr(z3::zext(x, 8), c.bv_val(3, 16)));
  expectCovers(c, x, z3::zext(x, 8) / c.bv_val(7, 16));
}
