#pragma once

#include "hetsched.pb.h"

#include <memory>
#include <mutex>
#include <utility>

namespace hetsched {

// The latest live forecast, encoded once by the gateway's predictor thread
// and shared by every GetPredictions call; its own lock, so a forecast
// being published never waits for the cluster's.
class PredictionBoard {
 public:
  void publish(std::shared_ptr<const v1::GetPredictionsResponse> latest) {
    std::lock_guard lock(m_mutex);
    m_latest = std::move(latest);
  }
  // Null until the first forecast.
  std::shared_ptr<const v1::GetPredictionsResponse> latest() const {
    std::lock_guard lock(m_mutex);
    return m_latest;
  }

 private:
  mutable std::mutex m_mutex;
  std::shared_ptr<const v1::GetPredictionsResponse> m_latest;
};

}  // namespace hetsched
