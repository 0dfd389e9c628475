#pragma once

#include "policy.pb.h"

#include <QHash>
#include <QString>
#include <QWidget>

#include <utility>
#include <vector>

class QListWidget;

namespace hetsched {

// The Sweep's "Policies" mode input: every policy an operator may sweep
// over, each with a tick box: the What-if tab's list (ticked when they
// first appear), policy files added here (ticked), the gateway's saved
// versions and the built-ins. Ticks survive a refresh of any source.
class SweepPolicyList : public QWidget {
  Q_OBJECT
 public:
  explicit SweepPolicyList(QWidget* parent = nullptr);

  // The What-if tab's policies.
  void setListed(const std::vector<v1::Policy>& policies);
  // The gateway's policy history, newest first: (version, policy).
  void setSavedVersions(const std::vector<std::pair<quint64, v1::Policy>>& versions);
  // A policy JSON file, added ticked; false and why when it is not one.
  bool addFile(const QString& path, QString* why);
  // Ticks or unticks the first entry whose policy is `name` (and whose
  // origin is `origin`, when given); false when there is none.
  bool setTicked(const QString& name, bool ticked, const QString& origin = {});
  void setAllTicked(bool ticked);
  // The ticked policies, in the list's order.
  std::vector<v1::Policy> ticked() const;
  QListWidget* list() const { return m_list; }

 Q_SIGNALS:
  void changed();

 private:
  struct Entry {
    v1::Policy policy;
    QString origin;
    bool tickedFirst = false;  // its tick when it first appears
  };
  void rebuild();
  static QString keyOf(const Entry& e, int repeat);

  QListWidget* m_list;
  std::vector<Entry> m_listed;
  std::vector<Entry> m_files;
  std::vector<Entry> m_saved;
  std::vector<Entry> m_builtins;
  std::vector<Entry> m_shown;   // the list's rows, in order
  std::vector<QString> m_keys;  // each row's key into m_ticks
  QHash<QString, bool> m_ticks;
};

}  // namespace hetsched
