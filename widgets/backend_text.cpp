#include "backend_text.h"

#include <QCoreApplication>
#include <cstddef>
#include <string>

namespace hetsched {

namespace {

struct Known {
  const char* backend;
  const char* text;  // marked for lupdate; translated on use
};

QString lookUp(const Known* table, std::size_t size, const char* context, const std::string& word) {
  for (std::size_t i = 0; i < size; ++i)
    if (word == table[i].backend) return QCoreApplication::translate(context, table[i].text);
  return QString::fromStdString(word);
}

constexpr Known kSources[] = {
    {"sim", QT_TRANSLATE_NOOP("hetsched::BackendText", "simulated")},
    {"host", QT_TRANSLATE_NOOP("hetsched::BackendText", "this host")},
    {"agents", QT_TRANSLATE_NOOP("hetsched::BackendText", "node agents")},
    {"prometheus", QT_TRANSLATE_NOOP("hetsched::BackendText", "Prometheus")},
    {"kubernetes", QT_TRANSLATE_NOOP("hetsched::BackendText", "Kubernetes")},
    {"alibaba-trace", QT_TRANSLATE_NOOP("hetsched::BackendText", "Alibaba trace")},
};

constexpr Known kActions[] = {
    {"initial", QT_TRANSLATE_NOOP("hetsched::BackendText", "initial")},
    {"push", QT_TRANSLATE_NOOP("hetsched::BackendText", "pushed")},
    {"promote", QT_TRANSLATE_NOOP("hetsched::BackendText", "promoted")},
    {"rollback", QT_TRANSLATE_NOOP("hetsched::BackendText", "rolled back")},
};

constexpr Known kStages[] = {
    {"features", QT_TRANSLATE_NOOP("hetsched::BackendText", "job features")},
    {"embedder", QT_TRANSLATE_NOOP("hetsched::BackendText", "training the embedder")},
    {"t-SNE", QT_TRANSLATE_NOOP("hetsched::BackendText", "t-SNE layout")},
    {"done", QT_TRANSLATE_NOOP("hetsched::BackendText", "done")},
};

// backend/engine/policy/builtin_policies.cpp and backend/sources/cluster/live_policies.cpp,
// word for word: a description that
// differs (edited, or a policy file's own) is shown as it is.
constexpr Known kDescriptions[] = {
    {"The live cluster's own rule: seed classes with 10-minute aging, the seed's 4.3 score, jobs behind a blocked "
     "head start when they fit.",
     QT_TRANSLATE_NOOP("hetsched::BackendText",
                       "The live cluster's own rule: seed classes with 10-minute aging, the seed's 4.3 score, jobs "
                       "behind a blocked head start when they fit.")},
    {"Per-team guarantees (Kueue ClusterQueues in one cohort) with borrowing limits, dominant resource fairness "
     "between teams, FCFS within a team, best fit.",
     QT_TRANSLATE_NOOP("hetsched::BackendText",
                       "Per-team guarantees (Kueue ClusterQueues in one cohort) with borrowing limits, dominant "
                       "resource fairness between teams, FCFS within a team, best fit.")},
    {"First come, first served; the seed's type routing picks the device kind.",
     QT_TRANSLATE_NOOP("hetsched::BackendText",
                       "First come, first served; the seed's type routing picks the device kind.")},
    {"Shortest job first, non-preemptive (seed 2.3), best fit.",
     QT_TRANSLATE_NOOP("hetsched::BackendText", "Shortest job first, non-preemptive (seed 2.3), best fit.")},
    {"Shortest remaining time first: a shorter arrival preempts; work resumes.",
     QT_TRANSLATE_NOOP("hetsched::BackendText",
                       "Shortest remaining time first: a shorter arrival preempts; work resumes.")},
    {"Seed 2.2 classes (high: real-time, middle: periodic control, low: logging), one class of aging per 60 s "
     "waited, ShouldPreempt for interruptible work.",
     QT_TRANSLATE_NOOP("hetsched::BackendText",
                       "Seed 2.2 classes (high: real-time, middle: periodic control, low: logging), one class of "
                       "aging per 60 s waited, ShouldPreempt for interruptible work.")},
    {"Round robin over the nodes of the routed kind.",
     QT_TRANSLATE_NOOP("hetsched::BackendText", "Round robin over the nodes of the routed kind.")},
    {"nginx smooth weighted round robin; node 0 has weight=3.",
     QT_TRANSLATE_NOOP("hetsched::BackendText", "nginx smooth weighted round robin; node 0 has weight=3.")},
    {"The node running the fewest jobs.",
     QT_TRANSLATE_NOOP("hetsched::BackendText", "The node running the fewest jobs.")},
    {"The seed's IP hash on the job's key.",
     QT_TRANSLATE_NOOP("hetsched::BackendText", "The seed's IP hash on the job's key.")},
    {"Consistent hashing with 160 virtual nodes per node.",
     QT_TRANSLATE_NOOP("hetsched::BackendText", "Consistent hashing with 160 virtual nodes per node.")},
    {"The seed's 4.3 score: Weight*PriorityFactor + ResourceScore*free/total.",
     QT_TRANSLATE_NOOP("hetsched::BackendText",
                       "The seed's 4.3 score: Weight*PriorityFactor + ResourceScore*free/total.")},
    {"First fit in node order.", QT_TRANSLATE_NOOP("hetsched::BackendText", "First fit in node order.")},
    {"Best fit: the node with the least free capacity that fits.",
     QT_TRANSLATE_NOOP("hetsched::BackendText", "Best fit: the node with the least free capacity that fits.")},
    {"Worst fit: the node with the most free capacity.",
     QT_TRANSLATE_NOOP("hetsched::BackendText", "Worst fit: the node with the most free capacity.")},
    {"FGD (ATC'23): the node and GPU whose fragmentation of the target workload grows least.",
     QT_TRANSLATE_NOOP("hetsched::BackendText",
                       "FGD (ATC'23): the node and GPU whose fragmentation of the target workload grows least.")},
    {"Random-fit (ATC'23): any node the job fits on, and any GPU for a share.",
     QT_TRANSLATE_NOOP("hetsched::BackendText",
                       "Random-fit (ATC'23): any node the job fits on, and any GPU for a share.")},
    {"DotProd (ATC'23): the largest dot product of the request and the node's free resources.",
     QT_TRANSLATE_NOOP("hetsched::BackendText",
                       "DotProd (ATC'23): the largest dot product of the request and the node's free resources.")},
    {"GPU Clustering (ATC'23): nodes already running GPU jobs of the same kind.",
     QT_TRANSLATE_NOOP("hetsched::BackendText",
                       "GPU Clustering (ATC'23): nodes already running GPU jobs of the same kind.")},
    {"GPU Packing (ATC'23): partly used GPUs first, then used nodes, then idle ones.",
     QT_TRANSLATE_NOOP("hetsched::BackendText",
                       "GPU Packing (ATC'23): partly used GPUs first, then used nodes, then idle ones.")},
    {"Best-fit (ATC'23): the node left with the least free resources, weighted.",
     QT_TRANSLATE_NOOP("hetsched::BackendText",
                       "Best-fit (ATC'23): the node left with the least free resources, weighted.")},
    {"Seed 2.4 opportunistic moves: on each sampling tick a node above 90% load moves an interruptible job to "
     "the best peer predicted to keep room for it.",
     QT_TRANSLATE_NOOP("hetsched::BackendText",
                       "Seed 2.4 opportunistic moves: on each sampling tick a node above 90% load moves an "
                       "interruptible job to the best peer predicted to keep room for it.")},
};

template <std::size_t N>
QString lookUp(const Known (&table)[N], const std::string& word) {
  return lookUp(table, N, "hetsched::BackendText", word);
}

}  // namespace

QString sourceText(const std::string& source) { return lookUp(kSources, source); }
QString policyActionText(const std::string& action) { return lookUp(kActions, action); }
QString policyDescriptionText(const std::string& description) { return lookUp(kDescriptions, description); }
QString jobMapStageText(const std::string& stage) { return lookUp(kStages, stage); }

}  // namespace hetsched
