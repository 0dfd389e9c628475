#pragma once

#include "attraction.h"
#include "interpolated_repulsion.h"

#include <vector>

namespace hetsched::embed {

struct Affinities;
struct TsneOptions;
class WorkerPool;

// Gradient descent on KL(P||Q) with momentum and per-coordinate gains
// (Jacobs 1988), the update rule of bhtsne, FIt-SNE and openTSNE, steps
// clipped as in the latter two.
class TsneOptimiser {
 public:
  TsneOptimiser(const Affinities& p, const TsneOptions& options, std::vector<double> y, WorkerPool& pool);

  // One step at the given exaggeration, momentum and learning rate. With
  // `estimateKl`, returns KL(P||Q) of the positions before the step (P not
  // exaggerated; Z from the grid, the log terms from the pairs of P), else 0.
  double step(double exaggeration, double momentum, double rate, bool estimateKl);

  // KL(P||Q) of the current positions, estimated as in step().
  double estimateKl();

  const std::vector<double>& positions() const { return m_y; }

 private:
  // Attraction, repulsion and Z at the current positions; the KL estimate
  // when asked, else 0.
  double forces(bool estimateKl, double* z);
  void recentre();
  void refreshFloatPositions();

  const Affinities& m_p;
  const TsneOptions& m_options;
  WorkerPool& m_pool;
  std::vector<double> m_y;
  std::vector<double> m_velocity;
  std::vector<double> m_gains;
  std::vector<double> m_repulsion;
  std::vector<float> m_yFloat;  // the positions the attraction reads
  std::vector<float> m_attraction;
  std::vector<double> m_cross;  // per worker, for the KL estimate
  Attraction m_attractionRows;
  InterpolatedRepulsion m_repulsionField;
};

}  // namespace hetsched::embed
