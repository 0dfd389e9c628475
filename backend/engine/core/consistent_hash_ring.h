#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace hetsched {

// A hash ring with `virtualNodes` points per member (Karger et al.): a key
// belongs to the first point clockwise of its hash. Adding or removing a
// member moves only the keys of the arcs it gains or loses, about 1/members
// of them, and virtual nodes keep the arcs even.
class ConsistentHashRing {
 public:
  explicit ConsistentHashRing(std::uint32_t virtualNodes) : m_virtualNodes(virtualNodes) {}

  void add(std::uint32_t member);
  // Several members at once: one sort, not one pass over the ring each.
  void add(std::span<const std::uint32_t> members);
  void remove(std::uint32_t member);
  bool empty() const { return m_points.empty(); }
  std::size_t pointCount() const { return m_points.size(); }

  std::optional<std::uint32_t> owner(std::string_view key) const;
  // Ring position of the key's owner point; walking on from there visits
  // the fallbacks in ring order.
  std::size_t ownerPoint(std::uint64_t keyHash) const;
  std::uint32_t memberAt(std::size_t point) const { return m_points[point % m_points.size()].member; }

 private:
  struct Point {
    std::uint64_t hash;
    std::uint32_t member;
    auto operator<=>(const Point&) const = default;
  };
  std::uint32_t m_virtualNodes;
  std::vector<Point> m_points;  // sorted by hash, then member
};

}  // namespace hetsched
