#include "ordered_run.h"

#include <algorithm>
#include <cstddef>
#include <tuple>
#include <utility>
#include <vector>

namespace hetsched {

bool OrderedRun::before(const QueueEntry& a, const QueueEntry& b) const {
  if (m_bySize) return std::tie(a.sizeS, a.arrivalS, a.seq) < std::tie(b.sizeS, b.arrivalS, b.seq);
  return std::tie(a.arrivalS, a.seq) < std::tie(b.arrivalS, b.seq);
}

void OrderedRun::insert(const QueueEntry& entry) {
  if (m_blocks.empty()) m_blocks.emplace_back().reserve(kBlock);
  // The first block whose last entry is not before the new one; past the
  // end (the common case of FCFS: a new arrival is last) the last block.
  std::size_t b =
      m_size == 0
          ? 0
          : static_cast<std::size_t>(
                std::ranges::partition_point(m_blocks, [&](const auto& block) { return before(block.back(), entry); }) -
                m_blocks.begin());
  b = std::min(b, m_blocks.size() - 1);
  auto& block = m_blocks[b];
  const auto at = std::ranges::partition_point(block, [&](const QueueEntry& e) { return before(e, entry); });
  block.insert(at, entry);
  ++m_size;
  if (block.size() <= kBlock) return;
  // Split in halves: the second half becomes the next block.
  const auto half = block.begin() + static_cast<std::ptrdiff_t>(block.size() / 2);
  std::vector<QueueEntry> tail;
  tail.reserve(kBlock);
  tail.assign(half, block.end());
  block.erase(half, block.end());
  m_blocks.insert(m_blocks.begin() + static_cast<std::ptrdiff_t>(b + 1), std::move(tail));
}

OrderedRun::Pos OrderedRun::erase(Pos p) {
  auto& block = m_blocks[p.block];
  block.erase(block.begin() + p.index);
  --m_size;
  if (block.empty() && m_blocks.size() > 1) {
    m_blocks.erase(m_blocks.begin() + p.block);
    return {p.block, 0};
  }
  if (p.index < block.size()) return p;
  return {p.block + 1, 0};
}

}  // namespace hetsched
