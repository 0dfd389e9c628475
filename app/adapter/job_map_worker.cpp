#include "job_map_worker.h"

#include "base/model/embedded_point.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "data/embed/job_map_builder.h"

#include <QMetaObject>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

namespace hetsched {

JobMapWorker::JobMapWorker(QObject* parent) : QObject(parent) { qRegisterMetaType<std::vector<EmbeddedPoint>>(); }

JobMapWorker::~JobMapWorker() {
  m_closing = true;
  m_cancel = true;
  if (m_thread.joinable()) m_thread.join();
}

void JobMapWorker::request(std::shared_ptr<const std::vector<Job>> jobs, std::shared_ptr<const Topology> topology) {
  if (!jobs || !topology) return;
  enqueue(Request{std::move(jobs), std::move(topology), false, nullptr});
}

void JobMapWorker::requestReplay(std::shared_ptr<const std::vector<Job>> jobs, std::shared_ptr<const Topology> topology,
                                 std::shared_ptr<const embed::JobMapModel> model) {
  if (!jobs || !topology) return;
  enqueue(Request{std::move(jobs), std::move(topology), true, std::move(model)});
}

void JobMapWorker::request(std::vector<Job> jobs, const Topology& topology) {
  request(std::make_shared<const std::vector<Job>>(std::move(jobs)), std::make_shared<const Topology>(topology));
}

void JobMapWorker::requestReplay(std::vector<Job> jobs, const Topology& topology,
                                 std::shared_ptr<const embed::JobMapModel> model) {
  requestReplay(std::make_shared<const std::vector<Job>>(std::move(jobs)), std::make_shared<const Topology>(topology),
                std::move(model));
}

std::shared_ptr<const embed::JobMapModel> JobMapWorker::model() const {
  std::lock_guard lock(m_mutex);
  return m_model;
}

void JobMapWorker::enqueue(Request request) {
  {
    std::lock_guard lock(m_mutex);
    if (m_running) {
      m_pending = std::move(request);
      return;
    }
  }
  start(std::move(request));
}

void JobMapWorker::cancel() {
  {
    std::lock_guard lock(m_mutex);
    m_pending.reset();
  }
  m_cancel = true;
}

void JobMapWorker::start(Request request) {
  if (m_thread.joinable()) m_thread.join();  // the previous run has finished
  m_cancel = false;
  m_running = true;
  m_thread = std::thread([this, request = std::move(request)] { run(request); });
}

void JobMapWorker::run(const Request& request) {
  embed::JobMapOptions options;
  if (request.replay) {
    options.model = request.model;
  } else {
    options.previous = m_previous;
    options.relayout = m_relayout.exchange(false);
    options.model = model();
  }
  const auto report = [this](int percent, const char* stage) {
    if (m_closing) return;
    const QString text = QString::fromLatin1(stage);
    QMetaObject::invokeMethod(this, [this, percent, text] { Q_EMIT progress(percent, text); }, Qt::QueuedConnection);
  };
  const auto settling = [this](std::vector<EmbeddedPoint> points) {
    if (m_closing || m_cancel) return;
    QMetaObject::invokeMethod(
        this, [this, points = std::move(points)] { Q_EMIT preview(points); }, Qt::QueuedConnection);
  };
  embed::JobMapResult result =
      embed::buildJobMap(*request.jobs, *request.topology, options, &m_cancel, report, settling);
  if (options.relayout && (result.cancelled || !result.error.empty())) m_relayout = true;  // still asked for
  if (!request.replay && !result.cancelled && result.error.empty()) {
    {
      std::lock_guard lock(m_mutex);
      m_model = result.model;
    }
    m_previous = result.shown;
  }
  if (m_closing) return;
  // Hand the result over on the GUI thread, then start whatever waited.
  QMetaObject::invokeMethod(
      this,
      [this, result = std::move(result)] {
        m_running = false;
        if (result.cancelled) Q_EMIT progress(-1, tr("Cancelled"));
        else if (!result.error.empty()) Q_EMIT failed(QString::fromStdString(result.error));
        else Q_EMIT ready(result.points, result.klDivergence);
        std::optional<Request> next;
        {
          std::lock_guard lock(m_mutex);
          next.swap(m_pending);
        }
        if (next) start(std::move(*next));
      },
      Qt::QueuedConnection);
}

}  // namespace hetsched
