#include "completion_heap.h"

#include <cstddef>

namespace hetsched {

void CompletionHeap::push(const Completion& c) {
  std::size_t i = m_items.size();
  m_items.push_back(c);
  while (i > 0) {
    const std::size_t parent = (i - 1) / 4;
    if (!c.before(m_items[parent])) break;
    m_items[i] = m_items[parent];
    i = parent;
  }
  m_items[i] = c;
}

Completion CompletionHeap::pop() {
  const Completion top = m_items.front();
  const Completion last = m_items.back();
  m_items.pop_back();
  const std::size_t n = m_items.size();
  if (n == 0) return top;
  std::size_t i = 0;
  while (true) {
    const std::size_t first = 4 * i + 1;
    if (first >= n) break;
    std::size_t best = first;
    const std::size_t end = first + 4 < n ? first + 4 : n;
    for (std::size_t c = first + 1; c < end; ++c)
      if (m_items[c].before(m_items[best])) best = c;
    if (!m_items[best].before(last)) break;
    m_items[i] = m_items[best];
    i = best;
  }
  m_items[i] = last;
  return top;
}

}  // namespace hetsched
