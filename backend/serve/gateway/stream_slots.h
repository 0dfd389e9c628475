#pragma once

#include <cstddef>
#include <functional>
#include <grpcpp/support/status.h>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

// Open streams of one kind (frame watchers, snapshot fetches, agent
// reports), counted in all and per peer address, so that no client, and no
// crowd of them, holds more than its share of the gateway's memory and
// threads. Loopback peers share one address, so only the total binds them.
class StreamSlots {
 public:
  struct Limits {
    std::size_t total = 256;
    std::size_t perPeer = 32;
  };

  // One open stream; gives its place back when destroyed.
  class Slot {
   public:
    Slot(Slot&& other) noexcept;
    Slot& operator=(Slot&&) = delete;
    Slot(const Slot&) = delete;
    ~Slot();

   private:
    friend class StreamSlots;
    Slot(StreamSlots* owner, std::string peer) : m_owner(owner), m_peer(std::move(peer)) {}
    StreamSlots* m_owner;
    std::string m_peer;
  };

  explicit StreamSlots(std::string kind) : m_kind(std::move(kind)) {}
  void setLimits(const Limits& limits);
  // A place for a new stream from `peer` (CallGate::peerAddress), or
  // RESOURCE_EXHAUSTED naming the limit that is reached.
  std::variant<Slot, grpc::Status> acquire(const std::string& peer);
  std::size_t open() const;

 private:
  void release(const std::string& peer);

  const std::string m_kind;
  mutable std::mutex m_mutex;
  Limits m_limits;
  std::size_t m_open = 0;
  std::map<std::string, std::size_t, std::less<>> m_perPeer;
};

}  // namespace hetsched
