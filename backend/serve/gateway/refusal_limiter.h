#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

namespace hetsched {

// Token buckets over refused calls, so that a client hammering the gateway
// without a valid token costs a bounded amount of audit log and work: each
// peer (an IP address) may be refused `peerBurst` times at once and
// `peerPerSecond` after; beyond that its refusals are answered
// RESOURCE_EXHAUSTED and not audited one by one. All peers together get
// `totalBurst` / `totalPerSecond` audit lines; the rest are counted, and the
// next audited line says how many went unaudited.
class RefusalLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  struct Options {
    double peerBurst = 30;
    double peerPerSecond = 0.5;
    double totalBurst = 300;
    double totalPerSecond = 5;
    std::size_t maxPeers = 4096;  // least recently refused peers are forgotten beyond this
  };

  enum class Verdict : std::uint8_t {
    Audit,     // refuse as usual and write the audit line
    Count,     // refuse as usual; the audit budget is spent, only counted
    Throttle,  // this peer is over its budget: RESOURCE_EXHAUSTED
  };
  struct Decision {
    Verdict verdict = Verdict::Audit;
    std::uint64_t unaudited = 0;  // Audit: refusals not audited since the last audited one
  };

  void setOptions(const Options& options);

  Decision refuse(const std::string& peer, Clock::time_point now = Clock::now());

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point last;
  };
  static bool take(Bucket& bucket, double burst, double perSecond, Clock::time_point now);
  void forgetOldest();

  std::mutex m_mutex;
  Options m_options;
  std::unordered_map<std::string, Bucket> m_peers;
  Bucket m_total{-1, {}};
  std::uint64_t m_unaudited = 0;
};

}  // namespace hetsched
