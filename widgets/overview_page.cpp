#include "overview_page.h"

#include "cluster_overview_model.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace hetsched {

OverviewPage::OverviewPage(QAbstractItemModel* saved, ClusterOverviewModel* open, QWidget* parent)
    : QWidget(parent),
      m_saved(new QListView(this)),
      m_open(new QTableView(this)),
      m_openHere(new QPushButton(tr("Open in a &tab"), this)),
      m_openWindow(new QPushButton(tr("Open in a new &window"), this)) {
  auto* savedBox = new QGroupBox(tr("Saved clusters"), this);
  auto* savedLayout = new QVBoxLayout(savedBox);
  if (saved) m_saved->setModel(saved);
  else savedBox->hide();  // nothing saved to open (tests, a console with no settings)
  m_saved->setAccessibleName(tr("Saved clusters"));
  m_saved->setEditTriggers(QAbstractItemView::NoEditTriggers);
  savedLayout->addWidget(m_saved, 1);
  auto* edit = new QPushButton(tr("&Edit connections…"), savedBox);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_openHere);
  buttons->addWidget(m_openWindow);
  savedLayout->addLayout(buttons);
  savedLayout->addWidget(edit);

  auto* openBox = new QGroupBox(tr("Open clusters"), this);
  auto* openLayout = new QVBoxLayout(openBox);
  m_open->setModel(open);
  m_open->setAccessibleName(tr("Open clusters"));
  m_open->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_open->setSelectionMode(QAbstractItemView::SingleSelection);
  m_open->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_open->verticalHeader()->setVisible(false);
  m_open->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_open->horizontalHeader()->setStretchLastSection(true);
  m_open->setAlternatingRowColors(true);
  auto* hint = new QLabel(tr("Double-click a cluster, or select it and press Enter, to show its pages."), openBox);
  hint->setWordWrap(true);
  hint->setForegroundRole(QPalette::PlaceholderText);
  openLayout->addWidget(m_open, 1);
  openLayout->addWidget(hint);

  auto* split = new QSplitter(Qt::Horizontal, this);
  split->setObjectName(QStringLiteral("overviewSplitter"));
  split->addWidget(savedBox);
  split->addWidget(openBox);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 3);
  split->setChildrenCollapsible(false);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(split);

  connect(m_openHere, &QPushButton::clicked, this, [this] {
    if (savedRow() >= 0) Q_EMIT openRequested(savedRow(), false);
  });
  connect(m_openWindow, &QPushButton::clicked, this, [this] {
    if (savedRow() >= 0) Q_EMIT openRequested(savedRow(), true);
  });
  connect(m_saved, &QListView::activated, this,
          [this](const QModelIndex& index) { Q_EMIT openRequested(index.row(), false); });
  connect(edit, &QPushButton::clicked, this, [this] { Q_EMIT editRequested(savedRow()); });
  // activated: double-click, or Enter on the current row.
  connect(m_open, &QTableView::activated, this,
          [this](const QModelIndex& index) { Q_EMIT showRequested(index.row()); });
  if (saved && saved->rowCount() > 0) m_saved->setCurrentIndex(saved->index(0, 0));
}

int OverviewPage::savedRow() const {
  const QModelIndex current = m_saved->currentIndex();
  return current.isValid() ? current.row() : -1;
}

}  // namespace hetsched
