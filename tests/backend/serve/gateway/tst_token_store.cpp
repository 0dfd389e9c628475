// Bearer-token files: what hetschedd --tokens accepts and how a bad line is
// named (file:line), before the gateway ever starts: roles, token strength
// (128 bits at least) and a file no other user may read.
#include "checked_value.h"
#include "serve/gateway/private_files.h"
#include "serve/gateway/token_store.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <sys/stat.h>
#include <sys/types.h>
#include <variant>

using namespace hetsched;

namespace {

const std::string kHex32 = "0123456789abcdef0123456789abcdef";        // 128 bits
const std::string kBase64 = "QWxhZGRpbjpvcGVuIHNlc2FtZQ";              // 26 x 6 = 156 bits

}  // namespace

class TestTokenStore : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void readsRolesAndNames() {
    auto parsed = TokenStore::parse("# operators\n" + kHex32 + " operator alice\n\n   # indented comment\n" + kBase64 +
                                        " viewer bob\n" + kHex32 + "aa agent node-7\n",
                                    "tokens.txt");
    const auto* error = std::get_if<std::string>(&parsed);
    QVERIFY2(!error, error ? error->c_str() : "");
    const auto& store = std::get<TokenStore>(parsed);
    const std::optional<TokenHolder> alice = store.find(kHex32);
    VERIFY_HAS_VALUE(alice);
    QCOMPARE(alice->name, std::string("alice"));
    QVERIFY(alice->role == Role::Operator);
    const std::optional<TokenHolder> bob = store.find(kBase64);
    VERIFY_HAS_VALUE(bob);
    QVERIFY(bob->role == Role::Viewer);
    const std::optional<TokenHolder> agent = store.find(kHex32 + "aa");
    VERIFY_HAS_VALUE(agent);
    QVERIFY(agent->role == Role::Agent);
    QVERIFY(!store.find("alice"));
  }

  void malformedLinesNameFileAndLine_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    const QString good = QString::fromStdString(kHex32);
    QTest::newRow("missing name") << good + " operator a\nlonely-token operator\n" << "t.txt:2: expected";
    QTest::newRow("bad role") << good + " admin a\n" << "t.txt:1: role must be";
    QTest::newRow("extra field") << "# c\n" + good + " viewer a b\n" << "t.txt:2: unexpected 'b'";
    QTest::newRow("short token") << "abc viewer a\n" << "t.txt:1: token too short";
    // 31 hex digits: 124 bits, one nibble short.
    QTest::newRow("124 bits") << good.left(31) + " viewer a\n" << "t.txt:1: token too short: about 124 bits";
    QTest::newRow("words") << "operator-token-alice viewer a\n" << "t.txt:1: token too short";
    QTest::newRow("duplicate") << good + " viewer a\n" + good + " operator b\n" << "t.txt:2: duplicate";
  }
  void malformedLinesNameFileAndLine() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    auto parsed = TokenStore::parse(text.toStdString(), "t.txt");
    QVERIFY(std::holds_alternative<std::string>(parsed));
    const QString message = QString::fromStdString(std::get<std::string>(parsed));
    QVERIFY2(message.startsWith(expected), qPrintable(message));
  }

  void strengthCountsTheAlphabet() {
    QCOMPARE(TokenStore::strengthBits(kHex32), 128);
    QCOMPARE(TokenStore::strengthBits("ZZZZZZZZZZZZZZZZZZZZZZ"), 132);  // 22 base64 characters
    QVERIFY(TokenStore::strengthBits(TokenStore::generateToken()) >= 256);
  }

  // A tokens file others may read is refused before it is parsed.
  void readableTokensFileIsRefused_data() {
    QTest::addColumn<int>("mode");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("0600") << 0600 << true;
    QTest::newRow("0400") << 0400 << true;
    QTest::newRow("0640 group") << 0640 << false;
    QTest::newRow("0604 world") << 0604 << false;
    QTest::newRow("0620 group-writable") << 0620 << false;
  }
  void readableTokensFileIsRefused() {
    QFETCH(int, mode);
    QFETCH(bool, accepted);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tokens"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(kHex32 + " operator alice\n"));
    file.close();
    QCOMPARE(::chmod(path.toLocal8Bit().constData(), static_cast<mode_t>(mode)), 0);
    auto loaded = TokenStore::load(path.toStdString());
    QCOMPARE(std::holds_alternative<TokenStore>(loaded), accepted);
    if (!accepted) {
      const std::string& message = std::get<std::string>(loaded);
      QVERIFY2(message.find("other users") != std::string::npos && message.find("chmod 600") != std::string::npos,
               message.c_str());
    }
  }

  void generatedTokensAreLongAndDistinct() {
    const std::string a = TokenStore::generateToken();
    QCOMPARE(a.size(), std::size_t(64));
    QVERIFY(a != TokenStore::generateToken());
  }

  // The token the gateway writes: a new file of mode 0600, never over an
  // existing one nor through a symbolic link, in a directory that is ours.
  void tokenFileIsNewPrivateAndNeverFollowsLinks() {
    QTemporaryDir dir;
    const std::filesystem::path path = dir.filePath(QStringLiteral("token")).toStdString();
    QVERIFY(!writeNewPrivateFile(path, "secret\n"));
    struct stat st{};
    QCOMPARE(::stat(path.c_str(), &st), 0);
    QCOMPARE(int(st.st_mode & 0777), 0600);
    const auto again = writeNewPrivateFile(path, "other\n");  // a second gateway
    VERIFY_HAS_VALUE(again);
    QVERIFY2(again->find("already exists") != std::string::npos, again->c_str());

    const std::filesystem::path victim = dir.filePath(QStringLiteral("victim")).toStdString();
    const std::filesystem::path link = dir.filePath(QStringLiteral("link")).toStdString();
    std::filesystem::create_symlink(victim, link);
    QVERIFY(writeNewPrivateFile(link, "secret\n"));
    QVERIFY(!std::filesystem::exists(victim));

    removePrivateFileIfHolding(path, "not ours\n");
    QVERIFY(std::filesystem::exists(path));
    removePrivateFileIfHolding(path, "secret\n");
    QVERIFY(!std::filesystem::exists(path));
  }

  // $XDG_RUNTIME_DIR/hetsched is made 0700, reused when it is ours and
  // closed, and refused (never chmodded) when it is open to others.
  void runtimeDirectoryIsCheckedNotRepaired() {
    QTemporaryDir runtime;
    qputenv("XDG_RUNTIME_DIR", runtime.path().toLocal8Bit());
    auto made = privateRuntimeDirectory();
    QVERIFY(std::holds_alternative<std::filesystem::path>(made));
    const std::filesystem::path dir = std::get<std::filesystem::path>(made);
    struct stat st{};
    QCOMPARE(::stat(dir.c_str(), &st), 0);
    QCOMPARE(int(st.st_mode & 0777), 0700);
    QVERIFY(std::holds_alternative<std::filesystem::path>(privateRuntimeDirectory()));
    QCOMPARE(::chmod(dir.c_str(), 0755), 0);
    auto refused = privateRuntimeDirectory();
    QVERIFY(std::holds_alternative<std::string>(refused));
    QVERIFY2(std::get<std::string>(refused).find("open to other users") != std::string::npos,
             std::get<std::string>(refused).c_str());
    QCOMPARE(::stat(dir.c_str(), &st), 0);
    QCOMPARE(int(st.st_mode & 0777), 0755);  // left as it was

    // Without XDG_RUNTIME_DIR each call makes a fresh directory of its own.
    qunsetenv("XDG_RUNTIME_DIR");
    auto a = privateRuntimeDirectory();
    auto b = privateRuntimeDirectory();
    QVERIFY(std::holds_alternative<std::filesystem::path>(a) && std::holds_alternative<std::filesystem::path>(b));
    QVERIFY(std::get<std::filesystem::path>(a) != std::get<std::filesystem::path>(b));
    QCOMPARE(::stat(std::get<std::filesystem::path>(a).c_str(), &st), 0);
    QCOMPARE(int(st.st_mode & 0777), 0700);
    std::filesystem::remove(std::get<std::filesystem::path>(a));
    std::filesystem::remove(std::get<std::filesystem::path>(b));
  }
};

QTEST_GUILESS_MAIN(TestTokenStore)
#include "tst_token_store.moc"
