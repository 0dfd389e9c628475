#include "job_features.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numbers>
#include <span>
#include <utility>
#include <vector>

namespace hetsched::embed {

void assignInterArrivals(std::span<JobSample> samples) {
  std::vector<std::size_t> order(samples.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return samples[a].job.submitTimeMs < samples[b].job.submitTimeMs;
  });
  std::array<std::int64_t, kJobKindCount> last;
  last.fill(-1);
  for (std::size_t i : order) {
    JobSample& s = samples[i];
    std::int64_t& previous = last[static_cast<std::size_t>(s.job.spec.kind)];
    s.interArrivalS = previous < 0 ? 0.0 : static_cast<double>(s.job.submitTimeMs - previous) / 1000.0;
    previous = s.job.submitTimeMs;
  }
}

std::array<double, JobFeatures::kNumeric> JobFeatures::numeric(const JobSample& sample) {
  const JobSpec& spec = sample.job.spec;
  const double runtime = sample.job.actualRuntimeS > 0.0 ? sample.job.actualRuntimeS : spec.estimatedRuntimeS;
  constexpr double kMsPerDay = 86400.0 * 1000.0;
  const double day = std::fmod(static_cast<double>(sample.job.submitTimeMs), kMsPerDay) / kMsPerDay;
  const double angle = 2.0 * std::numbers::pi * day;
  return {std::log1p(static_cast<double>(spec.requests.cpuMilli)),
          std::log1p(static_cast<double>(spec.requests.memoryMib)),
          static_cast<double>(spec.requests.gpuCount),
          static_cast<double>(spec.requests.gpuMilli) / 1000.0,
          static_cast<double>(spec.requests.tpuCount),
          std::log1p(std::max(0.0, runtime)),
          std::sin(angle),
          std::cos(angle),
          std::log1p(std::max(0.0, sample.interArrivalS)),
          std::log1p(std::max(0.0, sample.device.peakTflops)),
          std::log1p(std::max(0.0, sample.device.memoryBandwidthGbps)),
          std::log1p(std::max(0.0, sample.device.instructionLatencyNs))};
}

void JobFeatures::fit(std::span<const JobSample> samples) {
  std::array<double, kNumeric> sum{}, sum2{};
  for (const JobSample& s : samples) {
    const auto v = numeric(s);
    for (std::size_t f = 0; f < kNumeric; ++f) {
      sum[f] += v[f];
      sum2[f] += v[f] * v[f];
    }
  }
  const double n = std::max<double>(1.0, static_cast<double>(samples.size()));
  for (std::size_t f = 0; f < kNumeric; ++f) {
    const double mean = sum[f] / n;
    const double var = std::max(0.0, sum2[f] / n - mean * mean);
    m_mean[f] = static_cast<float>(mean);
    // A feature constant in the training data carries no information; a unit
    // scale keeps it from blowing up on new data.
    m_stddev[f] = var > 1e-12 ? static_cast<float>(std::sqrt(var)) : 1.0f;
  }
}

Eigen::VectorXf JobFeatures::encode(const JobSample& sample) const {
  Eigen::VectorXf x = Eigen::VectorXf::Zero(kDimension);
  const auto v = numeric(sample);
  for (std::size_t f = 0; f < kNumeric; ++f) {
    x[static_cast<Eigen::Index>(f)] = (static_cast<float>(v[f]) - m_mean[f]) / m_stddev[f];
  }
  std::size_t at = kNumeric;
  x[static_cast<Eigen::Index>(at + static_cast<std::size_t>(sample.job.spec.kind))] = 1.0f;
  at += kJobKindCount;
  x[static_cast<Eigen::Index>(at + static_cast<std::size_t>(sample.job.spec.priority))] = 1.0f;
  at += kPriorityClassCount;
  x[static_cast<Eigen::Index>(at + static_cast<std::size_t>(sample.job.spec.qos))] = 1.0f;
  at += 4;
  x[static_cast<Eigen::Index>(at + index(sample.device.kind))] = 1.0f;
  return x;
}

Eigen::MatrixXf JobFeatures::encode(std::span<const JobSample> samples) const {
  Eigen::MatrixXf x(static_cast<Eigen::Index>(kDimension), static_cast<Eigen::Index>(samples.size()));
  for (std::size_t i = 0; i < samples.size(); ++i) x.col(static_cast<Eigen::Index>(i)) = encode(samples[i]);
  return x;
}

bool JobFeatures::setStatistics(std::vector<float> mean, std::vector<float> stddev) {
  if (mean.size() != kNumeric || stddev.size() != kNumeric) return false;
  for (float s : stddev) {
    if (!(s > 0.0f) || !std::isfinite(s)) return false;
  }
  m_mean = std::move(mean);
  m_stddev = std::move(stddev);
  return true;
}

}  // namespace hetsched::embed
