#pragma once

#include <QLabel>

#include <array>

namespace Toolgate {

/// A field's description under its editor: small, muted, wrapped, and always plain text because it comes
/// from the server.
class HelpLabel final : public QLabel
{
    Q_OBJECT
public:
    explicit HelpLabel(const QString &text, QWidget *parent = nullptr);
    /// Descriptions come from servers: bounded for layout (DisplayText::forLabel()), however long.
    void setText(const QString &text);

    /// QLabel lays its text out anew for every call, and a layout asks again after every change to any
    /// of its items: a form with hundreds of descriptions would redo them all whenever a row comes or
    /// goes. The answers for the last few widths are kept for as long as the text and font are the same:
    /// a layout asks at the width it has and, for its size hint, at another, so one answer is not enough.
    int heightForWidth(int width) const override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateLook();

    struct Answer
    {
        int width = -1;
        int height = -1;
    };
    mutable std::array<Answer, 6> m_hfw;
    mutable qsizetype m_hfwNext = 0; // the slot the next new width replaces
    mutable QString m_hfwText;
};

/// Shows the validation messages for one JSON pointer next to its field; hidden while there are none.
/// The form finds these by pointer() to hand out SchemaValidator issues.
class IssueLabel final : public QLabel
{
    Q_OBJECT
public:
    explicit IssueLabel(const QString &pointer, QWidget *parent = nullptr);

    QString pointer() const { return m_pointer; }
    /// messages: already phrased ("is required", "must be at most 10"); empty hides the label.
    void setMessages(const QStringList &messages);

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateLook();

    QString m_pointer;
};

/// The text of a field's label: its title, with " *" appended when it is required.
QString fieldLabelText(const QString &title, bool required);

/// A color for errors that reads on both light and dark palettes.
QColor errorColor(const QPalette &palette);
/// A muted text color for help and hints, derived from palette so it follows dark themes.
QColor mutedTextColor(const QPalette &palette);

} // namespace Toolgate
