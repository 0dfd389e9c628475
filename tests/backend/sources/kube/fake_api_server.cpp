#include "fake_api_server.h"

#include <chrono>
#include <cstddef>
#include <fstream>
#include <httplib.h>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

FakeApiServer::FakeApiServer(std::string dataDir) : m_dataDir(std::move(dataDir)) {
  const auto resourceHandler = [this](const std::string& resource) {
    return [this, resource](const httplib::Request& req, httplib::Response& res) {
      std::unique_lock lock(m_mutex);
      m_authorization = req.get_header_value("Authorization");
      if (!req.has_param("watch")) {
        ++m_lists[resource];
        if (m_listStatus != 200) {
          res.status = m_listStatus;
          res.set_content(read("status-" + std::to_string(m_listStatus) + ".json"), "application/json");
          return;
        }
        res.set_content(read(resource + "-list.json"), "application/json");
        return;
      }
      m_watchQueries[resource].push_back(req.path + "?" + "resourceVersion=" + req.get_param_value("resourceVersion") +
                                         "&allowWatchBookmarks=" + req.get_param_value("allowWatchBookmarks"));
      Watch watch;
      auto& queue = m_watches[resource];
      if (!queue.empty()) {
        watch = queue.front();
        queue.pop_front();
      }
      lock.unlock();
      if (watch.status != 200) {
        res.status = watch.status;
        res.set_content(read(watch.file), "application/json");
        return;
      }
      auto body = std::make_shared<std::string>(watch.file.empty() ? std::string() : read(watch.file));
      res.set_chunked_content_provider("application/json", [body](std::size_t, httplib::DataSink& sink) {
        if (body->empty()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
        // Chunks of 100 bytes: events arrive split across chunks, as they
        // do from a real server under load.
        for (std::size_t at = 0; at < body->size(); at += 100) {
          if (!sink.write(body->data() + at, std::min<std::size_t>(100, body->size() - at))) return false;
        }
        sink.done();
        return true;
      });
    };
  };
  m_server.Get("/api/v1/nodes", resourceHandler("nodes"));
  m_server.Get("/api/v1/pods", resourceHandler("pods"));
  m_server.Post(R"(/api/v1/namespaces/([^/]+)/pods/([^/]+)/binding)", [this](const httplib::Request& req,
                                                                             httplib::Response& res) {
    std::lock_guard lock(m_mutex);
    m_bindings.emplace_back(req.matches[1].str() + "/" + req.matches[2].str(), req.body);
    res.status = m_bindStatus;
    res.set_content(
        read(m_bindStatus == 201 ? "binding-created.json" : "status-" + std::to_string(m_bindStatus) + ".json"),
        "application/json");
  });
  m_server.Post(R"(/api/v1/namespaces/([^/]+)/pods/([^/]+)/eviction)",
                [this](const httplib::Request& req, httplib::Response& res) {
                  std::lock_guard lock(m_mutex);
                  m_evictions.emplace_back(req.matches[1].str() + "/" + req.matches[2].str(), req.body);
                  res.status = 201;
                  res.set_content(read("eviction-created.json"), "application/json");
                });
  m_port = m_server.bind_to_any_port("127.0.0.1");
  m_thread = std::thread([this] { m_server.listen_after_bind(); });
  while (!m_server.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

FakeApiServer::~FakeApiServer() {
  m_server.stop();
  if (m_thread.joinable()) m_thread.join();
}

std::string FakeApiServer::url() const { return "http://127.0.0.1:" + std::to_string(m_port); }

std::string FakeApiServer::read(const std::string& file) const {
  std::ifstream in(m_dataDir + "/" + file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void FakeApiServer::setListStatus(int status) {
  std::lock_guard lock(m_mutex);
  m_listStatus = status;
}

void FakeApiServer::setBindStatus(int status) {
  std::lock_guard lock(m_mutex);
  m_bindStatus = status;
}

void FakeApiServer::queueWatch(const std::string& resource, Watch watch) {
  std::lock_guard lock(m_mutex);
  m_watches[resource].push_back(std::move(watch));
}

int FakeApiServer::lists(const std::string& resource) const {
  std::lock_guard lock(m_mutex);
  const auto it = m_lists.find(resource);
  return it == m_lists.end() ? 0 : it->second;
}

std::vector<std::string> FakeApiServer::watchQueries(const std::string& resource) const {
  std::lock_guard lock(m_mutex);
  const auto it = m_watchQueries.find(resource);
  return it == m_watchQueries.end() ? std::vector<std::string>{} : it->second;
}

std::vector<std::pair<std::string, std::string>> FakeApiServer::bindings() const {
  std::lock_guard lock(m_mutex);
  return m_bindings;
}

std::vector<std::pair<std::string, std::string>> FakeApiServer::evictions() const {
  std::lock_guard lock(m_mutex);
  return m_evictions;
}

std::string FakeApiServer::lastAuthorization() const {
  std::lock_guard lock(m_mutex);
  return m_authorization;
}
