#pragma once

#include "kube_error.h"
#include "kube_store.h"

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

namespace hetsched {

class KubeApi;

// client-go's reflector in small: lists one resource (paged), then watches
// it from the list's resourceVersion with bookmarks, applying ADDED,
// MODIFIED and DELETED to the shared store. A 410 Gone — as the watch's
// HTTP status or as an ERROR event — means the server no longer has that
// version, so the next round lists again.
class KubeReflector {
 public:
  enum class Resource { Nodes, Pods };
  struct Stats {
    std::uint64_t lists = 0;
    std::uint64_t watches = 0;
    std::uint64_t events = 0;
    std::uint64_t bookmarks = 0;
    std::uint64_t relists = 0;  // lists caused by 410 Gone
    std::string resourceVersion;
    std::optional<KubeError> lastError;  // cleared by the next success
  };

  KubeReflector(KubeApi& api, Resource resource, std::mutex& storeMutex, KubeStore& store,
                int watchTimeoutSeconds = 300, int pageSize = 500);
  ~KubeReflector();
  KubeReflector(const KubeReflector&) = delete;
  KubeReflector& operator=(const KubeReflector&) = delete;

  // Replaces the store's objects of this resource with a fresh list.
  std::optional<KubeError> list();
  // One watch from the current resourceVersion until the server ends it.
  std::optional<KubeError> watchOnce();
  bool needsList() const;
  // The list/watch loop on a thread of its own, retrying with backoff.
  void start();
  void stop();
  Stats stats() const;

 private:
  std::string path() const;
  bool onEvent(std::string_view line);
  void setError(std::optional<KubeError> error);
  void loop();

  KubeApi& m_api;
  Resource m_resource;
  std::mutex& m_storeMutex;
  KubeStore& m_store;
  int m_watchTimeoutSeconds;
  int m_pageSize;
  mutable std::mutex m_mutex;  // m_stats, m_needList, m_stopping
  Stats m_stats;
  bool m_needList = true;
  bool m_stopping = false;
  std::condition_variable m_wake;
  std::thread m_thread;
};

}  // namespace hetsched
