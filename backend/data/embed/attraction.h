#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetsched::embed {

struct Affinities;

// The attractive half of the t-SNE gradient, sum_j p_ij w_ij (y_i - y_j) with
// w_ij = 1 / (1 + |y_i - y_j|^2), over the sparse P. Both halves of the
// symmetric P are stored row by row, so every worker writes only its own
// rows' forces (visiting each pair once would scatter writes to the other
// end, measured slower). Rows are split among workers by pair count.
class Attraction {
 public:
  Attraction(const Affinities& p, unsigned workers);

  // y: interleaved (x, y) positions in float; writes this worker's rows of
  // `forces` (interleaved). With `crossTerm` also returns the sum over its
  // rows of p_ij log(1 + |y_i - y_j|^2), the part of KL(P||Q) that depends
  // on the pairs of P (to within 1e-6 relative: a polynomial logarithm).
  double compute(unsigned worker, const float* y, float* forces, bool crossTerm) const;

  std::size_t pairs() const { return m_columns.size(); }

 private:
  std::vector<std::size_t> m_start;
  std::vector<std::int32_t> m_columns;
  std::vector<float> m_values;
  std::vector<std::size_t> m_split;  // first row of each worker, and n
};

}  // namespace hetsched::embed
