#pragma once

#include <QFrame>

class QLabel;

namespace Toolgate {

/// A warning-styled box listing problems ("address.city is required"), hidden while there are none.
/// Problems are plain text: they quote property names and values chosen by the server.
class ProblemsBox final : public QFrame
{
    Q_OBJECT
public:
    explicit ProblemsBox(QWidget *parent = nullptr);

    /// heading: e.g. "These arguments do not match the tool's schema"; shown above the list.
    void setHeading(const QString &heading);
    void setProblems(const QStringList &problems);
    QStringList problems() const { return m_problems; }

    /// Problems beyond this many are summarised as "and N more".
    static constexpr int MaxShown = 6;

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateLook();

    QLabel *m_icon = nullptr;
    QLabel *m_heading = nullptr;
    QLabel *m_list = nullptr;
    QStringList m_problems;
    bool m_updatingLook = false;
};

} // namespace Toolgate
