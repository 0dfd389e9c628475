#include "free_capacity_index.h"

#include "base/model/device_kind.h"
#include "base/model/topology.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace hetsched {

FreeCapacityIndex::FreeCapacityIndex(const Topology& topology, std::span<const std::uint32_t> freeMilli,
                                     std::span<const std::uint32_t> totalMilli)
    : m_kindOf(topology.nodes.size()),
      m_position(topology.nodes.size()),
      m_free(freeMilli.begin(), freeMilli.end()),
      m_next(topology.nodes.size(), -1),
      m_prev(topology.nodes.size(), -1) {
  std::array<std::uint32_t, kDeviceKindCount> maxTotal{};
  for (std::uint32_t n = 0; n < topology.nodes.size(); ++n) {
    const std::size_t k = index(topology.nodes[n].kind);
    m_kindOf[n] = static_cast<std::uint8_t>(k);
    m_position[n] = static_cast<std::uint32_t>(m_kinds[k].nodes.size());
    m_kinds[k].nodes.push_back(n);
    maxTotal[k] = std::max({maxTotal[k], totalMilli[n], freeMilli[n]});
  }
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    PerKind& pk = m_kinds[k];
    pk.leaves = std::bit_ceil(std::max<std::size_t>(1, pk.nodes.size()));
    pk.tree.assign(std::size_t{2} * pk.leaves, 0);
    for (std::size_t i = 0; i < pk.nodes.size(); ++i) pk.tree[pk.leaves + i] = m_free[pk.nodes[i]];
    for (std::size_t i = pk.leaves - 1; i >= 1; --i) pk.tree[i] = std::max(pk.tree[2 * i], pk.tree[2 * i + 1]);
    const std::size_t buckets = std::size_t{maxTotal[k]} + 1;
    pk.bucketHead.assign(buckets, -1);
    pk.bits.assign((buckets + 63) / 64, 0);
    pk.summary.assign((pk.bits.size() + 63) / 64, 0);
    // Linked in reverse so that, on an untouched cluster, ties go to the
    // lowest node index.
    for (auto it = pk.nodes.rbegin(); it != pk.nodes.rend(); ++it) link(pk, *it);
  }
}

std::uint32_t FreeCapacityIndex::maxFree(DeviceKind kind) const {
  const PerKind& k = m_kinds[index(kind)];
  return k.nodes.empty() ? 0 : k.tree[1];
}

void FreeCapacityIndex::link(PerKind& k, std::uint32_t node) {
  const std::uint32_t b = m_free[node];
  const std::int32_t head = k.bucketHead[b];
  m_next[node] = head;
  m_prev[node] = -1;
  if (head >= 0) m_prev[static_cast<std::size_t>(head)] = static_cast<std::int32_t>(node);
  k.bucketHead[b] = static_cast<std::int32_t>(node);
  k.bits[b / 64] |= std::uint64_t{1} << (b % 64);
  k.summary[b / 4096] |= std::uint64_t{1} << ((b / 64) % 64);
}

void FreeCapacityIndex::unlink(PerKind& k, std::uint32_t node) {
  const std::uint32_t b = m_free[node];
  const std::int32_t next = m_next[node];
  const std::int32_t prev = m_prev[node];
  if (prev >= 0) m_next[static_cast<std::size_t>(prev)] = next;
  else k.bucketHead[b] = next;
  if (next >= 0) m_prev[static_cast<std::size_t>(next)] = prev;
  if (k.bucketHead[b] < 0) {
    k.bits[b / 64] &= ~(std::uint64_t{1} << (b % 64));
    if (k.bits[b / 64] == 0) k.summary[b / 4096] &= ~(std::uint64_t{1} << ((b / 64) % 64));
  }
}

void FreeCapacityIndex::update(std::uint32_t node, std::uint32_t freeMilli) {
  PerKind& k = m_kinds[m_kindOf[node]];
  if (m_free[node] == freeMilli) return;
  unlink(k, node);
  m_free[node] = freeMilli;
  link(k, node);
  std::size_t i = k.leaves + m_position[node];
  k.tree[i] = freeMilli;
  for (i /= 2; i >= 1; i /= 2) {
    const std::uint32_t v = std::max(k.tree[2 * i], k.tree[2 * i + 1]);
    if (k.tree[i] == v) break;
    k.tree[i] = v;
  }
}

std::int32_t FreeCapacityIndex::findLeftmost(const PerKind& k, std::uint32_t from, std::uint32_t need) const {
  if (from >= k.nodes.size() || k.tree[1] < need) return -1;
  // Walk up from the leaf at `from`, looking right for the first subtree
  // whose maximum reaches `need`, then walk down into it.
  std::size_t i = k.leaves + from;
  if (k.tree[i] >= need) return static_cast<std::int32_t>(from);
  while (true) {
    while (i % 2 == 1) {  // a right child: climb until we are a left child
      i /= 2;
      if (i <= 1) return -1;
    }
    ++i;  // right sibling
    if (k.tree[i] >= need) break;
  }
  while (i < k.leaves) i = k.tree[2 * i] >= need ? 2 * i : 2 * i + 1;
  const std::size_t pos = i - k.leaves;
  return pos < k.nodes.size() ? static_cast<std::int32_t>(pos) : -1;
}

std::optional<std::uint32_t> FreeCapacityIndex::firstFit(DeviceKind kind, std::uint32_t need, std::uint32_t from,
                                                         FitOracle& fit) const {
  const PerKind& k = m_kinds[index(kind)];
  for (std::int32_t pos = findLeftmost(k, from, need); pos >= 0;
       pos = findLeftmost(k, static_cast<std::uint32_t>(pos) + 1, need)) {
    const std::uint32_t node = k.nodes[static_cast<std::size_t>(pos)];
    if (fit.fits(node)) return node;
  }
  return std::nullopt;
}

std::optional<std::uint32_t> FreeCapacityIndex::nextFitWrapping(DeviceKind kind, std::uint32_t need, std::uint32_t from,
                                                                FitOracle& fit) const {
  const PerKind& k = m_kinds[index(kind)];
  if (k.nodes.empty()) return std::nullopt;
  from %= static_cast<std::uint32_t>(k.nodes.size());
  if (auto n = firstFit(kind, need, from, fit)) return n;
  // Second pass over [0, from): stop at `from`, which the first pass saw.
  for (std::int32_t pos = findLeftmost(k, 0, need); pos >= 0 && static_cast<std::uint32_t>(pos) < from;
       pos = findLeftmost(k, static_cast<std::uint32_t>(pos) + 1, need)) {
    const std::uint32_t node = k.nodes[static_cast<std::size_t>(pos)];
    if (fit.fits(node)) return node;
  }
  return std::nullopt;
}

std::optional<std::uint32_t> FreeCapacityIndex::nextBucketAtLeast(const PerKind& k, std::uint32_t value) const {
  if (value >= k.bucketHead.size()) return std::nullopt;
  std::size_t word = value / 64;
  std::uint64_t w = k.bits[word] & (~std::uint64_t{0} << (value % 64));
  if (w != 0) return static_cast<std::uint32_t>(word * 64 + static_cast<std::size_t>(std::countr_zero(w)));
  // Find the next non-empty word through the summary bitmap.
  std::size_t s = (word + 1) / 64;
  std::size_t bit = (word + 1) % 64;
  for (; s < k.summary.size(); ++s, bit = 0) {
    const std::uint64_t sw = bit >= 64 ? 0 : k.summary[s] & (~std::uint64_t{0} << bit);
    if (sw == 0) continue;
    word = s * 64 + static_cast<std::size_t>(std::countr_zero(sw));
    return static_cast<std::uint32_t>(word * 64 + static_cast<std::size_t>(std::countr_zero(k.bits[word])));
  }
  return std::nullopt;
}

std::optional<std::uint32_t> FreeCapacityIndex::prevBucketAtMost(const PerKind& k, std::uint32_t value) const {
  if (k.bucketHead.empty()) return std::nullopt;
  value = std::min<std::uint32_t>(value, static_cast<std::uint32_t>(k.bucketHead.size() - 1));
  std::size_t word = value / 64;
  const unsigned keep = value % 64;
  std::uint64_t w = k.bits[word] & (keep == 63 ? ~std::uint64_t{0} : ((std::uint64_t{1} << (keep + 1)) - 1));
  if (w != 0) return static_cast<std::uint32_t>(word * 64 + 63 - static_cast<std::size_t>(std::countl_zero(w)));
  if (word == 0) return std::nullopt;
  const std::size_t before = word - 1;  // last word still to look at
  for (std::size_t s = before / 64 + 1; s-- > 0;) {
    std::uint64_t sw = k.summary[s];
    if (s == before / 64) {
      const unsigned top = before % 64;
      sw &= top == 63 ? ~std::uint64_t{0} : ((std::uint64_t{1} << (top + 1)) - 1);
    }
    if (sw == 0) continue;
    word = s * 64 + 63 - static_cast<std::size_t>(std::countl_zero(sw));
    return static_cast<std::uint32_t>(word * 64 + 63 - static_cast<std::size_t>(std::countl_zero(k.bits[word])));
  }
  return std::nullopt;
}

std::optional<std::uint32_t> FreeCapacityIndex::bestFit(DeviceKind kind, std::uint32_t need, FitOracle& fit) const {
  const PerKind& k = m_kinds[index(kind)];
  if (k.nodes.empty() || k.tree[1] < need) return std::nullopt;
  for (auto b = nextBucketAtLeast(k, need); b; b = nextBucketAtLeast(k, *b + 1)) {
    for (std::int32_t n = k.bucketHead[*b]; n >= 0; n = m_next[static_cast<std::size_t>(n)]) {
      if (fit.fits(static_cast<std::uint32_t>(n))) return static_cast<std::uint32_t>(n);
    }
  }
  return std::nullopt;
}

std::optional<std::uint32_t> FreeCapacityIndex::worstFit(DeviceKind kind, std::uint32_t need, FitOracle& fit) const {
  const PerKind& k = m_kinds[index(kind)];
  if (k.nodes.empty() || k.tree[1] < need) return std::nullopt;
  for (auto b = prevBucketAtMost(k, k.tree[1]); b && *b >= need;
       b = *b == 0 ? std::nullopt : prevBucketAtMost(k, *b - 1)) {
    for (std::int32_t n = k.bucketHead[*b]; n >= 0; n = m_next[static_cast<std::size_t>(n)]) {
      if (fit.fits(static_cast<std::uint32_t>(n))) return static_cast<std::uint32_t>(n);
    }
  }
  return std::nullopt;
}

std::optional<std::uint32_t> FreeCapacityIndex::mostLoaded(DeviceKind kind, std::uint32_t freeBelow,
                                                           std::uint32_t maxVisits, FitOracle& accept) const {
  const PerKind& k = m_kinds[index(kind)];
  if (k.nodes.empty()) return std::nullopt;
  std::uint32_t visits = 0;
  for (auto b = nextBucketAtLeast(k, 0); b && *b < freeBelow; b = nextBucketAtLeast(k, *b + 1)) {
    for (std::int32_t n = k.bucketHead[*b]; n >= 0; n = m_next[static_cast<std::size_t>(n)]) {
      if (visits++ >= maxVisits) return std::nullopt;
      if (accept.fits(static_cast<std::uint32_t>(n))) return static_cast<std::uint32_t>(n);
    }
  }
  return std::nullopt;
}

}  // namespace hetsched
