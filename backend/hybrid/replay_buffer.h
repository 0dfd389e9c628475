#pragma once

#include <Eigen/Dense>

#include <cstdint>
#include <vector>

namespace hetsched {

struct Transition {
  Eigen::VectorXd state;
  int action = 0;
  double reward = 0.0;
  Eigen::VectorXd next;            // empty when terminal
  std::vector<bool> nextFeasible;  // for the masked max over next actions
};

// Fixed-capacity ring of transitions; the oldest are overwritten.
class ReplayBuffer {
 public:
  explicit ReplayBuffer(std::size_t capacity) : m_capacity(capacity) {}
  void push(Transition t) {
    if (m_items.size() < m_capacity) m_items.push_back(std::move(t));
    else m_items[m_next] = std::move(t);
    m_next = (m_next + 1) % m_capacity;
  }
  std::size_t size() const { return m_items.size(); }
  const Transition& operator[](std::size_t i) const { return m_items[i]; }

 private:
  std::size_t m_capacity;
  std::size_t m_next = 0;
  std::vector<Transition> m_items;
};

}  // namespace hetsched
