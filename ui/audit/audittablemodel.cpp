#include "ui/audit/audittablemodel.h"
#include "core/common/displaytext.h"

#include "core/audit/auditqueryworker.h"
#include "ui/viewers/viewerformat.h"

#include <QBrush>
#include <QGuiApplication>
#include <QSet>
#include <QPalette>
#include <QTimer>

#include <algorithm>

namespace Toolgate {

namespace {

/// More changed records than this at once (a long burst while the window was hidden): reload.
constexpr int maxLiveChanges = 1000;

struct LoadedPage
{
    AuditReader::Page page;
    qint64 seq = -1; ///< The chain head read just before the first page (-1: not a first page).
};

} // namespace

AuditTableModel::AuditTableModel(AuditQueryWorker *worker, QObject *parent)
    : QAbstractTableModel(parent)
    , m_worker(worker)
    , m_countWorker(new AuditQueryWorker(worker->path(), this))
    , m_catchUpDelay(new QTimer(this))
{
    m_catchUpDelay->setSingleShot(true);
    m_catchUpDelay->setInterval(200);
    connect(m_catchUpDelay, &QTimer::timeout, this, &AuditTableModel::catchUp);
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
    // The first page reads the chain head again; a catch-up under way is for the old rows.
    m_catchUpDelay->stop();
    m_catchingUp = false;
    m_changesPending = false;
    m_seenSeq = 0;
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
    const bool firstPage = !m_firstPageLoaded;
    const auto wanted = [current = m_wanted, generation] { return current->load() == generation; };
    m_worker->run<LoadedPage>(
        this,
        [filter, request, firstPage](AuditReader &reader) -> Result<LoadedPage> {
            LoadedPage loaded;
            if (firstPage) {
                // Before the page, so a record committed in between comes again as a change
                // (and is merged with its row) rather than falling between the two.
                auto seq = reader.lastEventSeq();
                if (!seq)
                    return seq.error();
                loaded.seq = seq.value();
            }
            auto page = reader.page(filter, request);
            if (!page)
                return page.error();
            loaded.page = std::move(page).value();
            return loaded;
        },
        [this, generation](const Result<LoadedPage> &loaded) {
            if (generation != m_generation)
                return; // an answer for a filter no longer shown
            if (!loaded) {
                m_more = false;
                setLoading(false);
                emit queryFailed(loaded.error().message);
                return;
            }
            const AuditReader::Page *page = &loaded->page;
            const bool first = !m_firstPageLoaded;
            m_firstPageLoaded = true;
            if (loaded->seq >= 0)
                m_seenSeq = loaded->seq;
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
                scheduleCatchUp(); // what was noted while the first page loaded
            }
        },
        wanted);
}

void AuditTableModel::setLiveUpdateDelay(int msec)
{
    m_catchUpDelay->setInterval(qMax(0, msec));
}

void AuditTableModel::noteStoreChanged()
{
    m_changesPending = true;
    scheduleCatchUp();
}

void AuditTableModel::setLiveUpdatesPaused(bool paused)
{
    if (m_livePaused == paused)
        return;
    m_livePaused = paused;
    if (paused)
        m_catchUpDelay->stop(); // m_changesPending stays: caught up on resuming
    else
        scheduleCatchUp();
}

// The delay is not restarted by later notes: a steady stream of writes still shows every
// interval instead of waiting for a pause.
void AuditTableModel::scheduleCatchUp()
{
    if (!m_changesPending || m_livePaused || !m_firstPageLoaded || m_catchingUp || m_catchUpDelay->isActive())
        return;
    m_catchUpDelay->start();
}

void AuditTableModel::catchUp()
{
    if (!m_changesPending || m_livePaused || !m_firstPageLoaded || m_catchingUp)
        return;
    m_changesPending = false;
    m_catchingUp = true;
    const quint64 generation = m_generation;
    const AuditFilter filter = m_filter;
    const qint64 since = m_seenSeq;
    m_worker->run<AuditReader::Changes>(
        this, [filter, since](AuditReader &reader) { return reader.changesSince(filter, since, maxLiveChanges); },
        [this, generation](const Result<AuditReader::Changes> &changes) {
            if (generation != m_generation)
                return; // reload() started over meanwhile
            m_catchingUp = false;
            if (!changes) {
                emit queryFailed(changes.error().message);
                return;
            }
            if (changes->tooMany) {
                reload();
                return;
            }
            applyChanges(changes.value());
            scheduleCatchUp(); // noted while this one ran
        },
        [current = m_wanted, generation] { return current->load() == generation; });
}

void AuditTableModel::applyChanges(const AuditReader::Changes &changes)
{
    m_seenSeq = changes.lastSeq;
    if (changes.changedIds.isEmpty())
        return;
    QSet<qint64> matching;
    for (const AuditRecord &record : changes.matching)
        matching.insert(record.id);
    const auto isShown = [this](int row, qint64 id) { return row < m_rows.size() && m_rows.at(row).id == id; };

    // Rows that no longer match (a "pending" filter and a call that finished). Ascending ids are
    // the rows bottom up, so the rows still to visit keep their numbers.
    int removed = 0;
    for (const qint64 id : changes.changedIds) {
        if (matching.contains(id))
            continue;
        const int row = positionOf(id);
        if (!isShown(row, id))
            continue;
        beginRemoveRows({}, row, row);
        m_rows.removeAt(row);
        endRemoveRows();
        ++removed;
    }

    // Rows whose record got its decision or outcome: the same row, its final state.
    QList<qint64> updated;
    for (const AuditRecord &record : changes.matching) {
        const int row = positionOf(record.id);
        if (!isShown(row, record.id))
            continue;
        Row fresh = rowFrom(record);
        if (fresh == m_rows.at(row))
            continue;
        m_rows[row] = std::move(fresh);
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        updated.append(record.id);
    }

    // New matches go where their id puts them: new records at the top, a record that only now
    // matches in its place. One insertion per run of neighbours, oldest runs first, so the places
    // above stay valid. Below the oldest loaded row a later page brings them instead.
    int inserted = 0;
    QList<Row> run; // oldest first
    int runAt = -1;
    const auto insertRun = [&] {
        if (run.isEmpty())
            return;
        beginInsertRows({}, runAt, runAt + int(run.size()) - 1);
        for (const Row &row : std::as_const(run))
            m_rows.insert(runAt, row); // each newer one above the last
        endInsertRows();
        inserted += int(run.size());
        run.clear();
    };
    for (auto it = changes.matching.crbegin(); it != changes.matching.crend(); ++it) {
        if (m_more && !m_rows.isEmpty() && it->id < m_rows.constLast().id)
            continue;
        const int at = positionOf(it->id);
        if (isShown(at, it->id))
            continue;
        if (at != runAt) {
            insertRun();
            runAt = at;
        }
        run.append(rowFrom(*it));
    }
    insertRun();

    if (m_count && inserted != removed) {
        m_count = *m_count + inserted - removed;
        emit matchCountChanged(*m_count);
    }
    if (inserted || removed || !updated.isEmpty())
        emit liveUpdateApplied(inserted, updated, removed);
}

int AuditTableModel::positionOf(qint64 id) const
{
    const auto it = std::lower_bound(m_rows.cbegin(), m_rows.cend(), id, [](const Row &row, qint64 value) { return row.id > value; });
    return int(it - m_rows.cbegin());
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
    const int row = positionOf(id);
    return row < m_rows.size() && m_rows.at(row).id == id ? row : -1;
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
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == DurationColumn)
        return tr("How long the server took: from sending the call to its answer. Asking you, the checks and "
                  "connecting come on top; a record's Timing shows both.");
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
    case OriginRole: return row.origin ? QVariant(*row.origin) : QVariant();
    case Qt::TextAlignmentRole:
        if (index.column() == DurationColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole: {
        // Red for what went wrong or was refused; connection events and requests in grey, so
        // the calls stand out.
        const bool failedEvent = row.name == QLatin1StringView("connect_failed") || row.name == QLatin1StringView("gave_up")
            || row.name == QLatin1StringView("run_denied") || row.name == QLatin1StringView("network_refused");
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
        if (index.column() == ClientColumn && row.origin)
            return tr("Made by %1").arg(originText(*row.origin));
        return row.preview.isEmpty() ? QVariant() : QVariant(row.preview);
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case TimeColumn: return row.startedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case KindColumn:
        // A collection run's decision is kept among the connection events (it names no single call).
        if (row.type == AuditRecordType::Connection && row.name.startsWith(QLatin1StringView("run_")))
            return tr("Collection run");
        return kindText(row.type);
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
        return DisplayText::duration(*row.durationMs);
    case ClientColumn:
        return clientText(row.initiator, row.origin);
    default: return {};
    }
}

// Connection events keep their message among the details (arguments), and the summary (preview) has
// the start of those as JSON text: the message is read up to its closing quote, escapes undone, as far
// as the summary goes. (A message quoting a name, like a collection run's, holds escaped quotes.)
static QString messageInPreview(const QString &preview)
{
    static const QString key = QStringLiteral("\"message\":\"");
    const qsizetype at = preview.indexOf(key);
    if (at < 0)
        return {};
    QString message;
    for (qsizetype i = at + key.size(); i < preview.size(); ++i) {
        const QChar c = preview.at(i);
        if (c == u'"')
            break;
        if (c != u'\\' || i + 1 >= preview.size()) {
            message += c;
            continue;
        }
        const QChar escaped = preview.at(++i);
        switch (escaped.unicode()) {
        case 'n': message += u'\n'; break;
        case 't': message += u'\t'; break;
        case 'r': break;
        case 'u': {
            bool ok = false;
            const ushort code = preview.mid(i + 1, 4).toUShort(&ok, 16);
            if (ok && i + 4 < preview.size()) {
                message += QChar(code);
                i += 4;
            }
            break;
        }
        default: message += escaped; break; // \" \\ \/
        }
    }
    return message;
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
    row.origin = record.origin;
    row.edited = record.edited;
    row.errorMessage = record.errorMessage;
    if (record.type == AuditRecordType::Connection && row.errorMessage.isEmpty())
        row.errorMessage = messageInPreview(record.preview);
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
    case AuditOutcome::ToolError: return tr("tool error");
    case AuditOutcome::Denied: return tr("denied");
    case AuditOutcome::InvalidArguments: return tr("invalid arguments");
    case AuditOutcome::Failed: return tr("error");
    case AuditOutcome::Cancelled: return tr("cancelled");
    case AuditOutcome::Unknown: return tr("outcome unknown");
    case AuditOutcome::None: return {};
    }
    return {};
}

QString AuditTableModel::taskStatusText(Task::Status status)
{
    switch (status) {
    case Task::Status::Working: return tr("working");
    case Task::Status::InputRequired: return tr("waiting for input");
    case Task::Status::Completed: return tr("completed");
    case Task::Status::Failed: return tr("failed");
    case Task::Status::Cancelled: return tr("cancelled");
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
    if (source) {
        switch (*source) {
        case ApprovalDecision::Source::Human: text += tr(" · human"); break;
        case ApprovalDecision::Source::RememberedRule: text += tr(" · remembered rule"); break;
        // Approved as part of a collection run the person started and approved as a whole.
        case ApprovalDecision::Source::ApprovedRun: text += tr(" · your collection run"); break;
        }
    }
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
    if (name == QLatin1StringView("trust_needed")) return tr("waiting for trust");
    if (name == QLatin1StringView("trust_granted")) return tr("trusted");
    if (name == QLatin1StringView("trust_refused")) return tr("not trusted");
    if (name == QLatin1StringView("crashed")) return tr("crashed");
    if (name == QLatin1StringView("run_approved")) return tr("run approved");
    if (name == QLatin1StringView("run_denied")) return tr("run denied");
    if (name == QLatin1StringView("network_allowed")) return tr("connected to a listed host");
    if (name == QLatin1StringView("network_refused")) return tr("connection refused");
    return name;
}

QString AuditTableModel::initiatorText(CallInitiator initiator)
{
    switch (initiator) {
    case CallInitiator::Gui: return tr("GUI");
    case CallInitiator::Cli: return tr("CLI");
    case CallInitiator::Conformance: return tr("Conformance test");
    case CallInitiator::App: return tr("App");
    case CallInitiator::Model: return tr("Model");
    }
    return {};
}

QString AuditTableModel::clientText(CallInitiator initiator, std::optional<qint64> origin)
{
    // An app view's call or request names the call whose result showed the app.
    if (origin)
        return tr("%1 · #%2").arg(initiatorText(initiator)).arg(*origin);
    return initiatorText(initiator);
}

QString AuditTableModel::originText(qint64 origin)
{
    return tr("the app in the result of call #%1").arg(origin);
}

} // namespace Toolgate

#include "moc_audittablemodel.cpp"
