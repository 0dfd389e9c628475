#include "consistent_hash_ring.h"

#include "hashing.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace hetsched {

void ConsistentHashRing::add(std::uint32_t member) { add(std::span<const std::uint32_t>(&member, 1)); }

// The new points are sorted on their own and merged in: inserting them one
// by one into the sorted ring moved half of it each time, quadratic in the
// ring's size (a validated policy of 10,000 virtual nodes on a cluster of 300
// nodes would take tens of minutes to build its rings; fuzz_policy_json).
void ConsistentHashRing::add(std::span<const std::uint32_t> members) {
  const auto old = static_cast<std::ptrdiff_t>(m_points.size());
  m_points.reserve(m_points.size() + members.size() * m_virtualNodes);
  for (const std::uint32_t member : members) {
    for (std::uint32_t v = 0; v < m_virtualNodes; ++v)
      m_points.push_back({mix64((std::uint64_t{member} << 20) ^ v ^ 0x5bd1e995ULL * (member + 1)), member});
  }
  std::sort(m_points.begin() + old, m_points.end());
  std::inplace_merge(m_points.begin(), m_points.begin() + old, m_points.end());
}

void ConsistentHashRing::remove(std::uint32_t member) {
  std::erase_if(m_points, [member](const Point& p) { return p.member == member; });
}

std::size_t ConsistentHashRing::ownerPoint(std::uint64_t keyHash) const {
  const auto it = std::ranges::lower_bound(m_points, keyHash, {}, &Point::hash);
  return it == m_points.end() ? 0 : static_cast<std::size_t>(it - m_points.begin());
}

std::optional<std::uint32_t> ConsistentHashRing::owner(std::string_view key) const {
  if (m_points.empty()) return std::nullopt;
  return memberAt(ownerPoint(stableHash(key)));
}

}  // namespace hetsched
