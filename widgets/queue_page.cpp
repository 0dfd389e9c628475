#include "queue_page.h"

#include "base/model/job.h"
#include "job_style.h"
#include "queue_panel.h"
#include "queue_timeline_view.h"
#include "team_colours.h"
#include "theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>
#include <utility>

namespace hetsched {

namespace {
// A coloured square and a name, for the legend line under the toolbar.
QLabel* swatch(const QColor& colour, const QString& name, QWidget* parent) {
  auto* label = new QLabel(parent);
  label->setText(QStringLiteral("<span style=\"color:%1\">■</span> %2").arg(colour.name(), name.toHtmlEscaped()));
  return label;
}
}  // namespace

QueuePage::QueuePage(QWidget* parent)
    : QWidget(parent),
      m_colorBox(new QComboBox(this)),
      m_follow(new QCheckBox(tr("&Follow now"), this)),
      m_timeline(new QueueTimelineView(this)),
      m_queuePanel(new QueuePanel(this)),
      m_splitter(new QSplitter(Qt::Vertical, this)) {
  m_colorBox->addItem(tr("Job kind"), static_cast<int>(QueueTimelineView::ColorBy::JobKind));
  m_colorBox->addItem(tr("Priority"), static_cast<int>(QueueTimelineView::ColorBy::Priority));
  m_colorBox->addItem(tr("Team"), static_cast<int>(QueueTimelineView::ColorBy::Team));
  m_follow->setChecked(m_timeline->followNow());
  m_follow->setToolTip(tr("Keep the present in view (Home)"));
  auto* collapse = new QPushButton(tr("Fold nodes"), this);
  auto* expand = new QPushButton(tr("Unfold nodes"), this);

  auto* toolbar = new QHBoxLayout;
  auto* colourLabel = new QLabel(tr("&Colour by:"), this);
  colourLabel->setBuddy(m_colorBox);
  toolbar->addWidget(colourLabel);
  toolbar->addWidget(m_colorBox);
  toolbar->addWidget(m_follow);
  toolbar->addWidget(collapse);
  toolbar->addWidget(expand);
  auto* hint = new QLabel(tr("Wheel or +/− zooms · drag or arrows pan · click a bar to select its job"), this);
  showAsHint(hint);
  hint->setWordWrap(true);  // wraps in a narrow window instead of widening it
  hint->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  toolbar->addWidget(hint, 1);

  // The legend follows the colour mode; hatched and dashed bars only come
  // from what-if runs but are explained all the same.
  m_legend = new QWidget(this);
  m_legendLayout = new QHBoxLayout(m_legend);
  m_legendLayout->setContentsMargins(0, 0, 0, 0);
  fillLegend();

  auto* top = new QWidget(m_splitter);
  auto* topLayout = new QVBoxLayout(top);
  topLayout->setContentsMargins(0, 0, 0, 0);
  topLayout->addLayout(toolbar);
  topLayout->addWidget(m_legend);
  m_timeline->setParent(top);
  topLayout->addWidget(m_timeline, 1);
  m_splitter->addWidget(top);
  m_queuePanel->setParent(m_splitter);
  m_splitter->addWidget(m_queuePanel);
  m_splitter->setStretchFactor(0, 3);
  m_splitter->setStretchFactor(1, 2);
  m_splitter->setChildrenCollapsible(false);
  m_splitter->setObjectName(QStringLiteral("queueSplitter"));
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_splitter);

  connect(m_colorBox, &QComboBox::currentIndexChanged, this, [this](int row) {
    m_timeline->setColorBy(static_cast<QueueTimelineView::ColorBy>(m_colorBox->itemData(row).toInt()));
    fillLegend();
  });
  connect(m_follow, &QCheckBox::toggled, m_timeline, &QueueTimelineView::setFollowNow);
  connect(m_timeline, &QueueTimelineView::followNowChanged, m_follow, &QCheckBox::setChecked);
  connect(collapse, &QPushButton::clicked, m_timeline, [this] { m_timeline->setAllNodesCollapsed(true); });
  connect(expand, &QPushButton::clicked, m_timeline, [this] { m_timeline->setAllNodesCollapsed(false); });
}

void QueuePage::setTeamColours(TeamColours colours) {
  if (colours == m_timeline->teamColours()) return;  // every job list names the same teams
  m_timeline->setTeamColours(std::move(colours));
  if (m_timeline->colorBy() == QueueTimelineView::ColorBy::Team) fillLegend();
}

void QueuePage::fillLegend() {
  while (QLayoutItem* item = m_legendLayout->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  switch (m_timeline->colorBy()) {
    case QueueTimelineView::ColorBy::JobKind:
      for (const JobKind k :
           {JobKind::Training, JobKind::Inference, JobKind::Service, JobKind::Batch, JobKind::Realtime})
        m_legendLayout->addWidget(swatch(jobKindColor(k), jobKindName(k), m_legend));
      break;
    case QueueTimelineView::ColorBy::Priority:
      for (const PriorityClass p : {PriorityClass::High, PriorityClass::Middle, PriorityClass::Low})
        m_legendLayout->addWidget(swatch(priorityColor(p), priorityName(p), m_legend));
      break;
    case QueueTimelineView::ColorBy::Team: {
      // One wrapping label: a cluster may have dozens of teams (Kubernetes
      // namespaces), and a swatch each would widen the window.
      auto* teams = new QLabel(teamLegendHtml(m_timeline->teamColours()), m_legend);
      teams->setObjectName(QStringLiteral("teamLegend"));
      teams->setWordWrap(true);
      m_legendLayout->addWidget(teams, 1);
      break;
    }
  }
  auto* kinds = new QLabel(
      tr("· pale = waiting · hatched = preempted · dashed = migrated · red line = now · after it, pale hatched "
         "with a dashed outline = predicted"),
      m_legend);
  showAsHint(kinds);
  kinds->setWordWrap(true);
  m_legendLayout->addWidget(kinds, 1);
  m_legendLayout->addStretch(1);
}

}  // namespace hetsched
