#pragma once

#include "usecases/whatif/whatif_run.h"
#include "usecases/whatif/whatif_source.h"

#include <string>
#include <variant>

namespace hetsched {

// The workload a what-if source names (a synthetic one, a snapshot file's,
// an Alibaba trace excerpt, or the live cluster's cut in memory), or why it
// cannot be had, in English: the backend gives no translatable codes here
// and the views show it verbatim. Reads files: call it on a worker thread.
std::variant<WhatifWorkload, std::string> loadWhatifWorkload(const WhatifSource& source);

}  // namespace hetsched
