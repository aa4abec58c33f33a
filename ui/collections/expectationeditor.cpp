#include "ui/collections/expectationeditor.h"

#include "core/common/error.h"
#include "core/jsonrpc/jsontext.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QMenu>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

QString choiceLabel(ExpectationEditor::Choice choice)
{
    switch (choice) {
    case ExpectationEditor::NoError: return ExpectationEditor::tr("The tool reports no error");
    case ExpectationEditor::AnError: return ExpectationEditor::tr("The tool reports an error");
    case ExpectationEditor::TextContains: return ExpectationEditor::tr("Text contains");
    case ExpectationEditor::PointerEquals: return ExpectationEditor::tr("Value at pointer equals (JSON)");
    case ExpectationEditor::PointerMatches: return ExpectationEditor::tr("Value at pointer matches (regular expression)");
    case ExpectationEditor::MatchesSchema: return ExpectationEditor::tr("Matches the output schema");
    case ExpectationEditor::DoesNotMatchSchema: return ExpectationEditor::tr("Does not match the output schema");
    case ExpectationEditor::WithinMs: return ExpectationEditor::tr("Finishes within (ms)");
    case ExpectationEditor::ChoiceCount: break;
    }
    return {};
}

ExpectationEditor::Choice choiceOf(const Expectation &e)
{
    switch (e.kind) {
    case Expectation::Kind::IsError: return e.flag ? ExpectationEditor::AnError : ExpectationEditor::NoError;
    case Expectation::Kind::TextContains: return ExpectationEditor::TextContains;
    case Expectation::Kind::PointerEquals: return ExpectationEditor::PointerEquals;
    case Expectation::Kind::PointerMatches: return ExpectationEditor::PointerMatches;
    case Expectation::Kind::MatchesOutputSchema: return e.flag ? ExpectationEditor::MatchesSchema : ExpectationEditor::DoesNotMatchSchema;
    case Expectation::Kind::WithinMs: return ExpectationEditor::WithinMs;
    }
    return ExpectationEditor::NoError;
}

bool usesPointer(ExpectationEditor::Choice choice)
{
    return choice == ExpectationEditor::PointerEquals || choice == ExpectationEditor::PointerMatches;
}

bool usesValue(ExpectationEditor::Choice choice)
{
    return choice == ExpectationEditor::TextContains || usesPointer(choice) || choice == ExpectationEditor::WithinMs;
}

} // namespace

ExpectationEditor::ExpectationEditor(QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableWidget(0, ColumnCount, this))
    , m_add(new QPushButton(tr("Add Expectation"), this))
    , m_remove(new QPushButton(tr("Remove Expectation"), this))
{
    setObjectName(QStringLiteral("expectationEditor"));
    m_table->setObjectName(QStringLiteral("expectations"));
    m_table->setAccessibleName(tr("Expectations"));
    m_table->setHorizontalHeaderLabels({tr("Expect"), tr("Where in the result"), tr("Value"), tr("Name (optional)")});
    // The exact notation is for those who look for it: on the header, not in it.
    m_table->horizontalHeaderItem(PointerColumn)->setToolTip(
        tr("The place in the result's structured content, written as a JSON pointer: /temperature, or "
           "/items/0/name for the name of the first item; empty for all of it."));
    // The value takes the room left; the others are as wide as their headers and choices need.
    m_table->horizontalHeader()->setSectionResizeMode(KindColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(PointerColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ValueColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setToolTip(tr("Value: the text to find, the JSON value to compare with (5, \"celsius\", true), the regular expression, or the milliseconds."));

    auto *menu = new QMenu(m_add);
    for (int choice = 0; choice < ChoiceCount; ++choice)
        menu->addAction(choiceLabel(Choice(choice)), this, [this, choice] { addRow(Choice(choice)); });
    m_add->setObjectName(QStringLiteral("addExpectation"));
    m_add->setMenu(menu);
    m_remove->setObjectName(QStringLiteral("removeExpectation"));
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const int row = m_table->currentRow();
        if (row < 0)
            return;
        m_table->removeRow(row);
        emit changed();
    });
    connect(m_table, &QTableWidget::itemChanged, this, &ExpectationEditor::changed);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    layout->addLayout(buttons);
}

void ExpectationEditor::setExpectations(const QList<Expectation> &expectations)
{
    m_table->setRowCount(0);
    for (const Expectation &e : expectations) {
        const Choice choice = choiceOf(e);
        QString value;
        switch (choice) {
        case TextContains:
        case PointerMatches: value = e.text; break;
        case PointerEquals: value = JsonText::compact(e.value); break;
        case WithinMs: value = QString::number(e.ms); break;
        default: break;
        }
        insertRow(choice, e.pointer, value, e.name);
    }
}

void ExpectationEditor::addRow(Choice choice)
{
    insertRow(choice, {}, {}, {});
    m_table->setCurrentCell(m_table->rowCount() - 1, usesPointer(choice) ? PointerColumn : ValueColumn);
    emit changed();
}

void ExpectationEditor::insertRow(Choice choice, const QString &pointer, const QString &value, const QString &name)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto *kind = new QComboBox(m_table);
    for (int c = 0; c < ChoiceCount; ++c)
        kind->addItem(choiceLabel(Choice(c)));
    kind->setCurrentIndex(choice);
    kind->setAccessibleName(tr("What to expect"));
    m_table->setCellWidget(row, KindColumn, kind);
    m_table->setItem(row, PointerColumn, new QTableWidgetItem(pointer));
    m_table->setItem(row, ValueColumn, new QTableWidgetItem(value));
    m_table->setItem(row, NameColumn, new QTableWidgetItem(name));
    // The combo does not know its row once rows above it are removed: it is looked up when it changes.
    connect(kind, &QComboBox::currentIndexChanged, this, [this, kind] {
        for (int r = 0; r < m_table->rowCount(); ++r) {
            if (m_table->cellWidget(r, KindColumn) == kind)
                updateCells(r);
        }
        emit changed();
    });
    updateCells(row);
}

void ExpectationEditor::updateCells(int row)
{
    const Choice choice = choiceAt(row);
    const auto enable = [this, row](int column, bool on) {
        QTableWidgetItem *item = m_table->item(row, column);
        if (!item)
            return;
        const QSignalBlocker quiet(m_table);
        item->setFlags(on ? Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable : Qt::ItemIsSelectable);
        if (!on)
            item->setText(QString());
    };
    enable(PointerColumn, usesPointer(choice));
    enable(ValueColumn, usesValue(choice));
}

ExpectationEditor::Choice ExpectationEditor::choiceAt(int row) const
{
    const auto *kind = qobject_cast<QComboBox *>(m_table->cellWidget(row, KindColumn));
    return kind ? Choice(kind->currentIndex()) : NoError;
}

void ExpectationEditor::setCell(int row, Column column, const QString &text)
{
    if (QTableWidgetItem *item = m_table->item(row, column))
        item->setText(text);
}

void ExpectationEditor::setChoice(int row, Choice choice)
{
    if (auto *kind = qobject_cast<QComboBox *>(m_table->cellWidget(row, KindColumn)))
        kind->setCurrentIndex(choice);
}

int ExpectationEditor::rowCount() const
{
    return m_table->rowCount();
}

Result<Expectation> ExpectationEditor::expectationAt(int row) const
{
    const Choice choice = choiceAt(row);
    const QString pointer = m_table->item(row, PointerColumn)->text().trimmed();
    const QString value = m_table->item(row, ValueColumn)->text();
    QJsonObject json;
    switch (choice) {
    case NoError:
    case AnError: json.insert(QLatin1String("isError"), choice == AnError); break;
    case TextContains: json.insert(QLatin1String("textContains"), value); break;
    case PointerEquals: {
        const JsonText::ParseResult parsed = JsonText::parse(value, JsonText::Accept::AnyValue);
        if (!parsed.ok() || parsed.empty) {
            return makeError(ErrorCode::ConfigError, tr("Expectation %1: write the value as JSON, for example 5, \"celsius\" or true (%2)")
                                                         .arg(row + 1).arg(parsed.empty ? tr("it is empty") : parsed.describe()));
        }
        json.insert(QLatin1String("pointer"), pointer);
        json.insert(QLatin1String("equals"), *parsed.value);
        break;
    }
    case PointerMatches:
        json.insert(QLatin1String("pointer"), pointer);
        json.insert(QLatin1String("matches"), value);
        break;
    case MatchesSchema:
    case DoesNotMatchSchema: json.insert(QLatin1String("matchesOutputSchema"), choice == MatchesSchema); break;
    case WithinMs: {
        bool ok = false;
        const qint64 ms = value.trimmed().toLongLong(&ok);
        if (!ok || ms <= 0)
            return makeError(ErrorCode::ConfigError, tr("Expectation %1: write the time as a whole number of milliseconds, such as 2000").arg(row + 1));
        json.insert(QLatin1String("withinMs"), ms);
        break;
    }
    case ChoiceCount: break;
    }
    const QString name = m_table->item(row, NameColumn)->text().trimmed();
    if (!name.isEmpty())
        json.insert(QLatin1String("name"), name);
    // Checked exactly as a collection file is, so that what is saved can always be read back.
    return Expectation::fromJson(json, tr("Expectation %1").arg(row + 1));
}

Result<QList<Expectation>> ExpectationEditor::expectations() const
{
    QList<Expectation> list;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        Result<Expectation> e = expectationAt(row);
        if (!e)
            return e.error();
        list.append(e.value());
    }
    return list;
}

} // namespace Toolgate

#include "moc_expectationeditor.cpp"
