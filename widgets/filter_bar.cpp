#include "filter_bar.h"

#include "base/model/job.h"
#include "base/model/job_filter.h"
#include "job_style.h"
#include "theme.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QToolButton>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

constexpr std::size_t kJobStateCount = 4;

template <typename Enum>
std::uint8_t bit(Enum value) {
  return static_cast<std::uint8_t>(1u << static_cast<unsigned>(value));
}

}  // namespace

QString filterStateName(JobState state) {
  switch (state) {
    case JobState::Queued: return FilterBar::tr("Waiting");
    case JobState::Running: return FilterBar::tr("Running");
    case JobState::Completed: return FilterBar::tr("Finished");
    case JobState::Unschedulable: return FilterBar::tr("Refused");
  }
  return {};
}

QString filterTeamName(const std::string& team) {
  return team.empty() ? FilterBar::tr("(no team)") : QString::fromStdString(team);
}

FilterBar::FilterBar(QWidget* parent)
    : QWidget(parent),
      m_menuButton(new QToolButton(this)),
      m_menu(new QMenu(this)),
      m_chipRow(new QHBoxLayout),
      m_count(new QLabel(this)),
      m_clear(new QToolButton(this)) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 2, 6, 2);
  m_menuButton->setText(tr("Filter"));
  m_menuButton->setToolTip(tr("Narrow every view to some kinds, states, teams, priorities or node groups"));
  m_menuButton->setAccessibleName(tr("Filters"));
  m_menuButton->setMenu(m_menu);
  m_menuButton->setPopupMode(QToolButton::InstantPopup);
  m_chipRow->setSpacing(4);
  m_clear->setText(tr("Clear filters"));
  m_clear->setToolTip(tr("Show every job and device again"));
  showAsHint(m_count);
  layout->addWidget(m_menuButton);
  layout->addLayout(m_chipRow);
  layout->addWidget(m_count, 1);
  layout->addWidget(m_clear);
  connect(m_clear, &QToolButton::clicked, this, [this] { change({}); });
  connect(m_menu, &QMenu::aboutToShow, this, &FilterBar::rebuildMenu);
  rebuildMenu();
  rebuildChips();
}

void FilterBar::setChoices(std::vector<std::string> teams, std::vector<std::string> nodeGroups) {
  if (teams == m_teams && nodeGroups == m_groups) return;
  m_teams = std::move(teams);
  m_groups = std::move(nodeGroups);
  rebuildMenu();
}

void FilterBar::setFilter(const JobFilter& filter) {
  if (filter == m_filter) return;
  m_filter = filter;
  rebuildMenu();
  rebuildChips();
}

// From the menu or a chip: the action or chip that calls this is still
// running, so the menu is rebuilt when next shown, not now.
void FilterBar::change(const JobFilter& filter) {
  if (filter == m_filter) return;
  m_filter = filter;
  rebuildChips();
  Q_EMIT filterChanged();
}

void FilterBar::setCounts(std::size_t jobs, std::size_t devices) {
  const QLocale locale;
  m_count->setText(m_filter.empty() ? tr("No filter: every job and device shown")
                                    : tr("%1 jobs, %2 devices shown")
                                          .arg(locale.toString(static_cast<qulonglong>(jobs)),
                                               locale.toString(static_cast<qulonglong>(devices))));
}

QString FilterBar::countText() const { return m_count->text(); }

void FilterBar::rebuildMenu() {
  if (m_menu->isVisible()) return;  // rebuilt on the next aboutToShow
  // clear() leaves the submenus addMenu() made: they go too.
  for (QMenu* sub : m_menu->findChildren<QMenu*>(Qt::FindDirectChildrenOnly)) sub->deleteLater();
  m_menu->clear();
  // Each entry toggles one value; the menu stays a plain QMenu so the
  // keyboard walks it as any other.
  const auto addBits = [this](QMenu* sub, std::uint8_t JobFilter::* field, std::uint8_t value, const QString& text) {
    QAction* action = sub->addAction(text);
    action->setCheckable(true);
    action->setChecked((m_filter.*field & value) != 0);
    connect(action, &QAction::triggered, this, [this, field, value] {
      JobFilter f = m_filter;
      f.*field ^= value;
      change(f);
    });
  };
  const auto addNames = [this](QMenu* sub, std::vector<std::string> JobFilter::* field,
                               const std::vector<std::string>& names, auto textOf) {
    std::vector<std::string> all = names;
    for (const std::string& chosen : m_filter.*field)
      if (std::ranges::find(all, chosen) == all.end()) all.push_back(chosen);
    if (all.empty()) sub->addAction(tr("none listed yet"))->setEnabled(false);
    for (const std::string& name : all) {
      QAction* action = sub->addAction(textOf(name));
      action->setCheckable(true);
      action->setChecked(std::ranges::find(m_filter.*field, name) != (m_filter.*field).end());
      connect(action, &QAction::triggered, this, [this, field, name] {
        JobFilter f = m_filter;
        auto& values = f.*field;
        if (const auto it = std::ranges::find(values, name); it != values.end()) values.erase(it);
        else values.push_back(name);
        change(f);
      });
    }
  };
  QMenu* kinds = m_menu->addMenu(tr("Kind"));
  for (std::size_t k = 0; k < kJobKindCount; ++k)
    addBits(kinds, &JobFilter::kinds, bit(static_cast<JobKind>(k)), jobKindName(static_cast<JobKind>(k)));
  QMenu* states = m_menu->addMenu(tr("State"));
  for (std::size_t s = 0; s < kJobStateCount; ++s)
    addBits(states, &JobFilter::states, bit(static_cast<JobState>(s)), filterStateName(static_cast<JobState>(s)));
  QMenu* teams = m_menu->addMenu(tr("Team"));
  addNames(teams, &JobFilter::teams, m_teams, [](const std::string& t) { return filterTeamName(t); });
  QMenu* priorities = m_menu->addMenu(tr("Priority"));
  for (std::size_t p = 0; p < kPriorityClassCount; ++p)
    addBits(priorities, &JobFilter::priorities, bit(static_cast<PriorityClass>(p)),
            priorityName(static_cast<PriorityClass>(p)));
  QMenu* groups = m_menu->addMenu(tr("Node group"));
  addNames(groups, &JobFilter::nodeGroups, m_groups, [](const std::string& g) { return QString::fromStdString(g); });
  m_menu->addSeparator();
  QAction* clear = m_menu->addAction(tr("Clear filters"));
  clear->setEnabled(!m_filter.empty());
  connect(clear, &QAction::triggered, this, [this] { change({}); });
}

std::vector<FilterBar::Chip> FilterBar::chips() const {
  std::vector<Chip> out;
  const auto bits = [&](std::uint8_t JobFilter::* field, std::size_t count, const QString& facet, auto nameOf) {
    for (std::size_t v = 0; v < count; ++v) {
      const auto b = static_cast<std::uint8_t>(1u << v);
      if (!(m_filter.*field & b)) continue;
      JobFilter without = m_filter;
      without.*field &= static_cast<std::uint8_t>(~b);
      out.push_back({tr("%1: %2").arg(facet, nameOf(v)), without});
    }
  };
  const auto names = [&](std::vector<std::string> JobFilter::* field, const QString& facet, auto nameOf) {
    for (std::size_t i = 0; i < (m_filter.*field).size(); ++i) {
      JobFilter without = m_filter;
      (without.*field).erase((without.*field).begin() + static_cast<std::ptrdiff_t>(i));
      out.push_back({tr("%1: %2").arg(facet, nameOf((m_filter.*field)[i])), without});
    }
  };
  bits(&JobFilter::kinds, kJobKindCount, tr("Kind"),
       [](std::size_t v) { return jobKindName(static_cast<JobKind>(v)); });
  bits(&JobFilter::states, kJobStateCount, tr("State"),
       [](std::size_t v) { return filterStateName(static_cast<JobState>(v)); });
  names(&JobFilter::teams, tr("Team"), [](const std::string& t) { return filterTeamName(t); });
  bits(&JobFilter::priorities, kPriorityClassCount, tr("Priority"),
       [](std::size_t v) { return priorityName(static_cast<PriorityClass>(v)); });
  names(&JobFilter::nodeGroups, tr("Node group"), [](const std::string& g) { return QString::fromStdString(g); });
  return out;
}

void FilterBar::rebuildChips() {
  for (QToolButton* chip : m_chips) chip->deleteLater();
  m_chips.clear();
  const std::vector<Chip> list = chips();
  for (const Chip& c : list) {
    auto* chip = new QToolButton(this);
    chip->setText(c.text + QStringLiteral("  ✕"));
    chip->setToolTip(tr("Remove this filter"));
    chip->setAccessibleName(tr("Remove filter %1").arg(c.text));
    chip->setAutoRaise(false);
    const JobFilter without = c.without;
    connect(chip, &QToolButton::clicked, this, [this, without] { change(without); });
    m_chipRow->addWidget(chip);
    m_chips.push_back(chip);
  }
  m_clear->setEnabled(!m_filter.empty());
  if (m_filter.empty()) setCounts(0, 0);
}

QStringList FilterBar::chipTexts() const {
  QStringList out;
  for (const Chip& c : chips()) out << c.text;
  return out;
}

void FilterBar::removeChip(int index) {
  const std::vector<Chip> list = chips();
  if (index >= 0 && static_cast<std::size_t>(index) < list.size())
    change(list[static_cast<std::size_t>(index)].without);
}

}  // namespace hetsched
