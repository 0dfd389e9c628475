// Bearer-token files: what hetschedd --tokens accepts and how a bad line is
// named (file:line), before the gateway ever starts.
#include "gateway/token_store.h"

#include <QTest>

using namespace hetsched;

class TestTokenStore : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void readsRolesAndNames() {
    auto parsed = TokenStore::parse("# operators\n"
                                    "s3cret-operator operator alice\n"
                                    "\n"
                                    "   # indented comment\n"
                                    "r3ad-only-token viewer bob\n",
                                    "tokens.txt");
    QVERIFY(std::holds_alternative<TokenStore>(parsed));
    const auto& store = std::get<TokenStore>(parsed);
    QCOMPARE(store.find("s3cret-operator")->name, std::string("alice"));
    QVERIFY(store.find("s3cret-operator")->role == Role::Operator);
    QVERIFY(store.find("r3ad-only-token")->role == Role::Viewer);
    QVERIFY(!store.find("alice"));
  }

  void malformedLinesNameFileAndLine_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("missing name") << "good-token-1 operator a\nlonely-token operator\n" << "t.txt:2: expected";
    QTest::newRow("bad role") << "good-token-1 admin a\n" << "t.txt:1: role must be";
    QTest::newRow("extra field") << "# c\ngood-token-1 viewer a b\n" << "t.txt:2: unexpected 'b'";
    QTest::newRow("short token") << "abc viewer a\n" << "t.txt:1: token must be";
    QTest::newRow("duplicate") << "good-token-1 viewer a\ngood-token-1 operator b\n" << "t.txt:2: duplicate";
  }
  void malformedLinesNameFileAndLine() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    auto parsed = TokenStore::parse(text.toStdString(), "t.txt");
    QVERIFY(std::holds_alternative<std::string>(parsed));
    const QString message = QString::fromStdString(std::get<std::string>(parsed));
    QVERIFY2(message.startsWith(expected), qPrintable(message));
  }

  void generatedTokensAreLongAndDistinct() {
    const std::string a = TokenStore::generateToken();
    QCOMPARE(a.size(), std::size_t(64));
    QVERIFY(a != TokenStore::generateToken());
  }
};

QTEST_GUILESS_MAIN(TestTokenStore)
#include "tst_token_store.moc"
