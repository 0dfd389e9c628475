#include "policy_pages.h"

#include "cluster_connection.h"
#include "whatif_runner.h"
#include "widgets/policy_editor.h"
#include "widgets/push_confirmation.h"
#include "widgets/whatif_view.h"

#include <QMessageBox>
#include <QPushButton>

namespace hetsched {

PolicyPages::PolicyPages(ClusterConnection* connection, QWidget* parent)
    : QObject(parent),
      m_connection(connection),
      m_parent(parent),
      m_editor(new PolicyEditor(parent)),
      m_whatif(new WhatifView(parent)),
      m_runner(new WhatifRunner(this)) {
  connect(m_whatif, &WhatifView::runRequested, this, [this](const WhatifSource& source, const auto& policies) {
    if (!m_runner->start(source, policies)) m_whatif->setFailed(tr("a run is already in progress"));
  });
  connect(m_whatif, &WhatifView::cancelRequested, m_runner, &WhatifRunner::cancel);
  connect(m_runner, &WhatifRunner::progress, m_whatif, &WhatifView::setProgress);
  connect(m_runner, &WhatifRunner::finished, m_whatif, &WhatifView::setResults);
  connect(m_runner, &WhatifRunner::failed, m_whatif, &WhatifView::setFailed);
  connect(m_runner, &WhatifRunner::cancelled, m_whatif, &WhatifView::setCancelled);
  connect(m_whatif, &WhatifView::snapshotFileChosen, this, [this](const QString& path) {
    QString error;
    QList<std::pair<qint64, QString>> entries;
    for (const WhatifSnapshotEntry& e : WhatifRunner::listSnapshots(path, &error)) entries.push_back({e.id, e.label});
    m_whatif->setSnapshots(entries);
    if (!error.isEmpty()) Q_EMIT statusMessage(tr("Cannot read snapshots of %1: %2").arg(path, error), 8000);
  });
  connect(m_whatif, &WhatifView::editorPolicyRequested, this,
          [this] { m_whatif->addPolicy(m_editor->policy(), tr("policy editor")); });
  connect(m_editor, &PolicyEditor::pushRequested, this, &PolicyPages::confirmPush);
}

void PolicyPages::confirmPush(const v1::Policy& policy, int canaryPercent) {
  const auto whatif = m_whatif->results();
  QMessageBox ask(QMessageBox::Question, tr("Push policy"),
                  pushConfirmationText(m_editor->basePolicy(), policy, canaryPercent, whatif.get()),
                  QMessageBox::Cancel, m_parent);
  ask.setTextFormat(Qt::RichText);
  QPushButton* push = ask.addButton(tr("Push"), QMessageBox::AcceptRole);
  ask.setDefaultButton(QMessageBox::Cancel);
  ask.exec();
  if (ask.clickedButton() != push) return;
  // ClusterConnection has no pushPolicy yet (the gateway's policy RPCs are
  // being written): say so rather than pretend the push happened.
  const QString reason = tr("Not connected to a gateway that accepts policies.");
  Q_EMIT pushUnavailable(reason);
  QMessageBox::warning(m_parent, tr("Push policy"), reason);
}

}  // namespace hetsched
