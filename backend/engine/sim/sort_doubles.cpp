#include "sort_doubles.h"

#include "engine/core/huge_pages.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

constexpr int kDigitBits = 11;
constexpr std::size_t kBuckets = std::size_t{1} << kDigitBits;
constexpr int kPasses = (64 + kDigitBits - 1) / kDigitBits;

// Maps a double's bits to an unsigned key with the same order: negatives
// flipped whole (larger magnitude first), positives with the sign bit set.
constexpr std::uint64_t kSign = std::uint64_t{1} << 63;
std::uint64_t keyOf(double x) {
  const auto bits = std::bit_cast<std::uint64_t>(x);
  return (bits & kSign) != 0 ? ~bits : bits | kSign;
}
double valueOf(std::uint64_t key) { return std::bit_cast<double>((key & kSign) != 0 ? key & ~kSign : ~key); }

std::size_t digit(std::uint64_t key, int pass) { return (key >> (pass * kDigitBits)) & (kBuckets - 1); }

}  // namespace

void sortDoubles(std::vector<double>& values) {
  const std::size_t n = values.size();
  if (n < 4096) {
    std::ranges::sort(values);
    return;
  }
  std::vector<std::uint64_t> keys, spare;
  resizeOnHugePages(keys, n);
  resizeOnHugePages(spare, n);
  std::vector<std::array<std::size_t, kBuckets>> counts(kPasses);
  for (std::size_t i = 0; i < n; ++i) {
    keys[i] = keyOf(values[i]);
    for (int p = 0; p < kPasses; ++p) ++counts[p][digit(keys[i], p)];
  }
  for (int p = 0; p < kPasses; ++p) {
    std::array<std::size_t, kBuckets>& at = counts[p];
    if (at[digit(keys[0], p)] == n) continue;  // every key has this digit
    std::size_t sum = 0;
    for (std::size_t& c : at) sum += std::exchange(c, sum);
    for (const std::uint64_t k : keys) spare[at[digit(k, p)]++] = k;
    keys.swap(spare);
  }
  for (std::size_t i = 0; i < n; ++i) values[i] = valueOf(keys[i]);
}

}  // namespace hetsched
