#pragma once

#include "policy.pb.h"
#include "run_thread.h"
#include "usecases/whatif/whatif_source.h"

#include <QList>
#include <QObject>
#include <QString>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

struct ReplicaResults;
struct WhatifResults;
struct WhatifWorkload;

// One line of a snapshot file's table of contents, for a picker.
struct WhatifSnapshotEntry {
  qint64 id = 0;
  QString label;
};

// Runs what-if comparisons (runWhatifComparison, the use case `hetsched
// whatif` runs too) off the GUI thread. Owns the snapshot store while it
// reads one (views never see SQL): the store is opened on the worker thread,
// since a SnapshotStore is one-per-thread. Progress is polled from the
// simulator's arrival counter on a timer; cancel() stops the running
// simulation within a few thousand events.
class WhatifRunner : public QObject {
  Q_OBJECT
 public:
  explicit WhatifRunner(QObject* parent = nullptr);
  ~WhatifRunner() override;

  // The policy a snapshot recorded, or why it cannot be used.
  static std::variant<v1::Policy, QString> snapshotPolicy(const std::string& path, std::int64_t id);
  // The snapshots stored in `path`, newest last; an error text instead when
  // the file cannot be read.
  static QList<WhatifSnapshotEntry> listSnapshots(const QString& path, QString* error);

  // Replicas the next start() runs besides the comparison (replica runs of
  // every policy for the metrics' intervals); 1 or less: none.
  void setReplicas(std::size_t replicas) { m_replicas = replicas; }
  std::size_t replicas() const { return m_replicas; }

  // Starts a run of `policies` (the first is the baseline); false (and
  // nothing happens) while one is running or when there is no policy.
  bool start(const WhatifSource& source, std::vector<v1::Policy> policies);
  void cancel();
  bool busy() const { return m_run.busy(); }

 Q_SIGNALS:
  void progress(int percent);
  void finished(std::shared_ptr<const hetsched::WhatifResults> results);
  void failed(const QString& message);
  void cancelled();
  // Right after `finished` when replicas were asked for: every metric's
  // median and 95 % interval over them, and the paired differences.
  void replicasFinished(std::shared_ptr<const hetsched::ReplicaResults> replicas);
  // After `finished` for a snapshot workload: whether the runs were
  // recorded in the snapshot's file, in words.
  void recorded(const QString& message, bool ok);

 private:
  struct Shared {
    std::atomic<bool> cancel{false};
    std::atomic<std::size_t> arrivals{0};
    std::atomic<std::size_t> policyIndex{0};  // policyCount once the runs are done
    std::atomic<std::size_t> jobCount{0};
    std::atomic<std::size_t> replicasDone{0};
    std::size_t policyCount = 1;
    std::size_t replicas = 0;
  };
  void run(const std::shared_ptr<Shared>& shared, const WhatifSource& source, const std::vector<v1::Policy>& policies);
  void pollProgress();

  std::shared_ptr<Shared> m_shared;
  std::size_t m_replicas = 0;
  RunThread m_run;  // last: joined before the rest goes
};

}  // namespace hetsched

Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::WhatifResults>)
Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::ReplicaResults>)
