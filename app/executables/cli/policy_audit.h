#pragma once

#include "cli_args.h"
#include "policy_service.grpc.pb.h"

#include <grpcpp/grpcpp.h>

#include <functional>
#include <string>

namespace hetsched::cli {

// hetsched policy audit: the gateway's audit log page by page (newest
// `--limit N`, 0 = all), or with --verify the whole hash chain checked.
// `prepare` sets each call's deadline and token.
int auditFromGateway(v1::PolicyService::Stub& stub, const Args& args,
                     const std::function<void(grpc::ClientContext&)>& prepare);
// hetsched policy audit --verify --file FILE: the chain of an --audit-log
// file, with no gateway.
int verifyAuditFile(const std::string& path);

}  // namespace hetsched::cli
