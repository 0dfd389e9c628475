// What the Kubernetes source parses before it talks to an API server:
// resource quantities, timestamps, kubeconfig files and the in-cluster
// service account. No server runs here (tst_kube_source serves recorded
// API responses).
#include "kube_test_data.h"
#include "sources/kube/kube_config.h"
#include "sources/kube/kube_convert.h"
#include "sources/kube/kube_error.h"
#include "sources/kube/quantity.h"

#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <optional>
#include <string>
#include <variant>
#include <vector>

using namespace hetsched;

namespace {

const std::string& kData = test::kKubeData;
const auto readData = test::readKubeData;

}  // namespace

class TestKubeConfig : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void quantities_data();
  void quantities();
  void timestamps_data();
  void timestamps();
  void kubeconfig_data();
  void kubeconfig();
  void kubeconfigErrors_data();
  void kubeconfigErrors();
  void inCluster();
};

void TestKubeConfig::quantities_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<qint64>("milli");
  QTest::addColumn<qint64>("count");
  QTest::newRow("millicores") << "500m" << qint64(500) << qint64(1);
  QTest::newRow("cores") << "4" << qint64(4000) << qint64(4);
  QTest::newRow("fraction") << "2.5" << qint64(2500) << qint64(3);
  QTest::newRow("Ki") << "32594932Ki" << qint64(33377210368000) << qint64(33377210368);
  QTest::newRow("Gi") << "16Gi" << qint64(17179869184000) << qint64(17179869184);
  QTest::newRow("decimal G") << "2G" << qint64(2000000000000) << qint64(2000000000);
  QTest::newRow("exponent") << "1e3" << qint64(1000000) << qint64(1000);
  QTest::newRow("nano") << "250000000n" << qint64(250) << qint64(1);
  QTest::newRow("bad suffix") << "4Qi" << qint64(-1) << qint64(-1);
  QTest::newRow("empty") << "" << qint64(-1) << qint64(-1);
  QTest::newRow("words") << "inf" << qint64(-1) << qint64(-1);
  // tests/fuzz/fuzz_kube_objects found strtod's end pointer reading a
  // destroyed temporary (ASan: stack-use-after-scope; "12x" takes that
  // path); quantities past 64 bits were converted to integers (undefined
  // behaviour), seen while fixing it.
  QTest::newRow("number then junk") << "12x" << qint64(-1) << qint64(-1);
  QTest::newRow("past 64 bits") << "99999999999999999999999999999999Ei" << qint64(-1) << qint64(-1);
  QTest::newRow("milli past 64 bits") << "9E" << qint64(-1) << qint64(9000000000000000000);
}

void TestKubeConfig::quantities() {
  QFETCH(QString, text);
  QFETCH(qint64, milli);
  QFETCH(qint64, count);
  const auto m = parseMilli(text.toStdString());
  const auto c = parseCount(text.toStdString());
  QCOMPARE(m ? qint64(*m) : qint64(-1), milli);
  QCOMPARE(c ? qint64(*c) : qint64(-1), count);
}

// Pod creation times (RFC 3339, UTC) to epoch milliseconds; 0 for text
// that is not one. Expected values from `date -u -d ... +%s`.
void TestKubeConfig::timestamps_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<qint64>("ms");
  QTest::newRow("pod") << "2026-11-30T05:50:00Z" << qint64(1796017800000);
  QTest::newRow("epoch") << "1970-01-01T00:00:00Z" << qint64(0);
  QTest::newRow("leap day") << "2024-02-29T23:59:59Z" << qint64(1709251199000);
  QTest::newRow("not a date") << "2024-02-30T00:00:00Z" << qint64(0);
  QTest::newRow("words") << "yesterday" << qint64(0);
}

void TestKubeConfig::timestamps() {
  QFETCH(QString, text);
  QFETCH(qint64, ms);
  QCOMPARE(qint64(timestampMs(text.toStdString())), ms);
}

void TestKubeConfig::kubeconfig_data() {
  QTest::addColumn<QString>("context");
  QTest::addColumn<QString>("server");
  QTest::addColumn<QString>("caPem");
  QTest::addColumn<QString>("caFile");
  QTest::addColumn<bool>("insecure");
  QTest::addColumn<QString>("token");
  QTest::addColumn<QString>("certPem");
  QTest::addColumn<QString>("namespaceName");
  const QString caPem = QStringLiteral("-----BEGIN CERTIFICATE-----\nprod-ca\n-----END CERTIFICATE-----\n");
  const QString certPem = QStringLiteral("-----BEGIN CERTIFICATE-----\nadmin-cert\n-----END CERTIFICATE-----\n");
  QTest::newRow("current-context") << QString() << "https://10.0.0.1:6443" << caPem << QString() << false << QString()
                                   << certPem << "default";
  QTest::newRow("prod-admin") << "prod-admin" << "https://10.0.0.1:6443" << caPem << QString() << false << QString()
                              << certPem << "default";
  QTest::newRow("lab-scheduler") << "lab-scheduler" << "https://lab.example.com:443" << QString()
                                 << QString::fromStdString(kData + "/certs/lab-ca.crt") << true
                                 << "eyJhbGciOiJSUzI1NiJ9.lab-token" << QString() << "hetsched";
}

void TestKubeConfig::kubeconfig() {
  QFETCH(QString, context);
  auto parsed = loadKubeconfig(kData + "/kubeconfig-two-contexts.yaml", context.toStdString());
  if (auto* e = std::get_if<KubeError>(&parsed)) QFAIL(e->message().c_str());
  const KubeConfig& c = std::get<KubeConfig>(parsed);
  QFETCH(QString, server);
  QFETCH(QString, caPem);
  QFETCH(QString, caFile);
  QFETCH(bool, insecure);
  QFETCH(QString, token);
  QFETCH(QString, certPem);
  QFETCH(QString, namespaceName);
  QCOMPARE(QString::fromStdString(c.server), server);
  QCOMPARE(QString::fromStdString(c.caPem), caPem);
  QCOMPARE(QString::fromStdString(c.caFile), caFile);
  QCOMPARE(c.insecureSkipTlsVerify, insecure);
  QCOMPARE(QString::fromStdString(c.token), token);
  QCOMPARE(QString::fromStdString(c.clientCertPem), certPem);
  QCOMPARE(c.clientKeyPem.empty(), certPem.isEmpty());
  QCOMPARE(QString::fromStdString(c.namespaceName), namespaceName);

  auto contexts = kubeconfigContexts(readData("kubeconfig-two-contexts.yaml"));
  QCOMPARE(std::get<std::vector<std::string>>(contexts), (std::vector<std::string>{"prod-admin", "lab-scheduler"}));
}

void TestKubeConfig::kubeconfigErrors_data() {
  QTest::addColumn<QString>("yaml");
  QTest::addColumn<QString>("context");
  QTest::addColumn<QString>("expected");
  const QString two = QString::fromStdString(readData("kubeconfig-two-contexts.yaml"));
  QTest::newRow("unknown context") << two << "staging" << "no context named 'staging'";
  QTest::newRow("exec plugin") << QString::fromStdString(readData("kubeconfig-exec.yaml")) << QString()
                               << "exec/auth-provider plugin";
  QTest::newRow("not yaml") << "clusters: [unclosed" << QString() << "not YAML";
  QTest::newRow("no current") << "apiVersion: v1\nkind: Config\n" << QString() << "no current-context";
  QTest::newRow("missing user") << "current-context: a\ncontexts:\n- name: a\n  context: {cluster: c, user: u}\n"
                                   "clusters:\n- name: c\n  cluster: {server: 'https://x'}\n"
                                << QString() << "names user 'u', which is missing";
  QTest::newRow("bad base64")
      << "current-context: a\ncontexts:\n- name: a\n  context: {cluster: c}\n"
         "clusters:\n- name: c\n  cluster: {server: 'https://x', certificate-authority-data: '%%%'}\n"
      << QString() << "not valid base64";
}

void TestKubeConfig::kubeconfigErrors() {
  QFETCH(QString, yaml);
  QFETCH(QString, context);
  QFETCH(QString, expected);
  auto parsed = parseKubeconfig(yaml.toStdString(), context.toStdString(), "/");
  QVERIFY(std::holds_alternative<KubeError>(parsed));
  const std::string message = std::get<KubeError>(parsed).message();
  QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
}

void TestKubeConfig::inCluster() {
  QTemporaryDir dir;
  const std::string root = dir.path().toStdString();
  std::ofstream(root + "/token") << "sa-token\n";
  std::ofstream(root + "/ca.crt") << "pem";
  std::ofstream(root + "/namespace") << "hetsched";
  auto config = inClusterConfig(root, [](const char* name) -> std::optional<std::string> {
    if (std::string(name) == "KUBERNETES_SERVICE_HOST") return "10.96.0.1";
    if (std::string(name) == "KUBERNETES_SERVICE_PORT") return "443";
    return std::nullopt;
  });
  const KubeConfig& c = std::get<KubeConfig>(config);
  QCOMPARE(c.server, std::string("https://10.96.0.1:443"));
  QCOMPARE(c.token, std::string("sa-token"));
  QCOMPARE(c.caFile, root + "/ca.crt");
  QCOMPARE(c.namespaceName, std::string("hetsched"));
  auto outside = inClusterConfig(root, [](const char*) { return std::optional<std::string>(); });
  QVERIFY(std::holds_alternative<KubeError>(outside));
}

QTEST_GUILESS_MAIN(TestKubeConfig)
#include "tst_kube_config.moc"
