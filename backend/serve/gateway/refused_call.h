#pragma once

#include <grpcpp/support/server_callback.h>
#include <grpcpp/support/status.h>

namespace hetsched {

// A stream the gateway refuses before it starts (no token, too many
// watchers): finishes at once with `status` and deletes itself when gRPC is
// done with it.
template <typename Message>
class RefusedWriter final : public grpc::ServerWriteReactor<Message> {
 public:
  explicit RefusedWriter(const grpc::Status& status) { this->Finish(status); }
  void OnDone() override { delete this; }
};

template <typename Message>
class RefusedReader final : public grpc::ServerReadReactor<Message> {
 public:
  explicit RefusedReader(const grpc::Status& status) { this->Finish(status); }
  void OnDone() override { delete this; }
};

}  // namespace hetsched
