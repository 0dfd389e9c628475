#include "kind_summary_strip.h"

#include "base/model/device_kind.h"
#include "base/model/frame.h"
#include "base/model/topology.h"
#include "device_text.h"
#include "kind_stats.h"
#include "metric.h"
#include "theme.h"

#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <array>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace hetsched {

KindSummaryStrip::KindSummaryStrip(QWidget* parent) : QWidget(parent), m_grid(new QGridLayout(this)) {
  m_grid->setContentsMargins(0, 0, 0, 0);
  const std::array<QString, kFieldCount> captions{tr("devices"), tr("mean util."), tr("running"), tr("queued"),
                                                  tr("power")};
  for (const DeviceKind kind : kDeviceKinds) {
    Card& card = m_cards[index(kind)];
    auto* frame = new QFrame(this);
    frame->setFrameShape(QFrame::StyledPanel);
    auto* grid = new QGridLayout(frame);
    grid->setContentsMargins(10, 6, 10, 6);
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(0);
    card.frame = frame;
    frame->setAccessibleName(tr("%1 summary").arg(kindName(kind)));
    card.title = new QLabel(kindName(kind), frame);
    QFont titleFont = card.title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    card.title->setFont(titleFont);
    card.status = new QLabel(frame);
    showAsError(card.status, true);
    grid->addWidget(card.title, 0, 0, 2, 1, Qt::AlignVCenter);
    QFont valueFont = titleFont;
    for (std::size_t f = 0; f < kFieldCount; ++f) {
      auto* value = new QLabel(QStringLiteral("–"), frame);
      value->setFont(valueFont);
      value->setAlignment(Qt::AlignCenter);
      auto* caption = new QLabel(captions[f], frame);
      caption->setAlignment(Qt::AlignCenter);
      caption->setForegroundRole(QPalette::PlaceholderText);
      grid->addWidget(value, 0, static_cast<int>(f) + 1);
      grid->addWidget(caption, 1, static_cast<int>(f) + 1);
      card.values[f] = value;
    }
    grid->addWidget(card.status, 0, static_cast<int>(kFieldCount) + 1, 2, 1, Qt::AlignVCenter);
  }
  refresh(nullptr);
}

QSize KindSummaryStrip::minimumSizeHint() const {
  // One card wide: narrower windows stack the cards instead of cutting them.
  int width = 0;
  for (QWidget* card : m_placed) width = std::max(width, card->sizeHint().width());
  return {width, m_grid->minimumSize().height()};
}

void KindSummaryStrip::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  reflow();
}

void KindSummaryStrip::reflow() {
  std::vector<QWidget*> cards;
  for (const Card& card : m_cards)
    if (card.frame->isVisibleTo(this)) cards.push_back(card.frame);
  const int spacing = m_grid->horizontalSpacing();
  const auto fits = [&](int columns) {
    for (std::size_t first = 0; first < cards.size(); first += static_cast<std::size_t>(columns)) {
      int needed = 0;
      for (std::size_t i = first; i < std::min(cards.size(), first + static_cast<std::size_t>(columns)); ++i)
        needed += cards[i]->sizeHint().width() + (i > first ? spacing : 0);
      if (needed > width()) return false;
    }
    return true;
  };
  int columns = std::max(1, static_cast<int>(cards.size()));
  while (columns > 1 && !fits(columns)) --columns;
  if (columns == m_columns && cards == m_placed) return;
  for (QWidget* card : m_placed) m_grid->removeWidget(card);
  for (int c = 0; c < m_grid->columnCount(); ++c) m_grid->setColumnStretch(c, 0);
  for (std::size_t i = 0; i < cards.size(); ++i)
    m_grid->addWidget(cards[i], static_cast<int>(i) / columns, static_cast<int>(i) % columns);
  for (int c = 0; c < columns; ++c) m_grid->setColumnStretch(c, 1);
  m_columns = columns;
  m_placed = cards;
  updateGeometry();
}

void KindSummaryStrip::setTopology(const Topology& topology) {
  setTopology(std::make_shared<const Topology>(topology));
}

void KindSummaryStrip::setTopology(std::shared_ptr<const Topology> topology) {
  if (!topology) return;
  m_topology = std::move(topology);
  refresh(nullptr);
}

void KindSummaryStrip::setFrame(const Frame& frame) { refresh(&frame); }

QString KindSummaryStrip::valueText(DeviceKind kind, Field field) const {
  return m_cards[index(kind)].values[static_cast<std::size_t>(field)]->text();
}

void KindSummaryStrip::refresh(const Frame* frame) {
  const bool haveFrame = frame != nullptr && frameMatches(*m_topology, *frame);
  m_stats = computeKindStats(*m_topology, haveFrame ? frame : nullptr);
  const QString none = tr("–");
  for (const DeviceKind kind : kDeviceKinds) {
    const KindStats& stats = m_stats[index(kind)];
    Card& card = m_cards[index(kind)];
    // A kind the cluster does not have would only be a row of zeros.
    card.frame->setVisible(stats.nodes > 0 || stats.devices > 0 || m_topology->nodes.empty());
    auto set = [&card](Field field, const QString& text) {
      card.values[static_cast<std::size_t>(field)]->setText(text);
    };
    set(Field::Devices, QString::number(stats.devices));
    set(Field::MeanUtilization,
        haveFrame ? tr("%1 %").arg(QString::number(100.0 * stats.meanUtilization, 'f', 1)) : none);
    set(Field::RunningJobs, haveFrame ? QString::number(stats.runningJobs) : none);
    set(Field::QueuedJobs, haveFrame ? QString::number(stats.queuedJobs) : none);
    // From 1,000 kW in MW: a million devices drew "98833.1 kW".
    const QString power = stats.powerKw >= 1000.0 ? tr("%1 MW").arg(QString::number(stats.powerKw / 1000.0, 'f', 2))
                                                  : tr("%1 kW").arg(QString::number(stats.powerKw, 'f', 1));
    set(Field::Power, haveFrame ? power : none);
    card.status->setText(stats.nodesDown > 0 ? tr("%1 down").arg(stats.nodesDown) : QString());
    card.status->setToolTip(tr("Nodes of this kind that stopped reporting"));
  }
  reflow();
}

}  // namespace hetsched
