#include "calls_in_flight.h"

#include <algorithm>
#include <condition_variable>
#include <grpcpp/client_context.h>
#include <memory>
#include <mutex>
#include <vector>

namespace hetsched {

struct CallsInFlight::State {
  struct Call {
    grpc::ClientContext* context;
    std::weak_ptr<void> owner;  // the UnaryCall holding the context
  };
  std::mutex mutex;
  std::condition_variable ended;
  std::vector<Call> calls;
  bool cancelling = false;
};

CallsInFlight::Entry::~Entry() {
  if (!m_state) return;
  {
    std::lock_guard lock(m_state->mutex);
    auto& calls = m_state->calls;
    calls.erase(
        std::remove_if(calls.begin(), calls.end(), [this](const State::Call& c) { return c.context == m_context; }),
        calls.end());
  }
  m_state->ended.notify_all();
}

CallsInFlight::CallsInFlight() : m_state(std::make_shared<State>()) {}

CallsInFlight::~CallsInFlight() { cancelAll(); }

void CallsInFlight::add(Entry& entry, grpc::ClientContext& context, const std::shared_ptr<void>& call) {
  entry.m_state = m_state;
  entry.m_context = &context;
  bool cancel = false;
  {
    std::lock_guard lock(m_state->mutex);
    m_state->calls.push_back({&context, call});
    cancel = m_state->cancelling;
  }
  // Not started yet: it ends cancelled as soon as it starts.
  if (cancel) context.TryCancel();
}

void CallsInFlight::cancelAll() {
  std::vector<State::Call> calls;
  {
    std::lock_guard lock(m_state->mutex);
    m_state->cancelling = true;
    calls = m_state->calls;
  }
  // Outside the lock: a cancelled call's callback may run on this thread and
  // end its entry. Holding the call keeps its context alive meanwhile; if
  // this is the last hold, the context goes here, on the caller's thread.
  for (const State::Call& c : calls) {
    if (const std::shared_ptr<void> alive = c.owner.lock()) c.context->TryCancel();
  }
  calls.clear();
  std::unique_lock lock(m_state->mutex);
  m_state->ended.wait(lock, [this] { return m_state->calls.empty(); });
}

}  // namespace hetsched
