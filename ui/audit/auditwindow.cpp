#include "ui/audit/auditwindow.h"

#include "ui/audit/auditdetailpane.h"
#include "ui/audit/flowlayout.h"
#include "core/audit/auditqueryworker.h"
#include "ui/audit/audittablemodel.h"
#include "core/audit/auditreader.h"
#include "ui/compare/resultcompareview.h"
#include "ui/viewers/backgroundtask.h"

#include <algorithm>
#include <utility>

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTimeEdit>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QHelpEvent>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QShortcut>
#include <QShowEvent>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

enum DecisionChoice { AnyDecision, Allowed, Denied, ByHuman, ByRule, ByRun };
enum TimeChoice { AnyTime, LastHour, LastDay, LastWeek, LastMonth, CustomRange };

// The folder of the last export, kept in the app's settings: the next export starts there.
const QString auditExportFolderKey = QStringLiteral("Audit/exportFolder");

// Where the export dialog opens: the folder exported to last, else the person's Documents (never the
// working folder, which for an app started from a menu is somewhere nobody would look).
QString auditExportFolder()
{
    const QString last = QSettings().value(auditExportFolderKey).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

QComboBox *choiceBox(const QString &objectName, const QList<QPair<QString, int>> &choices, QWidget *parent)
{
    auto *box = new QComboBox(parent);
    box->setObjectName(objectName);
    for (const auto &[text, value] : choices)
        box->addItem(text, value);
    return box;
}

QComboBox *nameBox(const QString &objectName, const QString &placeholder, QWidget *parent)
{
    auto *box = new QComboBox(parent);
    box->setObjectName(objectName);
    box->setEditable(true);
    box->setInsertPolicy(QComboBox::NoInsert);
    box->lineEdit()->setPlaceholderText(placeholder);
    box->lineEdit()->setClearButtonEnabled(true);
    // Room for the whole placeholder, in whatever language (German's "Jedes Werkzeug oder Ereignis"
    // was cut), and for the clear button beside it.
    box->setMinimumContentsLength(qMax(12, int(placeholder.size()) + 2));
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    return box;
}

// The status line, whole when it fits; else shortened in the middle (its start says how many records,
// its end names the file exported to) and whole in its tooltip. Its text is never what makes the
// window wider than a small screen (issue 34).
class AuditStatusLine final : public QLabel
{
public:
    using QLabel::QLabel;

    QSize minimumSizeHint() const override
    {
        QSize size = QLabel::minimumSizeHint();
        size.setWidth(fontMetrics().horizontalAdvance(QLatin1Char('M')) * 10);
        return size;
    }

    QString shownText() const { return fontMetrics().elidedText(text(), Qt::ElideMiddle, contentsRect().width()); }

protected:
    bool event(QEvent *event) override
    {
        if (event->type() == QEvent::ToolTip && shownText() != text()) {
            QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(), text(), this);
            return true;
        }
        return QLabel::event(event);
    }

    void paintEvent(QPaintEvent *) override
    {
        QPainter painter(this);
        style()->drawItemText(&painter, contentsRect(), int(alignment()), palette(), isEnabled(), shownText(), foregroundRole());
    }
};

void setChoices(QComboBox *box, const QStringList &values)
{
    const QString current = box->currentText();
    const QSignalBlocker blocker(box);
    box->clear();
    box->addItem(QString());
    box->addItems(values);
    box->setEditText(current);
}

} // namespace

AuditWindow::AuditWindow(const QString &databasePath, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_path(databasePath)
    , m_worker(new AuditQueryWorker(databasePath, this))
    , m_model(new AuditTableModel(m_worker, this))
{
    setObjectName(QStringLiteral("auditWindow"));
    setWindowTitle(tr("Audit Log"));
    setAttribute(Qt::WA_DeleteOnClose, false);

    auto *bar = new QWidget(this);
    buildFilters(bar);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("auditTable"));
    m_table->setAccessibleName(tr("Audit records"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Several rows: two tool calls can be compared (Compare Results).
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setHighlightSections(false);
    const QFontMetrics metrics = m_table->fontMetrics();
    const auto width = [&metrics](const char *sample) { return metrics.horizontalAdvance(QLatin1StringView(sample)) + 18; };
    m_table->setColumnWidth(AuditTableModel::TimeColumn, width("2026-11-21 16:05:00"));
    m_table->setColumnWidth(AuditTableModel::KindColumn, width("Server request"));
    m_table->setColumnWidth(AuditTableModel::ServerColumn, width("server-name-12"));
    m_table->setColumnWidth(AuditTableModel::NameColumn, width("generate_image_x"));
    m_table->setColumnWidth(AuditTableModel::DecisionColumn, width("allowed once · your collection run"));
    m_table->setColumnWidth(AuditTableModel::OutcomeColumn, width("outcome unknown"));
    m_table->setColumnWidth(AuditTableModel::DurationColumn, width("12345 ms"));
    // Wide enough for its header and whatever it names, in the language shown ("Konformitätstest",
    // "App · #12345").
    int clientWidth = metrics.horizontalAdvance(m_model->headerData(AuditTableModel::ClientColumn, Qt::Horizontal).toString());
    for (const CallInitiator initiator : {CallInitiator::Gui, CallInitiator::Cli, CallInitiator::Conformance, CallInitiator::App, CallInitiator::Model})
        clientWidth = std::max(clientWidth, metrics.horizontalAdvance(AuditTableModel::clientText(initiator, std::nullopt)));
    clientWidth = std::max(clientWidth, metrics.horizontalAdvance(AuditTableModel::clientText(CallInitiator::App, 12345)));
    m_table->setColumnWidth(AuditTableModel::ClientColumn, clientWidth + 18);
    // Outcome takes the slack: it holds connection messages too.
    m_table->horizontalHeader()->moveSection(AuditTableModel::OutcomeColumn, AuditTableModel::ClientColumn);
    m_table->horizontalHeader()->setSectionResizeMode(AuditTableModel::OutcomeColumn, QHeaderView::Stretch);

    m_detail = new AuditDetailPane(this);
    m_detail->setObjectName(QStringLiteral("auditDetail"));

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(QStringLiteral("auditSplitter"));
    m_splitter->addWidget(m_table);
    // The record's rows keep the height their words need and scroll on a short screen (issue 34); no
    // frame and no Tab stop of its own: the pane's controls take the focus and scroll into view.
    auto *detailArea = new QScrollArea(m_splitter);
    detailArea->setObjectName(QStringLiteral("auditDetailScroll"));
    detailArea->setFrameShape(QFrame::NoFrame);
    detailArea->setFocusPolicy(Qt::NoFocus);
    detailArea->setWidgetResizable(true);
    detailArea->viewport()->setAutoFillBackground(false);
    detailArea->setWidget(m_detail);
    m_splitter->addWidget(detailArea);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setChildrenCollapsible(false);

    m_status = new AuditStatusLine(this);
    m_status->setObjectName(QStringLiteral("auditStatus"));
    m_status->setTextFormat(Qt::PlainText);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(bar);
    layout->addWidget(m_splitter, 1);
    layout->addWidget(m_status);

    m_filterDelay = new QTimer(this);
    m_filterDelay->setSingleShot(true);
    m_filterDelay->setInterval(250);
    connect(m_filterDelay, &QTimer::timeout, this, &AuditWindow::applyFilter);

    connect(m_model, &AuditTableModel::loadingChanged, this, &AuditWindow::updateStatus);
    connect(m_model, &AuditTableModel::matchCountChanged, this, &AuditWindow::updateStatus);
    connect(m_model, &AuditTableModel::pageLoaded, this, [this] {
        m_queryError.clear();
        updateStatus(); // the view itself asks for more (fetchMore) while its viewport is not full
    });
    connect(m_model, &AuditTableModel::queryFailed, this, [this](const QString &message) {
        m_queryError = message;
        updateStatus();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { m_detail->showPlaceholder(tr("Select a record to see it in full.")); });
    connect(m_model, &QAbstractItemModel::rowsAboutToBeInserted, this,
            [this](const QModelIndex &, int first) { keepScrollPlace(first); });
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &AuditWindow::restoreScrollPlace);
    connect(m_model, &AuditTableModel::liveUpdateApplied, this, [this](int, const QList<qint64> &updated) {
        m_queryError.clear();
        updateStatus();
        // The record in the detail pane finished (or was decided): show its final state.
        if (updated.contains(m_model->recordId(m_table->currentIndex().row())))
            showSelected();
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &AuditWindow::showSelected);
    m_compareAction = new QAction(tr("Compare Results"), this);
    m_compareAction->setObjectName(QStringLiteral("compareResults"));
    m_compareAction->setToolTip(tr("Show the results of the two selected tool calls side by side, with what differs"));
    connect(m_compareAction, &QAction::triggered, this, &AuditWindow::compareSelected);
    connect(m_compare, &QPushButton::clicked, m_compareAction, &QAction::trigger);
    const auto updateCompare = [this] {
        const bool can = canCompareSelected();
        m_compareAction->setEnabled(can);
        m_compare->setEnabled(can);
    };
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, updateCompare);
    connect(m_model, &QAbstractItemModel::modelReset, this, updateCompare);
    updateCompare();
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, &AuditWindow::showCompareMenu);
    connect(m_detail, &AuditDetailPane::runAgainRequested, this, &AuditWindow::runAgain);
    connect(m_detail, &AuditDetailPane::saveToCollectionRequested, this, [this](const AuditRecord &record) {
        emit saveCallRequested(savedCallOf(record));
    });
    connect(m_detail, &AuditDetailPane::originRequested, this, &AuditWindow::showRecord);
    auto *refreshKey = new QShortcut(QKeySequence::Refresh, this);
    connect(refreshKey, &QShortcut::activated, this, &AuditWindow::refresh);
    // A window of its own closes the way windows do: Esc, or Ctrl+W (the platform's Close).
    QList<QKeySequence> closeKeys = QKeySequence::keyBindings(QKeySequence::Close);
    if (!closeKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_W)))
        closeKeys.append(QKeySequence(Qt::CTRL | Qt::Key_W));
    closeKeys.append(QKeySequence(Qt::Key_Escape));
    auto *closeKey = new QShortcut(this);
    closeKey->setObjectName(QStringLiteral("closeShortcut"));
    closeKey->setKeys(closeKeys);
    connect(closeKey, &QShortcut::activated, this, &QWidget::close);

    m_storePoll = new QTimer(this);
    m_storePoll->setInterval(2000);
    connect(m_storePoll, &QTimer::timeout, this, &AuditWindow::noteStoreChanged);
    m_model->setLiveUpdatesPaused(true); // until shown

    resize(1100, 760);
    applyFilter();
    loadChoices();
}

AuditWindow::~AuditWindow() = default;

void AuditWindow::buildFilters(QWidget *bar)
{
    m_kind = choiceBox(QStringLiteral("kindFilter"),
                       {{tr("All kinds"), -1},
                        {tr("Tool calls"), int(AuditRecordType::ToolCall)},
                        {tr("Server requests"), int(AuditRecordType::ServerRequest)},
                        {tr("Connection events"), int(AuditRecordType::Connection)}},
                       bar);
    m_server = nameBox(QStringLiteral("serverFilter"), tr("Any server"), bar);
    m_server->setAccessibleName(tr("Server"));
    m_tool = nameBox(QStringLiteral("toolFilter"), tr("Any tool or event"), bar);
    m_tool->setAccessibleName(tr("Tool or event"));
    m_decision = choiceBox(QStringLiteral("decisionFilter"),
                           {{tr("Any decision"), AnyDecision}, {tr("Allowed"), Allowed}, {tr("Denied"), Denied},
                            {tr("Decided by a human"), ByHuman}, {tr("Decided by a remembered rule"), ByRule},
                            {tr("Approved with a collection run"), ByRun}},
                           bar);
    m_outcome = choiceBox(QStringLiteral("outcomeFilter"),
                          {{tr("Any outcome"), -1},
                           {tr("ok"), int(AuditOutcome::Succeeded)},
                           {tr("tool error"), int(AuditOutcome::ToolError)},
                           {tr("error"), int(AuditOutcome::Failed)},
                           {tr("denied"), int(AuditOutcome::Denied)},
                           {tr("outcome unknown"), int(AuditOutcome::Unknown)},
                           {tr("cancelled"), int(AuditOutcome::Cancelled)},
                           {tr("invalid arguments"), int(AuditOutcome::InvalidArguments)},
                           {tr("pending"), int(AuditOutcome::Pending)}},
                          bar);
    m_time = choiceBox(QStringLiteral("timeFilter"),
                       {{tr("Any time"), AnyTime}, {tr("Last hour"), LastHour}, {tr("Last 24 hours"), LastDay},
                        {tr("Last 7 days"), LastWeek}, {tr("Last 30 days"), LastMonth}, {tr("Custom range"), CustomRange}},
                       bar);
    const QDateTime now = QDateTime::currentDateTime();
    m_from = new QDateTimeEdit(now.addDays(-1), bar);
    m_from->setObjectName(QStringLiteral("fromEdit"));
    m_until = new QDateTimeEdit(now.addSecs(3600), bar);
    m_until->setObjectName(QStringLiteral("untilEdit"));
    for (QDateTimeEdit *edit : {m_from, m_until}) {
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
        edit->setVisible(false);
    }
    m_search = new QLineEdit(bar);
    m_search->setObjectName(QStringLiteral("auditSearch"));
    m_search->setAccessibleName(tr("Search arguments and results"));
    m_search->setPlaceholderText(tr("Search arguments and results…"));
    m_search->setClearButtonEnabled(true);
    m_refresh = new QPushButton(tr("Refresh"), bar);
    m_refresh->setObjectName(QStringLiteral("auditRefresh"));
    m_refresh->setToolTip(tr("Load the list again from the start (F5); new records also show by themselves"));
    m_export = new QPushButton(tr("Export…"), bar);
    m_export->setObjectName(QStringLiteral("auditExport"));
    m_export->setToolTip(tr("Save the records the filters show as JSON Lines or CSV"));

    m_compare = new QPushButton(tr("Compare Results"), bar);
    m_compare->setObjectName(QStringLiteral("auditCompare"));
    m_compare->setToolTip(tr("Select two tool calls (Ctrl+click) to see their results side by side"));

    // Filters first, then the buttons; as many rows as the window's width needs, so that on a small
    // screen, at 200 % or in German nothing is squeezed or cut (issue 34).
    m_search->setMinimumWidth(m_search->fontMetrics().horizontalAdvance(m_search->placeholderText()) + 48);
    auto *layout = new FlowLayout(bar);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QWidget *widget : std::initializer_list<QWidget *>{m_search, m_kind, m_server, m_tool, m_decision, m_outcome, m_time, m_from,
                                                            m_until, m_compare, m_refresh, m_export})
        layout->addWidget(widget);

    for (QComboBox *box : {m_kind, m_decision, m_outcome})
        connect(box, &QComboBox::currentIndexChanged, this, &AuditWindow::applyFilter);
    connect(m_time, &QComboBox::currentIndexChanged, this, [this] {
        const bool custom = m_time->currentData().toInt() == CustomRange;
        m_from->setVisible(custom);
        m_until->setVisible(custom);
        applyFilter();
    });
    for (QDateTimeEdit *edit : {m_from, m_until})
        connect(edit, &QDateTimeEdit::dateTimeChanged, this, &AuditWindow::scheduleFilter);
    for (QComboBox *box : {m_server, m_tool})
        connect(box, &QComboBox::currentTextChanged, this, &AuditWindow::scheduleFilter);
    connect(m_search, &QLineEdit::textChanged, this, &AuditWindow::scheduleFilter);
    connect(m_refresh, &QPushButton::clicked, this, &AuditWindow::refresh);
    connect(m_export, &QPushButton::clicked, this, &AuditWindow::chooseExportFile);
}

void AuditWindow::setRunAgainHandler(RunAgainHandler handler)
{
    m_runAgain = std::move(handler);
}

AuditFilter AuditWindow::currentFilter() const
{
    AuditFilter filter;
    if (const int kind = m_kind->currentData().toInt(); kind >= 0)
        filter.types = {AuditRecordType(kind)};
    if (const QString server = m_server->currentText().trimmed(); !server.isEmpty())
        filter.servers = {server};
    if (const QString tool = m_tool->currentText().trimmed(); !tool.isEmpty())
        filter.names = {tool};
    switch (m_decision->currentData().toInt()) {
    case Allowed:
        filter.decisions = {ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Kind::AllowForSession, ApprovalDecision::Kind::AllowAlways};
        break;
    case Denied: filter.decisions = {ApprovalDecision::Kind::Deny}; break;
    case ByHuman: filter.decidedBy = ApprovalDecision::Source::Human; break;
    case ByRule: filter.decidedBy = ApprovalDecision::Source::RememberedRule; break;
    case ByRun: filter.decidedBy = ApprovalDecision::Source::ApprovedRun; break;
    default: break;
    }
    if (const int outcome = m_outcome->currentData().toInt(); outcome >= 0)
        filter.outcomes = {AuditOutcome(outcome)};
    const QDateTime now = QDateTime::currentDateTimeUtc();
    switch (m_time->currentData().toInt()) {
    case LastHour: filter.from = now.addSecs(-3600); break;
    case LastDay: filter.from = now.addDays(-1); break;
    case LastWeek: filter.from = now.addDays(-7); break;
    case LastMonth: filter.from = now.addDays(-30); break;
    case CustomRange:
        filter.from = m_from->dateTime().toUTC();
        filter.until = m_until->dateTime().toUTC();
        break;
    default: break;
    }
    filter.text = m_search->text();
    return filter;
}

void AuditWindow::scheduleFilter()
{
    m_filterDelay->start();
}

void AuditWindow::applyFilter()
{
    m_filterDelay->stop();
    m_model->setFilter(currentFilter());
    updateStatus();
}

void AuditWindow::refresh()
{
    applyFilter();
    loadChoices();
}

void AuditWindow::noteStoreChanged()
{
    m_model->noteStoreChanged();
}

void AuditWindow::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!std::exchange(m_splitPlaced, true)) {
        // The record in full gets most of the height: its scroll area asks for little, and the
        // splitter would otherwise give the table most of a short window (issue 34).
        const int total = m_splitter->height() - m_splitter->handleWidth();
        m_splitter->setSizes({total * 2 / 5, total - total * 2 / 5});
    }
    m_model->setLiveUpdatesPaused(false);
    // Catch up with what was written while hidden, or by another process.
    m_model->noteStoreChanged();
    m_storePoll->start();
    if (m_hiddenAfterShown)
        loadChoices();
}

void AuditWindow::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    if (event->spontaneous())
        return; // minimized or on another desktop: still shown as far as the person is concerned
    m_hiddenAfterShown = true;
    m_storePoll->stop();
    m_model->setLiveUpdatesPaused(true);
}

// Someone reading further down keeps their place while newer records go in above; at the very
// top they see the new rows arrive.
void AuditWindow::keepScrollPlace(int firstInserted)
{
    m_scrollAnchorId = 0;
    const int top = m_table->rowAt(0);
    if (m_table->verticalScrollBar()->value() == 0 || top < 0 || firstInserted > top)
        return;
    m_scrollAnchorId = m_model->recordId(top);
}

void AuditWindow::restoreScrollPlace()
{
    if (m_scrollAnchorId == 0)
        return;
    const int row = m_model->rowOfRecord(m_scrollAnchorId);
    m_scrollAnchorId = 0;
    if (row < 0)
        return;
    // The scroll range learns of the new rows only in the (otherwise delayed) layout.
    m_table->doItemsLayout();
    if (m_table->verticalScrollMode() == QAbstractItemView::ScrollPerItem)
        m_table->verticalScrollBar()->setValue(m_table->verticalHeader()->visualIndex(row));
    else
        m_table->scrollTo(m_model->index(row, qMax(0, m_table->columnAt(0))), QAbstractItemView::PositionAtTop);
}

// The names in the store, for the server and tool choices; typing any name works as well.
void AuditWindow::loadChoices()
{
    struct Choices
    {
        QStringList servers;
        QStringList names;
    };
    m_worker->run<Choices>(
        this,
        [](AuditReader &reader) -> Result<Choices> {
            auto servers = reader.serverNames();
            if (!servers)
                return servers.error();
            auto names = reader.recordNames();
            if (!names)
                return names.error();
            return Choices{servers.value(), names.value()};
        },
        [this](const Result<Choices> &choices) {
            if (!choices)
                return; // the list says why
            setChoices(m_server, choices->servers);
            setChoices(m_tool, choices->names);
        });
}

void AuditWindow::showRecord(qint64 id)
{
    if (const int row = m_model->rowOfRecord(id); row >= 0) {
        const QModelIndex index = m_model->index(row, 0);
        m_table->setCurrentIndex(index);
        m_table->scrollTo(index);
        return;
    }
    // Not among the rows the filters show (or not loaded yet): the record alone, no row selected.
    m_table->selectionModel()->clearCurrentIndex();
    m_table->clearSelection();
    showInDetail(id);
}

void AuditWindow::showSelected()
{
    showInDetail(m_model->recordId(m_table->currentIndex().row()));
}

void AuditWindow::showInDetail(qint64 id)
{
    const quint64 generation = ++m_detailGeneration;
    if (id == 0) {
        m_detail->showPlaceholder(tr("Select a record to see it in full."));
        return;
    }
    m_worker->run<AuditRecord>(
        this, [id](AuditReader &reader) { return reader.record(id); },
        [this, id, generation](const Result<AuditRecord> &record) {
            if (generation != m_detailGeneration)
                return; // another record was selected meanwhile
            if (!record) {
                m_detail->showPlaceholder(tr("Record #%1 could not be read: %2").arg(id).arg(record.error().message));
                return;
            }
            m_detail->setRecord(record.value());
            emit recordShown(id);
        });
}

void AuditWindow::updateStatus()
{
    if (!m_queryError.isEmpty()) {
        m_status->setText(tr("Cannot read the audit log: %1").arg(m_queryError));
        return;
    }
    const QLocale locale;
    QString text;
    if (m_model->isLoading() && m_model->rowCount() == 0)
        text = tr("Loading…");
    else if (auto count = m_model->matchCount())
        text = *count == 1 ? tr("1 record matches; %1 loaded").arg(locale.toString(m_model->rowCount()))
                           : tr("%1 records match; %2 loaded").arg(locale.toString(*count), locale.toString(m_model->rowCount()));
    else
        text = m_model->rowCount() == 1 ? tr("1 record loaded, counting…")
                                        : tr("%1 records loaded, counting…").arg(locale.toString(m_model->rowCount()));
    if (m_exporting)
        text += tr(" · exporting…");
    m_status->setText(text);
}

void AuditWindow::chooseExportFile()
{
    auto *dialog = new QFileDialog(this, tr("Export Audit Records"));
    dialog->setObjectName(QStringLiteral("exportDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    const QString jsonLines = tr("JSON Lines (*.jsonl)");
    const QString csv = tr("CSV (*.csv)");
    dialog->setNameFilters({jsonLines, csv});
    dialog->setDefaultSuffix(QStringLiteral("jsonl"));
    dialog->setDirectory(auditExportFolder());
    // A name that says what and when, so a second export does not overwrite the first by accident.
    const QString base = QStringLiteral("toolgate-audit-%1").arg(QDate::currentDate().toString(Qt::ISODate));
    dialog->selectFile(base + QStringLiteral(".jsonl"));
    connect(dialog, &QFileDialog::filterSelected, dialog, [dialog, csv, base](const QString &filter) {
        const QString suffix = filter == csv ? QStringLiteral("csv") : QStringLiteral("jsonl");
        dialog->setDefaultSuffix(suffix);
        dialog->selectFile(base + u'.' + suffix);
    });
    connect(dialog, &QFileDialog::fileSelected, this, [this, dialog, csv](const QString &path) {
        const bool isCsv = dialog->selectedNameFilter() == csv || path.endsWith(QLatin1StringView(".csv"), Qt::CaseInsensitive);
        exportTo(path, isCsv ? AuditExporter::Format::Csv : AuditExporter::Format::JsonLines);
    });
    dialog->open();
}

void AuditWindow::exportTo(const QString &path, AuditExporter::Format format)
{
    const AuditFilter filter = m_model->filter();
    const QString store = m_path;
    m_exporting = true;
    m_export->setEnabled(false);
    updateStatus();
    // A reader of its own on a pool thread: an export of many records never holds up the list.
    BackgroundTask::run(
        this,
        [store, filter, format, path]() -> Result<qint64> {
            auto reader = AuditReader::open(store);
            if (!reader)
                return reader.error();
            QSaveFile file(path);
            if (!file.open(QIODevice::WriteOnly))
                return Error{0, QCoreApplication::translate("Toolgate::AuditWindow", "cannot write %1: %2").arg(path, file.errorString()), {}};
            auto written = AuditExporter::write(*reader.value(), filter, format, &file);
            if (!written) {
                file.cancelWriting();
                return written;
            }
            if (!file.commit())
                return Error{0, QCoreApplication::translate("Toolgate::AuditWindow", "cannot save %1: %2").arg(path, file.errorString()), {}};
            return written;
        },
        [this, path](const Result<qint64> &written) {
            m_exporting = false;
            m_export->setEnabled(true);
            updateStatus();
            if (written) {
                QSettings().setValue(auditExportFolderKey, QFileInfo(path).absolutePath());
                const int count = int(written.value());
                m_status->setText(m_status->text()
                                  + (count == 1 ? tr(" · exported 1 record to %1").arg(path)
                                                : tr(" · exported %Ln records to %1", nullptr, count).arg(path)));
            } else {
                auto *box = new QMessageBox(QMessageBox::Warning, tr("Export Failed"),
                                            tr("The audit records could not be exported."), QMessageBox::Ok, this);
                box->setInformativeText(written.error().message + tr("\n\nChoose another file or folder and try again."));
                box->setAttribute(Qt::WA_DeleteOnClose);
                box->setObjectName(QStringLiteral("exportFailed"));
                box->open();
            }
            emit exportFinished(written);
        });
}

void AuditWindow::runAgain(const AuditRecord &record)
{
    QString problem;
    if (!m_runAgain)
        problem = tr("There is no tool form to take this call into.");
    else
        problem = m_runAgain(record.serverName, record.name, record.sentArguments());
    if (problem.isEmpty()) {
        m_status->setText(tr("%1 on %2 is in the tool form with the recorded arguments; run it from there.").arg(record.name, record.serverName));
        return;
    }
    auto *box = new QMessageBox(QMessageBox::Information, tr("Cannot Run Again"), problem, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("runAgainProblem"));
    box->open();
}

QList<qint64> AuditWindow::selectedToolCalls() const
{
    QList<qint64> ids;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    for (const QModelIndex &row : rows) {
        if (row.data(AuditTableModel::RecordTypeRole).toInt() == int(AuditRecordType::ToolCall))
            ids.append(row.data(AuditTableModel::RecordIdRole).toLongLong());
    }
    return ids.size() == rows.size() ? ids : QList<qint64>();
}

bool AuditWindow::canCompareSelected() const
{
    return selectedToolCalls().size() == 2;
}

void AuditWindow::showCompareMenu(const QPoint &pos)
{
    if (!m_table->indexAt(pos).isValid())
        return;
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addAction(m_compareAction);
    menu->popup(m_table->viewport()->mapToGlobal(pos));
}

void AuditWindow::compareSelected()
{
    QList<qint64> ids = selectedToolCalls();
    if (ids.size() != 2)
        return;
    std::sort(ids.begin(), ids.end()); // the older call first: "before" and "after"
    const qint64 first = ids.at(0), second = ids.at(1);
    m_worker->run<QList<AuditRecord>>(
        this,
        [first, second](AuditReader &reader) -> Result<QList<AuditRecord>> {
            auto a = reader.record(first);
            if (!a)
                return a.error();
            auto b = reader.record(second);
            if (!b)
                return b.error();
            return QList<AuditRecord>{a.value(), b.value()};
        },
        [this](const Result<QList<AuditRecord>> &records) {
            QString problem;
            if (!records) {
                problem = tr("The records could not be read: %1").arg(records.error().message);
            } else {
                for (const AuditRecord &record : records.value()) {
                    if (!record.result) {
                        problem = tr("Record #%1 (%2 on %3) has no result to compare: the call was denied, failed before the "
                                     "server answered, or has not finished.")
                                      .arg(record.id)
                                      .arg(record.name, record.serverName);
                        break;
                    }
                }
            }
            if (!problem.isEmpty()) {
                auto *box = new QMessageBox(QMessageBox::Information, tr("Cannot Compare"), problem, QMessageBox::Ok, this);
                box->setTextFormat(Qt::PlainText);
                box->setAttribute(Qt::WA_DeleteOnClose);
                box->setObjectName(QStringLiteral("compareProblem"));
                box->open();
                return;
            }
            const auto title = [](const AuditRecord &record) -> QString {
                return QStringLiteral("%1 · %2 · %3 (#%4)")
                    .arg(record.serverName, record.name,
                         record.startedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))
                    .arg(record.id);
            };
            const AuditRecord &before = records->at(0);
            const AuditRecord &after = records->at(1);
            // The stored result as core reads any tools/call result; the dialog never parses it.
            ResultCompareDialog::open(this, title(before), CallToolResult::fromJson(*before.result), title(after),
                                      CallToolResult::fromJson(*after.result));
        });
}

SavedCall AuditWindow::savedCallOf(const AuditRecord &record)
{
    SavedCall call;
    call.name = record.name;
    call.server = record.serverName;
    call.tool = record.name;
    // What was sent: the edited arguments when the person edited them, in the order they saw them.
    call.arguments = record.sentArguments();
    call.argumentOrder = record.editedArguments ? record.editedArgumentsOrder.keys : record.argumentsOrder.keys;
    if (record.isError) {
        Expectation isError;
        isError.kind = Expectation::Kind::IsError;
        isError.flag = *record.isError;
        call.expectations.append(isError);
    }
    if (record.outputValid.value_or(false)) {
        Expectation schema;
        schema.kind = Expectation::Kind::MatchesOutputSchema;
        schema.flag = true;
        call.expectations.append(schema);
    }
    return call;
}

} // namespace Toolgate

#include "moc_auditwindow.cpp"
