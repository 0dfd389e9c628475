#pragma once

#include <cstddef>
#include <vector>

namespace hetsched::embed {

struct TsneOptions;

// When t-SNE exaggerates, how fast it steps, and when it stops, driven by
// the KL estimates of the run (docs/tsne.md): early exaggeration ends once
// the KL's relative fall per estimate has peaked and halved (opt-SNE, Belkina
// et al. 2019, end it at the peak), and the run ends once a further
// `klWindow` iterations bought less than klTolerance of the KL.
class TsneSchedule {
 public:
  TsneSchedule(const TsneOptions& options, std::size_t points);

  struct Step {
    double exaggeration = 1.0;
    double momentum = 0.8;
    double rate = 200.0;
    bool estimateKl = false;
  };
  // The settings of iteration `iteration` (0-based, called in order).
  Step step(int iteration) const;
  // After iteration `iteration`, with its KL estimate if step() asked for
  // one. False when the run has converged.
  bool record(int iteration, double kl);

  // Iterations run exaggerated (so far, while exaggerating).
  int exaggeratedIterations() const { return m_exaggerationEnd; }

 private:
  const TsneOptions& m_options;
  double m_earlyRate;
  double m_finalRate;
  int m_exaggerationEnd;  // first iteration without exaggeration
  bool m_exaggerating;
  double m_peakFall = 0.0;
  // This phase's estimates (after the exaggeration, the lowest so far),
  // every klInterval iterations.
  std::vector<double> m_estimates;
};

}  // namespace hetsched::embed
