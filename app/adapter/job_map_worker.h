#pragma once

#include "base/model/embedded_point.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "data/embed/shown_point.h"

#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace hetsched {

namespace embed {
struct JobMapModel;
}

// Computes the job map (embedder + t-SNE, backend/data/embed) on its own thread.
// Requests are latest-wins: one runs, the newest waiting replaces older ones.
// Each live map keeps the jobs the previous one showed where they were and
// adds the new ones; it is laid out afresh when asked or when enough changed.
class JobMapWorker : public QObject {
  Q_OBJECT
 public:
  explicit JobMapWorker(QObject* parent = nullptr);
  ~JobMapWorker() override;

  // Shared, not copied: at 1,000,000 devices the topology is 25 MB and a
  // job list of 100,000 jobs 26 MB, both already held by the workspace.
  void request(std::shared_ptr<const std::vector<Job>> jobs, std::shared_ptr<const Topology> topology);
  // The next live map lays every job out afresh instead of keeping the jobs
  // already shown in place (embed::JobMapOptions::relayout).
  void relayoutNext() { m_relayout = true; }
  // A map of a stored snapshot: drawn with the snapshot's own embedder when
  // it has one (trained afresh on its jobs otherwise), from a cold start, and
  // leaving the live map's model and positions alone.
  void requestReplay(std::shared_ptr<const std::vector<Job>> jobs, std::shared_ptr<const Topology> topology,
                     std::shared_ptr<const embed::JobMapModel> model);
  // Copies, for callers that hold neither shared.
  void request(std::vector<Job> jobs, const Topology& topology);
  void requestReplay(std::vector<Job> jobs, const Topology& topology, std::shared_ptr<const embed::JobMapModel> model);
  void cancel();
  bool busy() const { return m_running.load(); }
  // The embedder the live map uses, null before the first map: what "Take
  // snapshot" saves. Any thread.
  std::shared_ptr<const embed::JobMapModel> model() const;

 Q_SIGNALS:
  void progress(int percent, const QString& stage);
  // A full layout still settling (embed::buildJobMap's preview): shown so
  // that the map appears long before it has converged; ready() follows.
  void preview(const std::vector<hetsched::EmbeddedPoint>& points);
  void ready(const std::vector<hetsched::EmbeddedPoint>& points, double klDivergence);
  void failed(const QString& message);

 private:
  struct Request {
    std::shared_ptr<const std::vector<Job>> jobs;
    std::shared_ptr<const Topology> topology;
    bool replay = false;
    std::shared_ptr<const embed::JobMapModel> model;  // replay only
  };
  void enqueue(Request request);
  void start(Request request);
  void run(const Request& request);

  mutable std::mutex m_mutex;
  std::optional<Request> m_pending;
  std::shared_ptr<const embed::JobMapModel> m_model;  // under m_mutex: read by model()
  std::thread m_thread;
  std::atomic<bool> m_running{false};
  std::atomic<bool> m_cancel{false};
  std::atomic<bool> m_closing{false};
  std::atomic<bool> m_relayout{false};
  // Worker thread only: the last live map's positions, for warm starts.
  embed::ShownMap m_previous;
};

}  // namespace hetsched
Q_DECLARE_METATYPE(std::vector<hetsched::EmbeddedPoint>)
