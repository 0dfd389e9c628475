#include "tsne_schedule.h"

#include "tsne_options.h"

#include <algorithm>
#include <cstddef>

namespace hetsched::embed {

namespace {

// The least peak fall (per KL estimate) that ends exaggeration early.
constexpr double kMinPeakFall = 0.02;

}  // namespace

TsneSchedule::TsneSchedule(const TsneOptions& options, std::size_t points)
    : m_options(options),
      m_exaggerationEnd(std::max(0, options.exaggerationIterations)),
      m_exaggerating(options.exaggerationIterations > 0) {
  const double n = static_cast<double>(points);
  m_earlyRate =
      options.learningRate > 0.0 ? options.learningRate : std::max(200.0, n / std::max(1.0, options.exaggeration));
  // openTSNE's rate N / exaggeration in each phase; our gradient keeps
  // bhtsne's factor 4, which openTSNE and FIt-SNE drop, so N / 4 here. A
  // map that starts from a given one keeps the gentle rate: openTSNE warns
  // that the large one throws added points about.
  m_finalRate = options.finalLearningRate > 0.0 ? options.finalLearningRate
                : options.initial               ? m_earlyRate
                                                : std::max(m_earlyRate, n / 4.0);
}

TsneSchedule::Step TsneSchedule::step(int iteration) const {
  Step s;
  const bool early = m_exaggerating && iteration < m_exaggerationEnd;
  s.exaggeration = early ? m_options.exaggeration : 1.0;
  s.momentum = early ? m_options.initialMomentum : m_options.finalMomentum;
  s.rate = early ? m_earlyRate : m_finalRate;
  s.estimateKl = m_options.klInterval > 0 && (iteration + 1) % m_options.klInterval == 0;
  return s;
}

bool TsneSchedule::record(int iteration, double kl) {
  if (m_exaggerating && iteration + 1 >= m_exaggerationEnd) {
    m_exaggerating = false;
    m_estimates.clear();
    return true;
  }
  if (!step(iteration).estimateKl) return true;
  if (m_exaggerating) {
    if (!m_options.adaptiveExaggeration) return true;
    const double previous = m_estimates.empty() ? kl : m_estimates.back();
    m_estimates.push_back(kl);
    // The fall per estimate rises while clusters form and drops once they
    // have; a fall of a few per cent marks a real peak, not noise at the start.
    const double fall = (previous - kl) / previous;
    m_peakFall = std::max(m_peakFall, fall);
    if (m_peakFall >= kMinPeakFall && fall < 0.5 * m_peakFall) {
      m_exaggerationEnd = iteration + 1;
      m_exaggerating = false;
      m_estimates.clear();
    }
    return true;
  }
  // With points held, the KL is mostly theirs and flattens at once, however
  // far the moving ones still have to go: run every iteration asked for.
  if (!(m_options.klTolerance > 0.0) || m_options.heldPoints > 0) return true;
  // The lowest KL so far: a momentary rise (the grid growing a size, an
  // overshoot) neither stops the run nor counts as progress.
  const double best = m_estimates.empty() ? kl : std::min(kl, m_estimates.back());
  m_estimates.push_back(best);
  const std::size_t back = static_cast<std::size_t>(std::max(1, m_options.klWindow / m_options.klInterval));
  if (m_estimates.size() <= back) return true;
  const double before = m_estimates[m_estimates.size() - 1 - back];
  return before - best >= m_options.klTolerance * best;
}

}  // namespace hetsched::embed
