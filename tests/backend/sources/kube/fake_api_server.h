#pragma once

#include <httplib.h>

#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

// A loopback stand-in for the Kubernetes API server that answers with the
// recorded responses in tests/data/kubernetes: lists, watch streams sent in
// chunks that split events mid-line, error Statuses, and Binding and
// Eviction POSTs, which it records for the test to check.
class FakeApiServer {
 public:
  struct Watch {
    int status = 200;
    std::string file;  // newline-delimited events, or a Status body when status != 200
  };

  explicit FakeApiServer(std::string dataDir);
  ~FakeApiServer();

  std::string url() const;
  // A status other than 200 answers every list with status-<N>.json.
  void setListStatus(int status);
  void setBindStatus(int status);
  // The next watch of "nodes" or "pods" gets this; with none queued, an
  // empty stream that ends after 50 ms.
  void queueWatch(const std::string& resource, Watch watch);
  int lists(const std::string& resource) const;
  std::vector<std::string> watchQueries(const std::string& resource) const;
  // (namespace/name, body) of every Binding POST, in order.
  std::vector<std::pair<std::string, std::string>> bindings() const;
  // (namespace/name, body) of every Eviction POST, in order.
  std::vector<std::pair<std::string, std::string>> evictions() const;
  std::string lastAuthorization() const;

 private:
  std::string read(const std::string& file) const;

  std::string m_dataDir;
  httplib::Server m_server;
  std::thread m_thread;
  int m_port = 0;
  mutable std::mutex m_mutex;
  int m_listStatus = 200;
  int m_bindStatus = 201;
  std::map<std::string, std::deque<Watch>> m_watches;
  std::map<std::string, int> m_lists;
  std::map<std::string, std::vector<std::string>> m_watchQueries;
  std::vector<std::pair<std::string, std::string>> m_bindings;
  std::vector<std::pair<std::string, std::string>> m_evictions;
  std::string m_authorization;
};
