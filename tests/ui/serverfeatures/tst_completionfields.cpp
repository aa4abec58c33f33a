// The fields of a prompt's arguments and a resource template's variables: their labels say what a
// server named them, as written (issue #35: a template variable "<img src=…>" was rendered as HTML).

#include "ui/serverfeatures/completionfields.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;

class tst_CompletionFields : public QObject
{
    Q_OBJECT

private slots:
    void labelsShowWhatTheServerWrote()
    {
        CompletionFields fields;
        const QString hostile = u"<img src=\"file:///etc/passwd\"><b>owner</b>"_s;
        QLineEdit *field = fields.addField(hostile, hostile + u':');
        QVERIFY(field);
        QCOMPARE(fields.field(hostile), field);
        auto *label = qobject_cast<QLabel *>(static_cast<QFormLayout *>(fields.layout())->labelForField(field));
        QVERIFY(label);
        QCOMPARE(label->textFormat(), Qt::PlainText);
        QCOMPARE(label->text(), hostile + u':');
        QCOMPARE(label->buddy(), field);
    }

    void aLongNameIsBounded()
    {
        CompletionFields fields;
        const QString longName = QString(10000, u'x');
        QLineEdit *field = fields.addField(u"v"_s, longName);
        auto *label = qobject_cast<QLabel *>(static_cast<QFormLayout *>(fields.layout())->labelForField(field));
        QVERIFY(label);
        QVERIFY2(label->text().size() < 3500, qPrintable(QString::number(label->text().size())));
    }
};

QTEST_MAIN(tst_CompletionFields)
#include "tst_completionfields.moc"
