#pragma once

#include "base/model/job.h"
#include "base/model/job_filter.h"

#include <QWidget>
#include <cstddef>
#include <string>
#include <vector>

class QHBoxLayout;
class QLabel;
class QMenu;
class QToolButton;

namespace hetsched {

// The filters that narrow every view of a cluster at once (kind, state,
// team, priority class, node group): a menu to choose them, each choice a
// removable chip, and one button that clears them all. Holds the filter and
// says when it changes; the host applies it and reports what it lets through.
class FilterBar : public QWidget {
  Q_OBJECT
 public:
  explicit FilterBar(QWidget* parent = nullptr);

  // The teams and node groups there are to choose from (the job list's and
  // the topology's); chosen values missing from them stay chosen.
  void setChoices(std::vector<std::string> teams, std::vector<std::string> nodeGroups);
  const std::vector<std::string>& teams() const { return m_teams; }
  const std::vector<std::string>& nodeGroups() const { return m_groups; }
  void setFilter(const JobFilter& filter);
  const JobFilter& filter() const { return m_filter; }
  // What the filter lets through, for the line beside the chips.
  void setCounts(std::size_t jobs, std::size_t devices);
  QString countText() const;
  // The chips shown, as their text (tests, screenshots).
  QStringList chipTexts() const;
  // Removes the chip at `index` as its click would.
  void removeChip(int index);
  QToolButton* menuButton() const { return m_menuButton; }
  QToolButton* clearButton() const { return m_clear; }
  QMenu* menu() const { return m_menu; }

 Q_SIGNALS:
  void filterChanged();

 private:
  struct Chip {
    QString text;
    JobFilter without;  // the filter once this chip is removed
  };
  void rebuildMenu();
  void rebuildChips();
  std::vector<Chip> chips() const;
  void change(const JobFilter& filter);

  JobFilter m_filter;
  std::vector<std::string> m_teams;
  std::vector<std::string> m_groups;
  QToolButton* m_menuButton;
  QMenu* m_menu;
  QHBoxLayout* m_chipRow;
  std::vector<QToolButton*> m_chips;
  QLabel* m_count;
  QToolButton* m_clear;
};

// The words for a job state, a team and a node group as the filters name them.
QString filterStateName(JobState state);
QString filterTeamName(const std::string& team);

}  // namespace hetsched
