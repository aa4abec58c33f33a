#include "ui/serverfeatures/skillsview.h"

#include "core/common/displaytext.h"
#include "core/workspace/serverconnection.h"
#include "ui/viewers/messagebanner.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

/// The entry's SKILL.md digest as listed, or empty.
QString skillMdDigest(const SkillEntry &entry)
{
    const std::optional<SkillFile> file = entry.file(entry.uri);
    return file ? file->digest : QString();
}

/// The confirmation of handing a verified skill to the chat: what the model will get, exactly, and
/// where it comes from. Cancel is the default: nothing is added without a deliberate click.
QDialog *useSkillConfirmation(const SkillInstructions &skill, QWidget *parent)
{
    auto *dialog = new QDialog(parent);
    dialog->setObjectName(QStringLiteral("useSkillConfirmation"));
    dialog->setWindowTitle(SkillsView::tr("Use Skill in Chat"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto *intro = new QLabel(SkillsView::tr("The model of the current chat conversation will get the text below as instructions, "
                                            "with every message that follows. Use a skill only from a server you trust: "
                                            "the model may do what it says."),
                             dialog);
    intro->setWordWrap(true);
    auto *facts = new QFormLayout;
    const auto fact = [dialog, facts](const QString &label, const QString &value, const QString &name) {
        auto *field = new QLabel(DisplayText::visibleLine(value), dialog);
        field->setObjectName(name);
        field->setTextFormat(Qt::PlainText);
        field->setTextInteractionFlags(Qt::TextSelectableByMouse);
        field->setWordWrap(true);
        facts->addRow(label, field);
    };
    fact(SkillsView::tr("Server:"), skill.server().name, QStringLiteral("useSkillServer"));
    fact(SkillsView::tr("Skill:"), skill.name(), QStringLiteral("useSkillName"));
    fact(SkillsView::tr("URI:"), skill.uri(), QStringLiteral("useSkillUri"));
    fact(SkillsView::tr("SHA-256 digest:"), skill.digest(), QStringLiteral("useSkillDigest"));
    fact(SkillsView::tr("Size:"), DisplayText::dataSize(skill.size()), QStringLiteral("useSkillSize"));
    auto *text = new QPlainTextEdit(dialog);
    text->setObjectName(QStringLiteral("useSkillText"));
    text->setReadOnly(true);
    text->setAccessibleName(SkillsView::tr("Instructions the model will get"));
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text->setPlainText(DisplayText::visible(skill.text()));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, dialog);
    QPushButton *use = buttons->addButton(SkillsView::tr("Use in Chat"), QDialogButtonBox::AcceptRole);
    use->setObjectName(QStringLiteral("confirmUseSkill"));
    use->setAutoDefault(false);
    buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(intro);
    layout->addLayout(facts);
    layout->addWidget(text, 1);
    layout->addWidget(buttons);
    dialog->resize(720, 560);
    return dialog;
}

} // namespace

SkillsView::SkillsView(QWidget *parent)
    : QWidget(parent)
    , m_state(new QLabel(this))
    , m_refresh(new QPushButton(tr("Refresh"), this))
    , m_list(new QTreeWidget(this))
    , m_open(new QPushButton(tr("Open Skill"), this))
    , m_useInChat(new QPushButton(tr("Use in Chat…"), this))
    , m_banner(new MessageBanner(this))
    , m_verified(new QLabel(this))
    , m_text(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("skillsView"));
    m_state->setObjectName(QStringLiteral("skillsState"));
    m_state->setTextFormat(Qt::PlainText);
    m_state->setWordWrap(true);
    m_refresh->setObjectName(QStringLiteral("refreshSkills"));
    m_list->setObjectName(QStringLiteral("skillsList"));
    m_list->setAccessibleName(tr("Skills"));
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setHeaderLabels({tr("Name"), tr("Description"), tr("Size"), tr("SKILL.md digest")});
    m_list->header()->setSectionResizeMode(DescriptionColumn, QHeaderView::Stretch);
    m_list->header()->setStretchLastSection(false);
    m_open->setObjectName(QStringLiteral("openSkill"));
    m_open->setEnabled(false);
    m_useInChat->setObjectName(QStringLiteral("useSkillInChat"));
    m_useInChat->setToolTip(tr("Give the verified skill shown to the current chat conversation as instructions"));
    m_useInChat->setEnabled(false);
    m_banner->setObjectName(QStringLiteral("skillBanner"));
    m_banner->hide();
    m_verified->setObjectName(QStringLiteral("skillVerified"));
    m_verified->setTextFormat(Qt::PlainText);
    m_verified->setWordWrap(true);
    m_verified->hide();
    m_text->setObjectName(QStringLiteral("skillText"));
    m_text->setReadOnly(true);
    m_text->setAccessibleName(tr("SKILL.md"));
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setPlaceholderText(tr("Open a skill to fetch its SKILL.md. Nothing is fetched before: the list above "
                                  "comes from the server's listing alone."));

    auto *top = new QHBoxLayout;
    top->addWidget(m_state, 1);
    top->addWidget(m_refresh, 0, Qt::AlignTop);

    auto *listPart = new QWidget(this);
    auto *listLayout = new QVBoxLayout(listPart);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->addWidget(m_list, 1);
    auto *openRow = new QHBoxLayout;
    openRow->addStretch(1);
    openRow->addWidget(m_open);
    openRow->addWidget(m_useInChat);
    listLayout->addLayout(openRow);

    auto *skillPart = new QWidget(this);
    auto *skillLayout = new QVBoxLayout(skillPart);
    skillLayout->setContentsMargins(0, 0, 0, 0);
    skillLayout->addWidget(m_banner);
    skillLayout->addWidget(m_verified);
    skillLayout->addWidget(m_text, 1);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(listPart);
    splitter->addWidget(skillPart);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);

    connect(m_refresh, &QPushButton::clicked, this, &SkillsView::refresh);
    connect(m_open, &QPushButton::clicked, this, &SkillsView::openSelected);
    connect(m_useInChat, &QPushButton::clicked, this, &SkillsView::useShownSkillInChat);
    connect(m_list, &QTreeWidget::itemActivated, this, &SkillsView::openSelected);
    connect(m_list, &QTreeWidget::currentItemChanged, this, [this] { m_open->setEnabled(m_list->currentItem() != nullptr); });
}

SkillsView::~SkillsView() = default;

void SkillsView::setConnection(ServerConnection *connection)
{
    m_connection = connection;
    refresh();
}

QString SkillsView::shownSkill() const
{
    return m_verified->isHidden() ? QString() : m_text->toPlainText();
}

void SkillsView::refresh()
{
    ++m_generation;
    m_skills.clear();
    m_list->clear();
    m_text->clear();
    m_shown.reset();
    m_useInChat->setEnabled(false);
    m_banner->hide();
    m_verified->hide();
    ClientSession *session = m_connection ? m_connection->readySession() : nullptr;
    if (!session) {
        m_catalog.reset();
        m_state->setText(tr("The server is not connected. Start it to see its skills."));
        return;
    }
    if (!SkillCatalog::offeredBy(session)) {
        m_catalog.reset();
        m_state->setText(tr("This server offers no skills."));
        return;
    }
    m_catalog = std::make_unique<SkillCatalog>(session);
    setBusy(tr("Listing the skills…"));
    const quint64 generation = m_generation;
    m_catalog->list(this, [this, generation](const Result<QList<SkillEntry>> &listed) {
        if (generation != m_generation)
            return;
        m_refresh->setEnabled(true);
        if (!listed) {
            m_state->setText(tr("The skills could not be listed: %1").arg(DisplayText::forLabel(listed.error().message)));
            return;
        }
        showListing(listed.value(), m_catalog ? m_catalog->problems() : QStringList());
    });
}

void SkillsView::showListing(const QList<SkillEntry> &skills, const QStringList &problems)
{
    m_skills = skills;
    for (int i = 0; i < skills.size(); ++i) {
        const SkillEntry &entry = skills.at(i);
        auto *item = new QTreeWidgetItem(m_list);
        item->setData(NameColumn, Qt::UserRole, i);
        item->setText(NameColumn, DisplayText::visibleLine(entry.name()));
        item->setToolTip(NameColumn, DisplayText::visibleLine(entry.uri));
        // A folded YAML description ends in a newline: one line in the list, whitespace made plain.
        item->setText(DescriptionColumn, DisplayText::visibleLine(entry.description().simplified()));
        item->setToolTip(DescriptionColumn, DisplayText::forLabel(entry.description()));
        if (!entry.resources) {
            item->setText(SizeColumn, tr("no digests"));
            item->setToolTip(SizeColumn, tr("The server lists no digests for this skill, so it cannot be checked and is not loaded."));
        } else {
            const std::optional<qint64> size = entry.totalSize();
            item->setText(SizeColumn, size ? DisplayText::dataSize(*size) : tr("%n file(s)", nullptr, int(entry.resources->size())));
            item->setToolTip(SizeColumn, tr("%n file(s)", nullptr, int(entry.resources->size())));
        }
        const QString digest = skillMdDigest(entry);
        item->setText(DigestColumn, digest.size() > 19 ? DisplayText::visibleLine(digest.left(19)) + u'…' : DisplayText::visibleLine(digest));
        item->setToolTip(DigestColumn, DisplayText::visibleLine(digest));
    }
    m_list->resizeColumnToContents(NameColumn);
    m_list->resizeColumnToContents(SizeColumn);
    m_list->resizeColumnToContents(DigestColumn);
    QString state = skills.isEmpty() ? tr("The server lists no skills.")
                                     : tr("%n skill(s). Opening one fetches its SKILL.md and checks it against this list "
                                          "(size, digest, frontmatter) before it is shown.", nullptr, int(skills.size()));
    if (!problems.isEmpty())
        state += u' ' + tr("%n entry(s) of the listing could not be read and are left out.", nullptr, int(problems.size()));
    m_state->setText(state);
    if (!skills.isEmpty())
        m_list->setCurrentItem(m_list->topLevelItem(0));
}

void SkillsView::openSelected()
{
    const QTreeWidgetItem *item = m_list->currentItem();
    if (!item || !m_catalog)
        return;
    const int index = item->data(NameColumn, Qt::UserRole).toInt();
    if (index < 0 || index >= m_skills.size())
        return;
    ++m_generation;
    const quint64 generation = m_generation;
    const SkillEntry entry = m_skills.at(index);
    m_text->clear();
    m_shown.reset();
    m_useInChat->setEnabled(false);
    m_banner->hide();
    m_verified->hide();
    setBusy(tr("Fetching and checking %1…").arg(DisplayText::visibleLine(entry.name())));
    m_catalog->open(entry, this, [this, generation, entry](const Result<SkillCatalog::LoadedSkill> &opened) {
        if (generation != m_generation)
            return;
        m_refresh->setEnabled(true);
        m_open->setEnabled(m_list->currentItem() != nullptr);
        if (opened)
            showLoaded(opened.value());
        else
            showFailure(tr("%1 was not loaded.").arg(DisplayText::visibleLine(entry.name())), tr("This skill was not loaded"),
                        opened.error().message);
    });
}

void SkillsView::showLoaded(const SkillCatalog::LoadedSkill &skill)
{
    m_state->setText(tr("%1 is verified.").arg(DisplayText::visibleLine(skill.entry.name())));
    m_verified->setText(tr("Verified against the server's listing: size, SHA-256 digest and frontmatter match. "
                           "Shown as plain text."));
    m_verified->show();
    m_text->setPlainText(DisplayText::visible(skill.skillMd));
    if (m_connection) {
        m_shown.emplace(m_connection->identity(), skill);
        m_useInChat->setEnabled(true);
    }
}

void SkillsView::useShownSkillInChat()
{
    if (!m_shown)
        return;
    QDialog *confirmation = useSkillConfirmation(*m_shown, this);
    // The skill as it was when the dialog opened: what the person saw is what is handed over.
    connect(confirmation, &QDialog::accepted, this, [this, skill = *m_shown] { emit useInChatConfirmed(skill); });
    confirmation->open();
}

void SkillsView::showFailure(const QString &state, const QString &title, const QString &message)
{
    m_state->setText(state);
    m_banner->showMessage(MessageBanner::Kind::Error, title, DisplayText::forLabel(message));
    m_banner->show();
}

void SkillsView::setBusy(const QString &state)
{
    m_state->setText(state);
    m_refresh->setEnabled(false);
    m_open->setEnabled(false);
}

} // namespace Toolgate

#include "moc_skillsview.cpp"
