#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringView>

#include <algorithm>
#include <optional>

namespace Toolgate {

/// The most items Toolgate keeps of one list (tools, resources, templates, prompts), all pages
/// together. The page count alone bounds nothing: a server can put 20,000 tools on every page.
inline constexpr qsizetype maxListItems = 10'000;

/// One page of a paginated list result (tools/list, resources/list, prompts/list, ...).
/// T needs static T fromJson(const QJsonObject &) and, for toJson, QJsonObject T::toJson() const.
template<class T>
struct Page
{
    QList<T> items;
    // Opaque. An empty string is a real cursor that must be sent back; only absence ends the list.
    std::optional<QString> nextCursor;
    QJsonObject meta; // _meta
    qsizetype skipped = 0; // items beyond fromJson's maxItems, not read

    bool hasMore() const { return nextCursor.has_value(); }

    /// key names the array: "tools", "resources", "resourceTemplates" or "prompts". Reads at most
    /// maxItems items (all when negative) and counts the rest in skipped.
    static Page fromJson(const QJsonObject &json, QStringView key, qsizetype maxItems = -1)
    {
        Page page;
        const QJsonArray array = json.value(key).toArray();
        const qsizetype wanted = maxItems < 0 ? array.size() : std::min(array.size(), maxItems);
        page.items.reserve(wanted);
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (page.items.size() == wanted) {
                page.skipped = array.size() - i;
                break;
            }
            const QJsonValue v = array.at(i);
            if (v.isObject())
                page.items.append(T::fromJson(v.toObject()));
        }
        // A non-string cursor cannot be sent back, so it ends the listing like an absent one.
        const QJsonValue cursor = json.value(QStringView(u"nextCursor"));
        if (cursor.isString())
            page.nextCursor = cursor.toString();
        page.meta = json.value(QStringView(u"_meta")).toObject();
        return page;
    }

    QJsonObject toJson(QStringView key) const
    {
        QJsonObject json;
        QJsonArray array;
        for (const T &item : items)
            array.append(item.toJson());
        json.insert(key, array);
        if (nextCursor)
            json.insert(QStringView(u"nextCursor"), *nextCursor);
        if (!meta.isEmpty())
            json.insert(QStringView(u"_meta"), meta);
        return json;
    }
};

} // namespace Toolgate
