#pragma once

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"

#include <Eigen/Core>
#include <array>
#include <cstddef>
#include <span>
#include <vector>

namespace hetsched::embed {

// One observed job: what it asked for, when it came, and the device it ran on.
struct JobSample {
  Job job;
  DeviceModel device;
  double interArrivalS = 0.0;  // since the previous job of the same kind
};

// Sets interArrivalS from submit times, per job kind (0 for the first).
void assignInterArrivals(std::span<JobSample> samples);

// The seed's §3.1/§3.3 job profile as a vector: requests, runtime, arrival
// pattern and the computational features of the device (peak FLOPS, memory
// bandwidth, instruction latency), z-scored with statistics fitted once and
// stored with the model; kind, priority, QoS and device kind one-hot.
class JobFeatures {
 public:
  static constexpr std::size_t kNumeric = 12;
  static constexpr std::size_t kOneHot = kJobKindCount + kPriorityClassCount + 4 + kDeviceKindCount;
  static constexpr std::size_t kDimension = kNumeric + kOneHot;

  // Unscaled numeric features; heavy-tailed quantities are log-compressed.
  static std::array<double, kNumeric> numeric(const JobSample& sample);

  void fit(std::span<const JobSample> samples);
  // One column per sample.
  Eigen::MatrixXf encode(std::span<const JobSample> samples) const;
  Eigen::VectorXf encode(const JobSample& sample) const;

  const std::vector<float>& mean() const { return m_mean; }
  const std::vector<float>& stddev() const { return m_stddev; }
  // Stored statistics (from a model file); false if the sizes are wrong.
  bool setStatistics(std::vector<float> mean, std::vector<float> stddev);

 private:
  std::vector<float> m_mean = std::vector<float>(kNumeric, 0.0f);
  std::vector<float> m_stddev = std::vector<float>(kNumeric, 1.0f);
};

}  // namespace hetsched::embed
