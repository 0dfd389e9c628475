#pragma once

#include "cli_args.h"

#include <string>

namespace hetsched::cli {

// hetsched snapshot save --connect ADDR FILE [--name NAME] [--history S]:
// fetches a live gateway's snapshot and appends it to FILE (created if
// missing). A file that is not a snapshot store is refused before the fetch
// and left as it was.
int saveFromGateway(const std::string& path, const Args& args);

}  // namespace hetsched::cli
