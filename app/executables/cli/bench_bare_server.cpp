// hetsched bench bare-server: the same GetTopology method as the gateway,
// answered with fixed bytes and nothing else (no token check, no lock, no
// request parsing): the framework's own limit on this machine, which bench
// load --compare measures the gateway against. Runs until SIGTERM/SIGINT.
#include "bench_suite.h"
#include "cli_args.h"
#include "hetsched.grpc.pb.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <grpcpp/grpcpp.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/support/server_callback.h>
#include <grpcpp/support/slice.h>
#include <ios>
#include <memory>
#include <signal.h>
#include <sstream>
#include <string>

namespace hetsched::cli {

namespace {

class FixedTopology final
    : public v1::ClusterService::WithRawCallbackMethod_GetTopology<v1::ClusterService::CallbackService> {
 public:
  explicit FixedTopology(const std::string& bytes) {
    grpc::Slice slice(bytes);
    m_reply = grpc::ByteBuffer(&slice, 1);
  }
  grpc::ServerUnaryReactor* GetTopology(grpc::CallbackServerContext* ctx, const grpc::ByteBuffer*,
                                        grpc::ByteBuffer* response) override {
    *response = m_reply;  // shares the slice, as the gateway's reply does
    grpc::ServerUnaryReactor* reactor = ctx->DefaultReactor();
    reactor->Finish(grpc::Status::OK);
    return reactor;
  }

 private:
  grpc::ByteBuffer m_reply;
};

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int benchBareServer(const Args& args) {
  const auto listen = args.value("listen");
  const auto reply = args.value("reply");
  if (!listen || !reply) {
    std::fprintf(stderr, "hetsched bench bare-server: --listen ADDR --reply FILE [--tls-cert C --tls-key K]\n");
    return 2;
  }
  std::shared_ptr<grpc::ServerCredentials> credentials = grpc::InsecureServerCredentials();
  if (auto cert = args.value("tls-cert")) {
    grpc::SslServerCredentialsOptions ssl;
    ssl.pem_key_cert_pairs.push_back({readAll(args.value("tls-key").value_or("")), readAll(*cert)});
    credentials = grpc::SslServerCredentials(ssl);
  }
  // SIGTERM/SIGINT end it; blocked before gRPC starts its threads.
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop, nullptr);
  FixedTopology service(readAll(*reply));
  grpc::ServerBuilder builder;
  int port = 0;
  builder.AddListeningPort(*listen, credentials, &port);
  builder.RegisterService(&service);
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  auto server = builder.BuildAndStart();
  if (!server || port == 0) {
    std::fprintf(stderr, "hetsched bench bare-server: cannot listen on %s\n", listen->c_str());
    return 1;
  }
  std::printf("bare server listening on %s\n", listen->c_str());
  std::fflush(stdout);
  int signal = 0;
  sigwait(&stop, &signal);
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
  return 0;
}

}  // namespace hetsched::cli
