#include "whatif_launcher.h"

#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "data/store/snapshot_data.h"
#include "engine/policy/policy_diff.h"
#include "job_map_worker.h"
#include "policy_pages.h"
#include "replay_controller.h"
#include "snapshot_taker.h"
#include "usecases/whatif/whatif_source.h"
#include "widgets/policy_editor.h"
#include "widgets/whatif_view.h"

#include <QDateTime>
#include <QDir>
#include <QRegularExpression>
#include <QStandardPaths>
#include <vector>

namespace hetsched {

WhatifLauncher::WhatifLauncher(ClusterWorkspace* workspace) : QObject(workspace), m_workspace(workspace) {}

bool WhatifLauncher::busy() const { return !m_taker.isNull(); }

QString WhatifLauncher::scratchFolder() {
  return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/whatif");
}

void WhatifLauncher::start() {
  if (m_taker) return;
  m_workspace->showTab(QStringLiteral("whatif"));
  if (m_workspace->inReplay()) {
    // The snapshot on screen is the state to start from; no gateway needed.
    configure(m_workspace->replay()->file(), m_workspace->replayMeta()->info.id);
    return;
  }
  const QString folder = scratchFolder();
  if (!QDir().mkpath(folder)) {
    Q_EMIT failed(tr("Cannot create %1 for the snapshot.").arg(folder));
    return;
  }
  QString name = m_workspace->name();
  name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
  const QString path = QStringLiteral("%1/%2-%3.hsnap")
                           .arg(folder, name, QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
  m_taker = new SnapshotTaker(m_workspace->connection()->channel(), m_workspace->connection()->bearerToken(), this);
  connect(m_taker, &SnapshotTaker::progress, this, [this](int perMille, const QString& stage) {
    Q_EMIT message(tr("What-if from now: %1 (%2 %)").arg(stage).arg(perMille / 10), 0);
  });
  connect(m_taker, &SnapshotTaker::finished, this, [this](qlonglong id, const QString& saved) {
    m_taker->deleteLater();
    configure(saved, id);
  });
  connect(m_taker, &SnapshotTaker::failed, this, [this](const QString& why) {
    m_taker->deleteLater();
    Q_EMIT message(tr("What-if from now: the snapshot failed: %1").arg(why), 15000);
    Q_EMIT failed(why);
  });
  connect(m_taker, &SnapshotTaker::cancelled, this, [this] { m_taker->deleteLater(); });
  Q_EMIT message(tr("What-if from now: taking a snapshot of %1…").arg(m_workspace->name()), 0);
  m_taker->start(path, tr("what-if from %1").arg(m_workspace->name()), 0, m_workspace->jobMapWorker()->model());
}

void WhatifLauncher::configure(const QString& path, qlonglong snapshotId) {
  PolicyPages* pages = m_workspace->policyPages();
  WhatifView* whatif = pages->whatif();
  WhatifSource source;
  source.kind = WhatifSource::Kind::Snapshot;
  source.path = path.toStdString();
  source.snapshotId = snapshotId;
  source.fromCut = true;
  whatif->setSource(source);
  whatif->clearPolicies();
  pages->addPolicyInForce();
  const std::vector<v1::Policy> chosen = whatif->policies();
  const v1::Policy candidate = pages->editor()->policy();
  if (chosen.empty() || !diffPolicies(chosen.front(), candidate).empty())
    whatif->addPolicy(candidate, tr("policy editor"));
  const int count = static_cast<int>(whatif->policies().size());
  Q_EMIT message(count >= 2 ? tr("What-if from now: ready, press Run (Ctrl+R).")
                            : tr("What-if from now: add a candidate policy, then Run (Ctrl+R)."),
                 10000);
  Q_EMIT ready(count);
}

}  // namespace hetsched
