#pragma once

#include "cluster_client.h"
#include "data/store/snapshot_data.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <variant>

namespace grpc {
class Channel;
}

namespace hetsched {

struct FetchProgress {
  std::size_t jobsReceived = 0;
  std::size_t jobCount = 0;
  std::size_t framesReceived = 0;
  std::size_t frameCount = 0;
  std::uint64_t bytesReceived = 0;
};

// Called after each chunk; return false to cancel the fetch.
using FetchProgressFn = std::function<bool(const FetchProgress&)>;

// Receives a gateway's GetSnapshot stream and assembles a SnapshotData that
// SnapshotStore::save() takes as it is. Blocking: run it on a worker thread
// or in the CLI, never on a GUI thread. Cancellation takes effect between
// chunks (each about 1 MB).
class SnapshotFetcher {
 public:
  // The channel is shared with a ClusterClient, so a fetch uses the same
  // connection settings (credentials, message limits) as the live stream.
  // bearerToken: a viewer's or better, where the gateway wants one for reads.
  explicit SnapshotFetcher(std::shared_ptr<grpc::Channel> channel,
                           std::chrono::milliseconds deadline = std::chrono::minutes(10), std::string bearerToken = {});

  // historySeconds: frames back from the newest; 0 = all the gateway keeps.
  // A cancelled fetch answers RpcError with code CANCELLED.
  std::variant<SnapshotData, RpcError> fetch(double historySeconds, const FetchProgressFn& progress = {});

 private:
  std::shared_ptr<grpc::Channel> m_channel;
  std::chrono::milliseconds m_deadline;
  std::string m_bearerToken;
};

}  // namespace hetsched
