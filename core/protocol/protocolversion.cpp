#include "core/protocol/protocolversion.h"

using namespace Qt::StringLiterals;

namespace Toolgate::ProtocolVersion {

namespace {
constexpr auto v2025_03_26 = u"2025-03-26";
constexpr auto v2025_06_18 = u"2025-06-18";
constexpr auto v2025_11_25 = u"2025-11-25";

bool atLeast(QAnyStringView version, QAnyStringView minimum)
{
    return compare(version, minimum) >= 0;
}
} // namespace

QStringList supportedLegacy()
{
    return {u"2025-11-25"_s, u"2025-06-18"_s, u"2025-03-26"_s, u"2024-11-05"_s};
}

bool isSupportedLegacy(QAnyStringView version)
{
    const QStringList all = supportedLegacy();
    for (const QString &v : all) {
        if (QAnyStringView::equal(v, version))
            return true;
    }
    return false;
}

QStringList supportedModern()
{
    return {QString(modern)};
}

bool isSupportedModern(QAnyStringView version)
{
    return QAnyStringView::equal(modern, version);
}

bool isModern(QAnyStringView version)
{
    return atLeast(version, modern);
}

int compare(QAnyStringView a, QAnyStringView b)
{
    // Plain code-unit comparison: locale-aware collation could reorder digits and dashes.
    const int c = QAnyStringView::compare(a, b, Qt::CaseSensitive);
    return (c > 0) - (c < 0);
}

bool supportsAudio(QAnyStringView version) { return atLeast(version, v2025_03_26); }
bool supportsToolAnnotations(QAnyStringView version) { return atLeast(version, v2025_03_26); }
bool supportsStructuredContent(QAnyStringView version) { return atLeast(version, v2025_06_18); }
bool supportsElicitation(QAnyStringView version) { return atLeast(version, v2025_06_18); }
bool supportsResourceLinks(QAnyStringView version) { return atLeast(version, v2025_06_18); }
bool supportsTitle(QAnyStringView version) { return atLeast(version, v2025_06_18); }
bool supportsIcons(QAnyStringView version) { return atLeast(version, v2025_11_25); }
bool supportsUrlElicitationCompletion(QAnyStringView version)
{
    return atLeast(version, v2025_11_25) && !isModern(version);
}

} // namespace Toolgate::ProtocolVersion
