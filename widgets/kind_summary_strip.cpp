#include "kind_summary_strip.h"

#include "device_text.h"

#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>

namespace hetsched {

KindSummaryStrip::KindSummaryStrip(QWidget* parent) : QWidget(parent) {
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  const std::array<QString, kFieldCount> captions{tr("devices"), tr("mean util."),
                                                  tr("running"), tr("queued"), tr("power")};
  for (const DeviceKind kind : kDeviceKinds) {
    Card& card = m_cards[index(kind)];
    auto* frame = new QFrame(this);
    frame->setFrameShape(QFrame::StyledPanel);
    auto* grid = new QGridLayout(frame);
    grid->setContentsMargins(10, 6, 10, 6);
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(0);
    card.frame = frame;
    card.title = new QLabel(kindName(kind), frame);
    QFont titleFont = card.title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    card.title->setFont(titleFont);
    card.status = new QLabel(frame);
    card.status->setStyleSheet(QStringLiteral("color: #b3261e; font-weight: bold;"));
    grid->addWidget(card.title, 0, 0, 2, 1, Qt::AlignVCenter);
    QFont valueFont = titleFont;
    for (std::size_t f = 0; f < kFieldCount; ++f) {
      auto* value = new QLabel(QStringLiteral("–"), frame);
      value->setFont(valueFont);
      value->setAlignment(Qt::AlignCenter);
      auto* caption = new QLabel(captions[f], frame);
      caption->setAlignment(Qt::AlignCenter);
      caption->setStyleSheet(QStringLiteral("color: #6b6b6b;"));
      grid->addWidget(value, 0, static_cast<int>(f) + 1);
      grid->addWidget(caption, 1, static_cast<int>(f) + 1);
      card.values[f] = value;
    }
    grid->addWidget(card.status, 0, static_cast<int>(kFieldCount) + 1, 2, 1, Qt::AlignVCenter);
    row->addWidget(frame, 1);
  }
  refresh(nullptr);
}

void KindSummaryStrip::setTopology(const Topology& topology) {
  m_topology = topology;
  refresh(nullptr);
}

void KindSummaryStrip::setFrame(const Frame& frame) { refresh(&frame); }

QString KindSummaryStrip::valueText(DeviceKind kind, Field field) const {
  return m_cards[index(kind)].values[static_cast<std::size_t>(field)]->text();
}

void KindSummaryStrip::refresh(const Frame* frame) {
  const bool haveFrame = frame != nullptr && frameMatches(m_topology, *frame);
  m_stats = computeKindStats(m_topology, haveFrame ? frame : nullptr);
  const QString none = tr("–");
  for (const DeviceKind kind : kDeviceKinds) {
    const KindStats& stats = m_stats[index(kind)];
    Card& card = m_cards[index(kind)];
    // A kind the cluster does not have would only be a row of zeros.
    card.frame->setVisible(stats.nodes > 0 || m_topology.nodes.empty());
    auto set = [&card](Field field, const QString& text) {
      card.values[static_cast<std::size_t>(field)]->setText(text);
    };
    set(Field::Devices, QString::number(stats.devices));
    set(Field::MeanUtilization,
        haveFrame ? tr("%1 %").arg(QString::number(100.0 * stats.meanUtilization, 'f', 1)) : none);
    set(Field::RunningJobs, haveFrame ? QString::number(stats.runningJobs) : none);
    set(Field::QueuedJobs, haveFrame ? QString::number(stats.queuedJobs) : none);
    set(Field::Power, haveFrame ? tr("%1 kW").arg(QString::number(stats.powerKw, 'f', 1)) : none);
    card.status->setText(stats.nodesDown > 0 ? tr("%1 down").arg(stats.nodesDown) : QString());
    card.status->setToolTip(tr("Nodes of this kind that stopped reporting"));
  }
}

}  // namespace hetsched
