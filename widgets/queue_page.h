#pragma once

#include "team_colours.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QSplitter;

namespace hetsched {

class QueuePanel;
class QueueTimelineView;

// The console's queue page: the timeline with its controls (colour by,
// follow now, fold nodes) above the table of waiting jobs.
class QueuePage : public QWidget {
  Q_OBJECT
 public:
  explicit QueuePage(QWidget* parent = nullptr);

  QueueTimelineView* timeline() const { return m_timeline; }
  QueuePanel* queuePanel() const { return m_queuePanel; }
  QComboBox* colorSelector() const { return m_colorBox; }
  // The teams' colours, for the Team colouring and its legend.
  void setTeamColours(TeamColours colours);
  // The legend line as shown, for tests.
  QWidget* legend() const { return m_legend; }

 private:
  void fillLegend();

  QComboBox* m_colorBox;
  QCheckBox* m_follow;
  QueueTimelineView* m_timeline;
  QueuePanel* m_queuePanel;
  QSplitter* m_splitter;
  QWidget* m_legend;
  QHBoxLayout* m_legendLayout;
};

}  // namespace hetsched
