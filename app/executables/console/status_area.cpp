#include "status_area.h"

#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "widgets/connection_indicator.h"
#include "widgets/elided_label.h"
#include "widgets/replay_bar.h"

#include <QLabel>
#include <QStatusBar>

namespace hetsched {

StatusArea::StatusArea(QStatusBar* bar, QObject* parent)
    : QObject(parent),
      m_indicator(new ConnectionIndicator(bar)),
      m_replay(new QLabel(bar)),
      m_message(new ElidedLabel(bar)),
      m_source(new ElidedLabel(bar)),
      m_frame(new ElidedLabel(bar)) {
  bar->addPermanentWidget(m_indicator);
  bar->addPermanentWidget(m_replay);
  bar->addPermanentWidget(m_message, 1);
  bar->addPermanentWidget(m_source);
  bar->addPermanentWidget(m_frame);
  m_replay->setStyleSheet(QStringLiteral("QLabel { background: %1; color: black; font-weight: bold; padding: 0 6px; }")
                              .arg(ReplayBar::replayColor().name()));
  m_replay->hide();
  m_message->setAccessibleName(tr("Messages"));
  m_source->setAccessibleName(tr("Source"));
  m_frame->setAccessibleName(tr("Frame"));
  m_messageTimer.setSingleShot(true);
  connect(&m_messageTimer, &QTimer::timeout, m_message, &QLabel::clear);
  setWorkspace(nullptr);
}

void StatusArea::setWorkspace(ClusterWorkspace* workspace) {
  if (m_workspace) m_workspace->disconnect(this);
  m_workspace = workspace;
  if (workspace) {
    connect(workspace, &ClusterWorkspace::connectionStatusChanged, this, &StatusArea::refresh);
    connect(workspace, &ClusterWorkspace::infoChanged, this, &StatusArea::refresh);
    connect(workspace, &ClusterWorkspace::modeChanged, this, &StatusArea::refresh);
    connect(workspace, &ClusterWorkspace::frameShown, this, &StatusArea::refresh);
  }
  refresh();
}

void StatusArea::refresh() {
  ClusterWorkspace* w = m_workspace;
  const bool replay = w && w->inReplay();
  m_indicator->setVisible(w && !replay);
  m_replay->setVisible(replay);
  if (w && !replay) m_indicator->setStatus(w->connection()->status(), w->connection()->target());
  if (replay) m_replay->setText(w->replayBar()->bannerText());
  m_source->setText(w ? w->sourceInfo() : QString());
  m_source->setToolTip(w ? w->sourceToolTip() : QString());
  m_frame->setText(w ? w->frameInfo() : QString());
  m_frame->setToolTip(m_frame->text());
}

void StatusArea::showMessage(const QString& text, int timeoutMs) {
  m_message->setText(text);
  m_message->setToolTip(text);
  if (timeoutMs > 0) m_messageTimer.start(timeoutMs);
  else m_messageTimer.stop();
}

QString StatusArea::message() const { return m_message->text(); }

}  // namespace hetsched
