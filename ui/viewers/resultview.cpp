#include "ui/viewers/resultview.h"

#include "core/jsonrpc/jsonwriter.h"

#include "ui/viewers/backgroundtask.h"
#include "ui/viewers/contentlist.h"
#include "ui/viewers/contentview.h"
#include "ui/viewers/largetextview.h"
#include "ui/viewers/messagebanner.h"
#include "ui/viewers/structuredcontentview.h"
#include "ui/viewers/viewerformat.h"
#include "ui/viewers/viewerstyle.h"

#include "core/calls/toolcall.h"
#include "core/common/displaytext.h"

#include <QClipboard>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {

// The outcome names ToolCallOutcome::kindName() returns, for lupdate: setOutcome() shows them translated.
[[maybe_unused]] const char *const outcomeNames[] = {
    QT_TRANSLATE_NOOP("Toolgate::ToolCallOutcome", "pending"), QT_TRANSLATE_NOOP("Toolgate::ToolCallOutcome", "succeeded"),
    QT_TRANSLATE_NOOP("Toolgate::ToolCallOutcome", "tool error"), QT_TRANSLATE_NOOP("Toolgate::ToolCallOutcome", "denied"),
    QT_TRANSLATE_NOOP("Toolgate::ToolCallOutcome", "invalid arguments"), QT_TRANSLATE_NOOP("Toolgate::ToolCallOutcome", "failed"),
    QT_TRANSLATE_NOOP("Toolgate::ToolCallOutcome", "cancelled")};

constexpr qsizetype BannerTextChars = 600;

QString firstLines(const QString &text)
{
    QString s = text.left(BannerTextChars).trimmed();
    if (text.size() > BannerTextChars)
        s += u'…';
    return s;
}

// The start of the first text block: what a tool usually says about its error. Not
// textSummary(), which would join every block, however big.
QString firstText(const CallToolResult &result)
{
    for (const Content &content : result.content) {
        if (content.type == Content::Type::Text)
            return firstLines(content.text);
    }
    return {};
}

// A denial as the decision it is: who denied and why. The pipeline's own sentence for a rule's denial
// names the rule and its reason.
QString deniedCallText(const ToolCallOutcome &outcome)
{
    const ApprovalDecision &decision = outcome.decision;
    if (decision.source == ApprovalDecision::Source::Human)
        return decision.reason.isEmpty() ? ResultView::tr("Denied by you (no reason given).")
                                         : ResultView::tr("Denied by you: %1").arg(firstLines(decision.reason));
    return outcome.error.message.isEmpty() ? firstText(outcome.result) : firstLines(outcome.error.message);
}

QJsonObject errorJson(const Error &error)
{
    QJsonObject object{{u"code"_s, error.code}, {u"message"_s, error.message}};
    if (!error.data.isUndefined() && !error.data.isNull())
        object.insert(u"data"_s, error.data);
    return QJsonObject{{u"error"_s, object}};
}

QJsonObject resultJson(const CallToolResult &result)
{
    // The result exactly as received when we have it; a synthesized one (denial) otherwise.
    return result.raw.isEmpty() ? result.toJson() : result.raw;
}

} // namespace

ResultView::ResultView(QWidget *parent)
    : QWidget(parent)
    , m_status(ViewerStyle::captionLabel({}, this))
    , m_banner(new MessageBanner(this))
    , m_tabs(new QTabWidget(this))
    , m_content(new ContentList(m_tabs))
    , m_structured(new StructuredContentView(m_tabs))
    , m_raw(new LargeTextView(m_tabs))
{
    setObjectName(u"resultView"_s);
    m_status->setObjectName(u"outcomeStatus"_s);
    m_banner->setObjectName(u"errorBanner"_s);
    m_tabs->setObjectName(u"resultTabs"_s);
    m_raw->setObjectName(u"rawJsonView"_s);
    m_status->hide();

    m_tabs->setDocumentMode(true);
    m_tabs->insertTab(ContentTab, m_content, tr("Content"));
    auto *structuredPage = new QWidget(m_tabs);
    auto *structuredLayout = new QVBoxLayout(structuredPage);
    structuredLayout->setContentsMargins(8, 8, 8, 8);
    structuredLayout->addWidget(m_structured);
    m_tabs->insertTab(StructuredTab, structuredPage, tr("Structured"));
    m_tabs->insertTab(RawJsonTab, m_raw, tr("Raw JSON"));
    m_tabs->setTabVisible(StructuredTab, false);
    // Each page scrolls: two lines at the least, so the result never holds the window (or the form
    // above it) taller than a small screen allows.
    const int lines = fontMetrics().lineSpacing() * 2 + 24;
    for (QWidget *page : {static_cast<QWidget *>(m_content), structuredPage, static_cast<QWidget *>(m_raw)})
        page->setMinimumHeight(lines);
    // The raw view may show a truncated, folded preview; this copies the real thing.
    auto *corner = new QWidget(m_tabs);
    auto *cornerLayout = new QHBoxLayout(corner);
    cornerLayout->setContentsMargins(0, 0, 8, 2); // line up with the cards' right edge
    auto *copyRaw = new QToolButton(corner);
    copyRaw->setObjectName(u"copyRawJsonButton"_s);
    copyRaw->setText(tr("Copy JSON"));
    copyRaw->setToolTip(tr("Copy the whole raw JSON"));
    copyRaw->setAutoRaise(true);
    cornerLayout->addWidget(copyRaw);
    m_tabs->setCornerWidget(corner, Qt::TopRightCorner);
    connect(copyRaw, &QToolButton::clicked, this, [this] {
        if (m_rawJson.isDelivered())
            QGuiApplication::clipboard()->setText(m_raw->text());
    });

    // Status and banner line up with the content cards below them.
    auto *top = new QVBoxLayout;
    top->setContentsMargins(8, 6, 8, 0);
    top->setSpacing(6);
    top->addWidget(m_status);
    top->addWidget(m_banner);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    layout->addLayout(top);
    layout->addWidget(m_tabs, 1);
}

int ResultView::wantedHeight() const
{
    // Only the content tab says what it holds; the others scroll and are a click away.
    const int content = m_content->wantedHeight();
    if (content < 0)
        return -1;
    int height = m_tabs->tabBar()->sizeHint().height() + content;
    for (const QWidget *above : {static_cast<const QWidget *>(m_status), static_cast<const QWidget *>(m_banner)}) {
        if (!above->isHidden())
            height += (above->hasHeightForWidth() ? above->heightForWidth(qMax(1, width() - 16)) : above->sizeHint().height()) + 6;
    }
    return height + 6;
}

void ResultView::clear()
{
    m_rawJson.drop(); // any serialisation still in flight
    m_status->hide();
    m_banner->hide();
    m_content->clear();
    m_content->setPlaceholderText(tr("No content."));
    m_structured->clear();
    m_tabs->setTabVisible(StructuredTab, false);
    m_tabs->setTabText(ContentTab, tr("Content"));
    m_raw->clear();
    m_tabs->setCurrentIndex(ContentTab);
}

void ResultView::setResult(const CallToolResult &result)
{
    clear();
    if (result.isError) {
        m_banner->showMessage(MessageBanner::Kind::Error, tr("The tool reported an error"),
                              firstText(result));
    }
    QList<ContentView *> views;
    for (const Content &content : result.content)
        views.append(new ContentView(content, nullptr));
    showContent(views);
    showStructured(result, nullptr);
    showRawJson(resultJson(result), result.raw.isEmpty() ? JsonKeyOrder() : result.rawOrder);
}

void ResultView::setOutcome(const ToolCallOutcome &outcome)
{
    using Kind = ToolCallOutcome::Kind;
    clear();
    // kindName() stays English (toolgate-cli --json prints it); the names are translated here.
    QString status = QCoreApplication::translate("Toolgate::ToolCallOutcome", ToolCallOutcome::kindName(outcome.kind).toUtf8().constData());
    if (!status.isEmpty())
        status[0] = status[0].toUpper();
    if (outcome.durationMs > 0)
        status += u" · "_s + DisplayText::duration(outcome.durationMs);
    if (!outcome.inputRounds.isEmpty())
        status += u" · "_s + (outcome.inputRounds.size() == 1 ? tr("1 round of input")
                                                                : tr("%n rounds of input", nullptr, int(outcome.inputRounds.size())));
    showStatus(status);

    switch (outcome.kind) {
    case Kind::Pending:
        m_banner->showMessage(MessageBanner::Kind::Info, tr("Waiting for the result…"));
        m_content->setPlaceholderText(tr("No result yet."));
        return;
    case Kind::Failed: {
        QStringList details;
        // The codes Toolgate makes up itself (a closed connection, a timeout) mean nothing to people,
        // and the message says in words what happened; a server's own code may help its developer.
        const bool fromToolgate = isToolgateErrorCode(outcome.error.code);
        if (outcome.error.code != 0 && !fromToolgate)
            details << tr("Error code %1").arg(outcome.error.code);
        // Toolgate's own data (how a server's process ended, ...) is what the message says; the raw view has it.
        if (!fromToolgate && !outcome.error.data.isUndefined() && !outcome.error.data.isNull()) {
            const QJsonValue data = outcome.error.data;
            const QByteArray json = data.isObject() ? QJsonDocument(data.toObject()).toJson(QJsonDocument::Compact)
                                  : data.isArray()  ? QJsonDocument(data.toArray()).toJson(QJsonDocument::Compact)
                                                    : data.toVariant().toString().toUtf8();
            details << tr("Data: ") + ViewerFormat::oneLine(QString::fromUtf8(json), 300);
        }
        m_banner->showMessage(MessageBanner::Kind::Error, tr("The call failed"), firstLines(outcome.error.message), details);
        m_content->setPlaceholderText(tr("The call produced no result."));
        showRawJson(errorJson(outcome.error));
        return;
    }
    case Kind::InvalidArguments:
        m_banner->showMessage(MessageBanner::Kind::Error, tr("Invalid arguments"),
                              outcome.inputProblems.isEmpty() ? firstLines(outcome.error.message)
                                                              : tr("The arguments do not match the tool's input schema; nothing was sent."),
                              outcome.inputProblems);
        m_content->setPlaceholderText(tr("Nothing was sent."));
        showRawJson(errorJson(outcome.error));
        return;
    case Kind::Cancelled:
        m_banner->showMessage(MessageBanner::Kind::Warning, tr("Cancelled"), firstLines(outcome.error.message));
        m_content->setPlaceholderText(tr("The call was cancelled before a result arrived."));
        showRawJson(errorJson(outcome.error));
        return;
    case Kind::Denied:
        // Toolgate's decision, not the server's content: the server never saw the call, so nothing of
        // the result the caller gets (Toolgate's own sentence) is shown as if the server had sent it.
        m_banner->showMessage(MessageBanner::Kind::Warning, tr("Call denied"), deniedCallText(outcome));
        m_content->setPlaceholderText(tr("Nothing was sent to the server."));
        showRawJson(errorJson(outcome.error));
        return;
    case Kind::ToolError:
        m_banner->showMessage(MessageBanner::Kind::Error, tr("The tool reported an error"),
                              firstText(outcome.result));
        break;
    case Kind::Succeeded:
        if (outcome.outputValid == false) {
            m_banner->showMessage(MessageBanner::Kind::Warning, tr("The output does not match the tool's output schema"),
                                  {}, outcome.outputProblems);
        } else if (!outcome.inputRounds.isEmpty()) {
            // 2026-07-28 (MRTR): the call was sent again with the person's answers; say what was asked.
            QStringList rounds;
            for (const InputRound &round : outcome.inputRounds)
                rounds.append(round.describe());
            m_banner->showMessage(MessageBanner::Kind::Info,
                                  outcome.inputRounds.size() == 1
                                      ? tr("The server asked for input once before it answered")
                                      : tr("The server asked for input %n times before it answered", nullptr, int(outcome.inputRounds.size())),
                                  {}, rounds);
        }
        break;
    }

    QList<ContentView *> views;
    for (const Content &content : outcome.result.content)
        views.append(new ContentView(content, nullptr));
    showContent(views);
    showStructured(outcome.result, &outcome);
    showRawJson(resultJson(outcome.result), outcome.result.raw.isEmpty() ? JsonKeyOrder() : outcome.result.rawOrder);
}

void ResultView::setReadResourceResult(const ReadResourceResult &result)
{
    clear();
    QList<ContentView *> views;
    for (const ResourceContents &contents : result.contents)
        views.append(new ContentView(contents, nullptr));
    m_content->setPlaceholderText(tr("The resource has no contents."));
    showContent(views);
    showRawJson(result.toJson());
}

QList<ContentView *> ResultView::contentViews() const
{
    return m_content->views();
}

void ResultView::showContent(const QList<ContentView *> &views)
{
    for (ContentView *view : views) {
        connect(view, &ContentView::resourceLinkActivated, this, &ResultView::resourceLinkActivated);
        connect(view, &ContentView::linkActivated, this, &ResultView::linkActivated);
    }
    m_content->setViews(views);
    m_tabs->setTabText(ContentTab, views.isEmpty() ? tr("Content") : tr("Content (%1)").arg(views.size()));
}

void ResultView::showStructured(const CallToolResult &result, const ToolCallOutcome *outcome)
{
    using Verdict = StructuredContentView::Verdict;
    Verdict verdict = Verdict::NotChecked;
    QStringList problems;
    if (outcome) {
        if (!outcome->outputValid)
            verdict = Verdict::NoSchema;
        else if (*outcome->outputValid)
            verdict = Verdict::Matches;
        else
            verdict = Verdict::DoesNotMatch;
        problems = outcome->outputProblems;
    }
    if (result.structuredContent) {
        m_structured->setContent(*result.structuredContent, verdict, problems);
    } else if (verdict == Verdict::DoesNotMatch) {
        // e.g. "declares an output schema but returned no structuredContent"
        m_structured->setVerdictOnly(verdict, problems);
    } else {
        return;
    }
    m_tabs->setTabVisible(StructuredTab, true);
    if (result.content.isEmpty())
        m_tabs->setCurrentIndex(StructuredTab);
}

void ResultView::showRawJson(const QJsonObject &json, const JsonKeyOrder &order)
{
    // Serialising a 20 MB result takes a noticeable fraction of a second: not on this thread.
    m_rawJson.run([json, order]() -> QString { return QString::fromUtf8(JsonWriter::toIndentedJson(json, order)) + u'\n'; },
                  [this](const QString &text) {
                      m_raw->setText(text, u"application/json"_s);
                      emit rawJsonReady();
                  });
}

void ResultView::showStatus(const QString &text)
{
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
}

} // namespace Toolgate

#include "moc_resultview.cpp"
