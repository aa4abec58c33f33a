#pragma once

#include "core/collections/expectation.h"
#include "core/common/result.h"

#include <QWidget>

class QPushButton;
class QTableWidget;

namespace Toolgate {

/// Edits the expectations of a saved call as a table: one row per expectation, its kind chosen from a
/// list ("the tool reports no error", "text contains", "value at a JSON pointer equals", ...), with the
/// pointer and value cells each kind needs. Used by the call editor and "Save Call to Collection".
class ExpectationEditor final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExpectationEditor)
public:
    enum Column { KindColumn, PointerColumn, ValueColumn, NameColumn, ColumnCount };
    /// The kinds offered, in the list's order (IsError and MatchesOutputSchema twice: yes and no).
    enum Choice { NoError, AnError, TextContains, PointerEquals, PointerMatches, MatchesSchema, DoesNotMatchSchema, WithinMs, ChoiceCount };

    explicit ExpectationEditor(QWidget *parent = nullptr);

    void setExpectations(const QList<Expectation> &expectations);
    /// The expectations as edited, each checked as a collection file would be; the error names the
    /// row and what is wrong in it.
    Result<QList<Expectation>> expectations() const;

    /// Adds a row of this kind (with empty pointer and value).
    void addRow(Choice choice);
    /// Sets the text of a cell (PointerColumn, ValueColumn, NameColumn) and the kind of a row.
    void setCell(int row, Column column, const QString &text);
    void setChoice(int row, Choice choice);
    int rowCount() const;

    QTableWidget *table() const { return m_table; }

signals:
    void changed();

private:
    void insertRow(Choice choice, const QString &pointer, const QString &value, const QString &name);
    void updateCells(int row);
    Choice choiceAt(int row) const;
    Result<Expectation> expectationAt(int row) const;

    QTableWidget *m_table;
    QPushButton *m_add;
    QPushButton *m_remove;
};

} // namespace Toolgate
