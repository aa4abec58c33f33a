#include "audittablemodel.h"

#include "auditqueryworker.h"

#include <QBrush>
#include <QGuiApplication>
#include <QPalette>

namespace Toolgate {

AuditTableModel::AuditTableModel(AuditQueryWorker *worker, QObject *parent)
    : QAbstractTableModel(parent)
    , m_worker(worker)
    , m_countWorker(new AuditQueryWorker(worker->path(), this))
{
}

AuditTableModel::~AuditTableModel() = default;

void AuditTableModel::setPageSize(int rows)
{
    m_pageSize = qMax(1, rows);
}

void AuditTableModel::setFilter(const AuditFilter &filter)
{
    m_filter = filter;
    reload();
}

void AuditTableModel::reload()
{
    ++m_generation;
    m_wanted->store(m_generation);
    beginResetModel();
    m_rows.clear();
    m_more = false;
    m_firstPageLoaded = false;
    m_count.reset();
    endResetModel();
    setLoading(false);
    requestPage();
}

void AuditTableModel::setLoading(bool loading)
{
    if (m_loading == loading)
        return;
    m_loading = loading;
    emit loadingChanged(loading);
}

void AuditTableModel::requestPage()
{
    if (m_loading)
        return;
    setLoading(true);
    const quint64 generation = m_generation;
    AuditReader::PageRequest request;
    request.beforeId = m_rows.isEmpty() ? 0 : m_rows.constLast().id;
    request.limit = m_pageSize;
    const AuditFilter filter = m_filter;
    const auto wanted = [current = m_wanted, generation] { return current->load() == generation; };
    m_worker->run<AuditReader::Page>(
        this, [filter, request](AuditReader &reader) { return reader.page(filter, request); },
        [this, generation](const Result<AuditReader::Page> &page) {
            if (generation != m_generation)
                return; // an answer for a filter no longer shown
            if (!page) {
                m_more = false;
                setLoading(false);
                emit queryFailed(page.error().message);
                return;
            }
            const bool first = !m_firstPageLoaded;
            m_firstPageLoaded = true;
            m_more = page->more;
            // Still "loading" while the rows go in: a view reacting to the insertion must not ask
            // for the next page before this one is in place.
            if (!page->records.isEmpty()) {
                beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + page->records.size() - 1));
                for (const AuditRecord &record : page->records)
                    m_rows.append(rowFrom(record));
                endInsertRows();
            }
            setLoading(false);
            emit pageLoaded(int(page->records.size()));
            if (first) {
                if (m_more)
                    requestCount();
                else {
                    m_count = m_rows.size();
                    emit matchCountChanged(*m_count);
                }
            }
        },
        wanted);
}

// After the first page, so counting a big match never delays the rows.
void AuditTableModel::requestCount()
{
    const quint64 generation = m_generation;
    const AuditFilter filter = m_filter;
    m_countWorker->run<qint64>(
        this, [filter](AuditReader &reader) { return reader.count(filter); },
        [this, generation](const Result<qint64> &count) {
            if (generation != m_generation || !count)
                return;
            m_count = count.value();
            emit matchCountChanged(*m_count);
        },
        [current = m_wanted, generation] { return current->load() == generation; });
}

qint64 AuditTableModel::recordId(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).id : 0;
}

int AuditTableModel::rowOfRecord(qint64 id) const
{
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows.at(row).id == id)
            return row;
    }
    return -1;
}

int AuditTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AuditTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

bool AuditTableModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_firstPageLoaded && m_more && !m_loading;
}

void AuditTableModel::fetchMore(const QModelIndex &parent)
{
    if (canFetchMore(parent))
        requestPage();
}

QVariant AuditTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn: return tr("Time");
    case KindColumn: return tr("Kind");
    case ServerColumn: return tr("Server");
    case NameColumn: return tr("Tool / event");
    case DecisionColumn: return tr("Decision");
    case OutcomeColumn: return tr("Outcome");
    case DurationColumn: return tr("Duration");
    case ClientColumn: return tr("Client");
    default: return {};
    }
}

QVariant AuditTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case RecordIdRole: return row.id;
    case RecordTypeRole: return int(row.type);
    case OutcomeRole: return int(row.outcome);
    case Qt::TextAlignmentRole:
        if (index.column() == DurationColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole: {
        // Red for what went wrong or was refused; connection events and requests in grey, so
        // the calls stand out.
        const bool failedEvent = row.name == QLatin1StringView("connect_failed") || row.name == QLatin1StringView("gave_up");
        const bool badOutcome = row.outcome == AuditOutcome::Denied || row.outcome == AuditOutcome::Failed
            || row.outcome == AuditOutcome::ToolError || row.outcome == AuditOutcome::Unknown
            || row.outcome == AuditOutcome::InvalidArguments;
        if ((index.column() == OutcomeColumn && (badOutcome || failedEvent))
            || (index.column() == DecisionColumn && row.decision == ApprovalDecision::Kind::Deny))
            return QBrush(QColor(0xc0, 0x39, 0x2b));
        if (row.type != AuditRecordType::ToolCall)
            return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    }
    case Qt::ToolTipRole:
        if (index.column() == OutcomeColumn && !row.errorMessage.isEmpty())
            return row.errorMessage;
        return row.preview.isEmpty() ? QVariant() : QVariant(row.preview);
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case TimeColumn: return row.startedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case KindColumn: return kindText(row.type);
    case ServerColumn: return row.server;
    case NameColumn:
        return row.type == AuditRecordType::Connection ? connectionEventText(row.name) : row.name;
    case DecisionColumn: {
        QString text = decisionText(row.decision, row.source);
        if (row.edited)
            text += tr(" (edited)");
        return text;
    }
    case OutcomeColumn:
        if (row.type == AuditRecordType::Connection)
            return row.errorMessage.isEmpty() ? QString() : row.errorMessage.section(u'\n', 0, 0).left(120);
        return outcomeText(row.outcome);
    case DurationColumn:
        // A denied call never ran: no duration to show.
        if (!row.durationMs || row.outcome == AuditOutcome::Denied)
            return QString();
        return QStringLiteral("%1 ms").arg(*row.durationMs);
    case ClientColumn: return initiatorText(row.initiator);
    default: return {};
    }
}

AuditTableModel::Row AuditTableModel::rowFrom(const AuditRecord &record)
{
    Row row;
    row.id = record.id;
    row.type = record.type;
    row.startedAt = record.startedAt;
    row.server = record.serverName;
    row.name = record.name;
    row.decision = record.decision;
    row.source = record.decisionSource;
    row.outcome = record.outcome;
    row.durationMs = record.durationMs;
    row.initiator = record.initiator;
    row.edited = record.edited;
    row.errorMessage = record.errorMessage;
    if (record.type == AuditRecordType::Connection && row.errorMessage.isEmpty()) {
        // Connection events keep their message among the details (arguments); the summary has its start.
        static const QString key = QStringLiteral("\"message\":\"");
        const qsizetype at = record.preview.indexOf(key);
        if (at >= 0) {
            const qsizetype start = at + key.size();
            const qsizetype end = record.preview.indexOf(u'"', start);
            row.errorMessage = record.preview.mid(start, end < 0 ? -1 : end - start);
        }
    }
    row.preview = record.preview;
    return row;
}

QString AuditTableModel::kindText(AuditRecordType type)
{
    switch (type) {
    case AuditRecordType::ToolCall: return tr("Tool call");
    case AuditRecordType::ServerRequest: return tr("Server request");
    case AuditRecordType::Connection: return tr("Connection");
    }
    return {};
}

QString AuditTableModel::outcomeText(AuditOutcome outcome)
{
    switch (outcome) {
    case AuditOutcome::Pending: return tr("pending");
    case AuditOutcome::Succeeded: return tr("ok");
    case AuditOutcome::ToolError: return tr("isError");
    case AuditOutcome::Denied: return tr("denied");
    case AuditOutcome::InvalidArguments: return tr("invalid arguments");
    case AuditOutcome::Failed: return tr("error");
    case AuditOutcome::Cancelled: return tr("cancelled");
    case AuditOutcome::Unknown: return tr("outcome unknown");
    case AuditOutcome::None: return {};
    }
    return {};
}

QString AuditTableModel::decisionText(const std::optional<ApprovalDecision::Kind> &decision,
                                      const std::optional<ApprovalDecision::Source> &source)
{
    if (!decision)
        return {};
    QString text;
    switch (*decision) {
    case ApprovalDecision::Kind::AllowOnce: text = tr("allowed once"); break;
    case ApprovalDecision::Kind::AllowForSession: text = tr("allowed for the session"); break;
    case ApprovalDecision::Kind::AllowAlways: text = tr("allowed always"); break;
    case ApprovalDecision::Kind::Deny: text = tr("denied"); break;
    }
    if (source)
        text += *source == ApprovalDecision::Source::Human ? tr(" · human") : tr(" · remembered rule");
    return text;
}

QString AuditTableModel::connectionEventText(const QString &name)
{
    if (name == QLatin1StringView("connecting")) return tr("starting");
    if (name == QLatin1StringView("connected")) return tr("ready");
    if (name == QLatin1StringView("connect_failed")) return tr("failed");
    if (name == QLatin1StringView("restarting")) return tr("restarting");
    if (name == QLatin1StringView("disconnected")) return tr("stopped");
    if (name == QLatin1StringView("disabled")) return tr("disabled");
    if (name == QLatin1StringView("gave_up")) return tr("gave up restarting");
    if (name == QLatin1StringView("crashed")) return tr("crashed");
    return name;
}

QString AuditTableModel::initiatorText(CallInitiator initiator)
{
    return initiator == CallInitiator::Cli ? tr("CLI") : tr("GUI");
}

} // namespace Toolgate
