// WhatifView's live-cluster workload: the cut of the cluster now.
#include "usecases/whatif/whatif_source.h"
#include "whatif_view.h"

#include <QComboBox>
#include <QLabel>

namespace hetsched {

void WhatifView::setLiveCluster(const QString& description) {
  m_liveText->setText(description.isEmpty()
                          ? tr("No live cluster is connected (or a snapshot is being replayed): choose another "
                               "workload, or use From the cluster now.")
                          : tr("The cluster now: %1 Running jobs stay on their nodes, queued ones wait, and the "
                               "next hour brings the arrivals of the last.")
                                .arg(description));
  const int live = static_cast<int>(WhatifSource::Kind::Live);
  if (!description.isEmpty() && !m_kindChosen && m_sourceKind->currentIndex() != live)
    m_sourceKind->setCurrentIndex(live);
}

}  // namespace hetsched
