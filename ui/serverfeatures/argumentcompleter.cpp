#include "ui/serverfeatures/argumentcompleter.h"

#include "core/client/clientsession.h"
#include "core/workspace/serverconnection.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QEvent>
#include <QLineEdit>
#include <QStringListModel>

namespace Toolgate {

namespace {
// The spec allows 100 values per answer; a popup longer than that helps nobody either.
constexpr int maxSuggestions = 100;
} // namespace

ArgumentCompleter::ArgumentCompleter(ServerConnection *connection, const CompletionReference &reference, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_reference(reference)
{
    // One request per pause in typing, not one per key.
    m_delay.setSingleShot(true);
    m_delay.setInterval(150);
    connect(&m_delay, &QTimer::timeout, this, [this] {
        if (!m_pending.isEmpty())
            request(std::exchange(m_pending, QString()), true);
    });
}

bool ArgumentCompleter::isAvailable() const
{
    ClientSession *session = m_connection ? m_connection->session() : nullptr;
    return session && m_connection->status() == ServerConnection::Status::Ready && session->serverCapabilities().completions;
}

void ArgumentCompleter::addField(const QString &name, QLineEdit *field)
{
    Field entry;
    entry.edit = field;
    entry.model = new QStringListModel(this);
    entry.completer = new QCompleter(entry.model, field);
    // The server already matched what was typed; the popup shows its answer as it is.
    entry.completer->setCompletionMode(QCompleter::UnfilteredPopupCompletion);
    entry.completer->setCaseSensitivity(Qt::CaseInsensitive);
    entry.completer->popup()->setObjectName(QStringLiteral("completions_") + name);
    field->setCompleter(entry.completer);
    m_fields.insert(name, entry);
    connect(field, &QLineEdit::textEdited, this, [this, name] {
        if (!m_pending.isEmpty() && m_pending != name)
            request(m_pending, true);
        m_pending = name;
        m_delay.start();
    });
    // Focus alone asks too, so the choices show before anything is typed.
    field->installEventFilter(this);
    if (isAvailable())
        field->setToolTip(field->toolTip().isEmpty() ? tr("The server suggests values as you type.")
                                                     : field->toolTip());
}

bool ArgumentCompleter::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::FocusIn) {
        for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
            if (it->edit == watched && it->model->stringList().isEmpty())
                request(it.key(), false); // ready for the first key; a popup now would only be in the way
        }
    }
    return QObject::eventFilter(watched, event);
}

QStringList ArgumentCompleter::suggestions(const QString &name) const
{
    const auto it = m_fields.constFind(name);
    return it == m_fields.constEnd() ? QStringList() : it->model->stringList();
}

void ArgumentCompleter::request(const QString &name, bool showPopup)
{
    auto it = m_fields.find(name);
    if (it == m_fields.end() || !it->edit || !isAvailable())
        return;
    // The other fields' values let the server narrow its answer (context.arguments).
    QMap<QString, QString> context;
    for (auto other = m_fields.cbegin(); other != m_fields.cend(); ++other) {
        if (other.key() != name && other->edit && !other->edit->text().isEmpty())
            context.insert(other.key(), other->edit->text());
    }
    const quint64 generation = ++it->generation;
    m_connection->session()->complete(
        m_reference, name, it->edit->text(), context, this, [this, name, generation, showPopup](const Result<CompleteResult> &result) {
            auto field = m_fields.find(name);
            // Only the answer to the latest request counts; a failure leaves the field as it was.
            if (field == m_fields.end() || field->generation != generation || !field->edit || !result)
                return;
            QStringList values = result->values.mid(0, maxSuggestions);
            for (QString &value : values)
                value = value.left(500);
            field->model->setStringList(values);
            if (showPopup && !values.isEmpty() && field->edit->hasFocus() && !(values.size() == 1 && values.first() == field->edit->text()))
                field->completer->complete();
            emit suggestionsChanged(name);
        });
}

} // namespace Toolgate

#include "moc_argumentcompleter.cpp"
