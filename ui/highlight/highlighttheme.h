#pragma once

#include <QPalette>
#include <QTextCharFormat>

#include <array>

namespace Toolgate {

/// The roles a highlighting rule can give a piece of text.
enum class HighlightStyle {
    Keyword,
    Type,
    Builtin,
    Function,
    String,
    Number,
    Constant,
    Comment,
    Key,
    Punctuation,
    Operator,
    Tag,
    Attribute,
    Preprocessor,
    Variable,
    Heading,
    Strong,
    Emphasis,
    Code,
    Link,
    Count
};

/// Character formats for each HighlightStyle, chosen to be readable on the given palette.
class HighlightTheme final
{
public:
    /// Builds the theme for palette: a light or dark colour set picked by the Base colour's
    /// lightness, with muted roles (comments, punctuation) mixed from Text and Base.
    static HighlightTheme fromPalette(const QPalette &palette);

    /// The format for style.
    const QTextCharFormat &format(HighlightStyle style) const { return m_formats[std::size_t(style)]; }
    /// Whether the theme was made for a dark background.
    bool isDark() const { return m_dark; }

private:
    std::array<QTextCharFormat, std::size_t(HighlightStyle::Count)> m_formats;
    bool m_dark = false;
};

} // namespace Toolgate
