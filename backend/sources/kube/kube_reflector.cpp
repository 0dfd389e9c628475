#include "kube_reflector.h"

#include "kube_api.h"
#include "kube_error.h"
#include "kube_objects.h"
#include "kube_store.h"
#include "watch_event.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

using nlohmann::json;

std::string urlEncode(const std::string& text) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (const unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out.push_back(static_cast<char>(c));
    } else {
      out.push_back('%');
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    }
  }
  return out;
}

}  // namespace

KubeReflector::KubeReflector(KubeApi& api, Resource resource, std::mutex& storeMutex, KubeStore& store,
                             int watchTimeoutSeconds, int pageSize)
    : m_api(api),
      m_resource(resource),
      m_storeMutex(storeMutex),
      m_store(store),
      m_watchTimeoutSeconds(watchTimeoutSeconds),
      m_pageSize(pageSize) {}

KubeReflector::~KubeReflector() { stop(); }

std::string KubeReflector::path() const { return m_resource == Resource::Nodes ? "/api/v1/nodes" : "/api/v1/pods"; }

void KubeReflector::setError(std::optional<KubeError> error) {
  std::lock_guard lock(m_mutex);
  m_stats.lastError = std::move(error);
}

bool KubeReflector::needsList() const {
  std::lock_guard lock(m_mutex);
  return m_needList;
}

KubeReflector::Stats KubeReflector::stats() const {
  std::lock_guard lock(m_mutex);
  return m_stats;
}

std::optional<KubeError> KubeReflector::list() {
  KubeStore fresh;
  std::string continueToken;
  std::string version;
  do {
    std::string query = path() + "?limit=" + std::to_string(m_pageSize);
    if (!continueToken.empty()) query += "&continue=" + urlEncode(continueToken);
    auto body = m_api.get(query);
    if (auto* e = std::get_if<KubeError>(&body)) {
      setError(*e);
      return *e;
    }
    const json doc = json::parse(std::get<std::string>(body), nullptr, false);
    if (!doc.is_object() || !doc.contains("items") || !doc["items"].is_array()) {
      KubeError e{0, "GET " + query + ": not a list"};
      setError(e);
      return e;
    }
    for (const json& item : doc["items"]) {
      // A malformed object is left out rather than failing the whole list.
      if (m_resource == Resource::Nodes) {
        if (auto node = nodeFromJson(item)) fresh.nodes.emplace(node->name, std::move(*node));
      } else if (auto pod = podFromJson(item)) {
        fresh.pods.emplace(pod->key(), std::move(*pod));
      }
    }
    version = resourceVersionOf(doc);
    const json& meta = doc.value("metadata", json::object());
    continueToken = meta.is_object() && meta.contains("continue") && meta["continue"].is_string()
                        ? meta["continue"].get<std::string>()
                        : std::string();
  } while (!continueToken.empty());
  {
    std::lock_guard lock(m_storeMutex);
    if (m_resource == Resource::Nodes) m_store.nodes = std::move(fresh.nodes);
    else m_store.pods = std::move(fresh.pods);
  }
  std::lock_guard lock(m_mutex);
  ++m_stats.lists;
  m_stats.resourceVersion = version;
  m_stats.lastError.reset();
  m_needList = false;
  return std::nullopt;
}

bool KubeReflector::onEvent(std::string_view line) {
  // Parsed outside the store's lock: readers of the store wait only for the
  // change itself.
  const std::optional<WatchEvent> event = parseWatchEvent(line, m_resource == Resource::Pods);
  if (!event) return true;
  if (event->type == WatchEvent::Type::Error) {
    // A Status object; code 410 means our resourceVersion is too old.
    std::lock_guard lock(m_mutex);
    if (event->errorCode == 410) {
      m_needList = true;
      ++m_stats.relists;
    } else {
      m_stats.lastError = KubeError{event->errorCode, "watch " + path() + ": " + event->errorMessage};
    }
    return false;
  }
  if (event->type == WatchEvent::Type::Bookmark) {
    std::lock_guard lock(m_mutex);
    ++m_stats.bookmarks;
    if (!event->resourceVersion.empty()) m_stats.resourceVersion = event->resourceVersion;
    return true;
  }
  {
    std::lock_guard lock(m_storeMutex);
    applyWatchEvent(*event, m_store);
  }
  std::lock_guard lock(m_mutex);
  ++m_stats.events;
  if (!event->resourceVersion.empty()) m_stats.resourceVersion = event->resourceVersion;
  return true;
}

std::optional<KubeError> KubeReflector::watchOnce() {
  std::string version;
  {
    std::lock_guard lock(m_mutex);
    version = m_stats.resourceVersion;
    ++m_stats.watches;
  }
  const std::string query = path() + "?watch=1&allowWatchBookmarks=true&resourceVersion=" + urlEncode(version) +
                            "&timeoutSeconds=" + std::to_string(m_watchTimeoutSeconds);
  auto error = m_api.watch(query, [this](std::string_view line) { return onEvent(line); });
  if (error && error->gone()) {
    std::lock_guard lock(m_mutex);
    m_needList = true;
    ++m_stats.relists;
    return std::nullopt;  // not a failure: the next round lists again
  }
  if (error) setError(error);
  return error;
}

void KubeReflector::start() {
  if (m_thread.joinable()) return;
  m_thread = std::thread([this] { loop(); });
}

void KubeReflector::stop() {
  {
    std::lock_guard lock(m_mutex);
    m_stopping = true;
  }
  m_wake.notify_all();
  if (m_thread.joinable()) m_thread.join();
}

void KubeReflector::loop() {
  auto backoff = std::chrono::milliseconds(500);
  for (;;) {
    {
      std::lock_guard lock(m_mutex);
      if (m_stopping) return;
    }
    const auto error = needsList() ? list() : watchOnce();
    if (!error) {
      backoff = std::chrono::milliseconds(500);
      continue;
    }
    // Failing again and again: wait longer each time, up to 30 s.
    std::unique_lock lock(m_mutex);
    if (m_wake.wait_for(lock, backoff, [this] { return m_stopping; })) return;
    backoff = std::min<std::chrono::milliseconds>(backoff * 2, std::chrono::seconds(30));
  }
}

}  // namespace hetsched
