#pragma once

#include "policy.pb.h"
#include "whatif/whatif_source.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

#include <atomic>
#include <memory>
#include <thread>
#include <variant>
#include <vector>

namespace hetsched {

struct WhatifResults;

// One line of a snapshot file's table of contents, for a picker.
struct WhatifSnapshotEntry {
  qint64 id = 0;
  QString label;
};

// Runs what-if comparisons off the GUI thread. Owns the snapshot store while
// it reads one (views never see SQL): the store is opened on the worker
// thread, since a SnapshotStore is one-per-thread. Progress is polled from
// the simulator's arrival counter on a timer; cancel() stops the running
// simulation within a few thousand events.
class WhatifRunner : public QObject {
  Q_OBJECT
 public:
  explicit WhatifRunner(QObject* parent = nullptr);
  ~WhatifRunner() override;

  // The snapshots stored in `path`, newest last; an error text instead when
  // the file cannot be read.
  // The policy a snapshot recorded, or why it cannot be used.
  static std::variant<v1::Policy, QString> snapshotPolicy(const std::string& path, std::int64_t id);
  static QList<WhatifSnapshotEntry> listSnapshots(const QString& path, QString* error);

  // Starts a run; false (and nothing happens) while one is running.
  bool start(const WhatifSource& source, std::vector<v1::Policy> policies);
  void cancel();
  bool busy() const { return m_worker.joinable(); }

 Q_SIGNALS:
  void progress(int percent);
  void finished(std::shared_ptr<const hetsched::WhatifResults> results);
  void failed(const QString& message);
  void cancelled();
  // After `finished` for a snapshot workload: whether the runs were
  // recorded in the snapshot's file, in words.
  void recorded(const QString& message, bool ok);

 private:
  struct Shared {
    std::atomic<bool> cancel{false};
    std::atomic<std::size_t> arrivals{0};
    std::atomic<std::size_t> policyIndex{0};
    std::atomic<std::size_t> jobCount{0};
    std::size_t policyCount = 1;
  };
  void pollProgress();
  void join();

  std::shared_ptr<Shared> m_shared;
  std::thread m_worker;
  QTimer m_progressTimer;
};

}  // namespace hetsched

Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::WhatifResults>)
