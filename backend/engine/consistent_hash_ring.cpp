#include "consistent_hash_ring.h"

#include "hashing.h"

#include <algorithm>

namespace hetsched {

void ConsistentHashRing::add(std::uint32_t member) {
  for (std::uint32_t v = 0; v < m_virtualNodes; ++v) {
    const Point p{mix64((std::uint64_t{member} << 20) ^ v ^ 0x5bd1e995ULL * (member + 1)), member};
    m_points.insert(std::ranges::lower_bound(m_points, p), p);
  }
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
