#pragma once

#include <memory>

namespace grpc {
class ClientContext;
}

namespace hetsched {

// A client's unary calls that gRPC has not yet finished with. A call's
// ClientContext holds a reference to the channel, and gRPC destroys the
// call's callback, and with it the context, on its own callback thread. When
// that reference is the channel's last (the client gone meanwhile), the
// channel is destroyed on that thread, and gRPC 1.51 frees the completion
// queue the thread goes on reading: an abort in grpc_cq_internal_unref
// (seen closing a console on 1,000,000 devices while it listed 100,000
// jobs). So a client cancels its calls and waits until each context is
// gone before it lets go of the channel.
class CallsInFlight {
  struct State;

 public:
  // One call's place in the set: the first member of a UnaryCall, so that
  // it leaves the set only after the call's context has been destroyed.
  class Entry {
   public:
    Entry() = default;
    ~Entry();
    Entry(const Entry&) = delete;
    Entry& operator=(const Entry&) = delete;
    Entry(Entry&&) = delete;
    Entry& operator=(Entry&&) = delete;

   private:
    friend class CallsInFlight;
    std::shared_ptr<State> m_state;
    grpc::ClientContext* m_context = nullptr;
  };

  CallsInFlight();
  // Cancels and waits, as cancelAll.
  ~CallsInFlight();
  CallsInFlight(const CallsInFlight&) = delete;
  CallsInFlight& operator=(const CallsInFlight&) = delete;
  CallsInFlight(CallsInFlight&&) = delete;
  CallsInFlight& operator=(CallsInFlight&&) = delete;

  // Adds a call: its entry and context are members of `call`, which gRPC's
  // callback owns. After cancelAll, a call added is cancelled at once.
  void add(Entry& entry, grpc::ClientContext& context, const std::shared_ptr<void>& call);
  // Cancels every call in flight and returns once gRPC has let go of all of
  // them (promptly: a cancelled call completes at once).
  void cancelAll();

 private:
  std::shared_ptr<State> m_state;
};

}  // namespace hetsched
