#pragma once

#include "model/embedded_point.h"
#include "model/job.h"
#include "model/topology.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

namespace hetsched {

namespace embed {
struct JobMapModel;
}

// Computes the job map (embedder + t-SNE, backend/embed) on its own thread.
// Requests are latest-wins: one runs, the newest waiting replaces older ones.
// Each map warm-starts from the previous one so that points do not jump.
class JobMapWorker : public QObject {
  Q_OBJECT
 public:
  explicit JobMapWorker(QObject* parent = nullptr);
  ~JobMapWorker() override;

  void request(std::vector<Job> jobs, Topology topology);
  void cancel();
  bool busy() const { return m_running.load(); }

 Q_SIGNALS:
  void progress(int percent, const QString& stage);
  void ready(const std::vector<hetsched::EmbeddedPoint>& points, double klDivergence);
  void failed(const QString& message);

 private:
  struct Request {
    std::vector<Job> jobs;
    Topology topology;
  };
  void start(Request request);
  void run(Request request);

  std::mutex m_mutex;
  std::optional<Request> m_pending;
  std::thread m_thread;
  std::atomic<bool> m_running{false};
  std::atomic<bool> m_cancel{false};
  std::atomic<bool> m_closing{false};
  // Worker thread only: the last map's positions and model, for warm starts.
  std::unordered_map<JobId, std::pair<float, float>> m_previous;
  std::shared_ptr<const embed::JobMapModel> m_model;
};

}  // namespace hetsched
Q_DECLARE_METATYPE(std::vector<hetsched::EmbeddedPoint>)
